internal import CLibical
import Foundation
import InvitesModel

/// The parts of one VEVENT that decide where its instances fall and whether they make you busy.
///
/// Built once per VEVENT from libical's parse; every TZID is already resolved, so expansion
/// never looks a zone up again.
package struct ICalEvent {
    /// How an instance's end is derived from its start.
    enum Length {
        /// An exact number of seconds (DTEND − DTSTART, RFC 5545 §3.8.5.3).
        case exact(Int)
        /// A DURATION: weeks and days are nominal (added on the wall clock), the rest exact.
        case nominal(days: Int, seconds: Int)
    }

    struct RecurrenceDate {
        var start: ICalTimeValue
        var end: ICalTimeValue?
        var duration: ICalDuration?
    }

    package var uid: String
    var title: String
    var start: ICalTimeValue
    var length: Length
    var rules: [icalrecurrencetype]
    var rdates: [RecurrenceDate]
    var exdates: [ICalTimeValue]
    var recurrenceID: ICalTimeValue?
    var thisAndFuture: Bool
    var sequence: Int
    var cancelled: Bool
    var transparent: Bool
    var attendees: [(address: String, partstat: icalparameter_partstat)]
    /// The line of the file the VEVENT starts on, for warnings.
    var line: Int
    /// Whether DTSTART or DTEND already gave the warning for a zone whose VTIMEZONE and system
    /// data disagree, so that its instances do not repeat it.
    var zoneWarned: Bool

    var recurs: Bool { !rules.isEmpty || !rdates.isEmpty }

    /// Parses one VEVENT block of a file; `nil` (with a warning) when libical cannot read it.
    package static func parse(
        _ bytes: UnsafeRawBufferPointer, resolver: ZoneResolver, line: Int, warn: @escaping (String) -> Void
    ) -> ICalEvent? {
        guard let component = ICalComponent.parse(bytes),
            let vevent = component.selfOrChildren(ICAL_VEVENT_COMPONENT).first
        else {
            warn("VEVENT cannot be read, skipped")
            return nil
        }
        return ICalEvent(vevent, resolver: resolver, line: line, warn: warn)
    }

    /// Reads a parsed VEVENT; `nil` (with a warning) when it has no usable DTSTART.
    init?(
        _ component: ICalComponent, resolver: ZoneResolver, line: Int, warn: @escaping (String) -> Void
    ) {
        let unknown: (String) -> Void = { warn("unknown time zone \"\($0)\", taken as floating") }
        guard let dtstartProperty = component.firstProperty(ICAL_DTSTART_PROPERTY),
            let start = ICalTimeValue(dtstartProperty, resolver: resolver, unknownZone: unknown)
        else {
            warn("VEVENT has no valid DTSTART, skipped")
            return nil
        }
        self.line = line
        self.uid = component.text(ICAL_UID_PROPERTY) ?? ""
        self.title = component.text(ICAL_SUMMARY_PROPERTY) ?? ""
        self.start = start
        self.sequence =
            component.firstProperty(ICAL_SEQUENCE_PROPERTY).map {
                Int(icalproperty_get_sequence($0.raw))
            } ?? 0
        self.cancelled = icalcomponent_get_status(component.raw) == ICAL_STATUS_CANCELLED
        self.transparent =
            component.firstProperty(ICAL_TRANSP_PROPERTY).map {
                let transp = icalproperty_get_transp($0.raw)
                return transp == ICAL_TRANSP_TRANSPARENT || transp == ICAL_TRANSP_TRANSPARENTNOCONFLICT
            } ?? false

        let end = component.firstProperty(ICAL_DTEND_PROPERTY).flatMap {
            ICalTimeValue($0, resolver: resolver, unknownZone: unknown)
        }
        let duration = component.firstProperty(ICAL_DURATION_PROPERTY).flatMap { property -> ICalDuration? in
            guard let duration = ICalDuration(icalproperty_get_duration(property.raw)) else {
                warn("DURATION is longer than \(ICalDuration.bound), ignored")
                return nil
            }
            return duration
        }
        self.length = ICalEvent.length(start: start, end: end, duration: duration, display: resolver.display)
        if let end, end.instant(display: resolver.display) < start.instant(display: resolver.display) {
            warn("DTEND is before DTSTART: the event is taken to span the time between them")
        }
        let checked = [start] + (end.map { [$0] } ?? [])
        self.zoneWarned = false
        for value in checked where !value.isDate {
            if let message = ICalEvent.disagreement(value, display: resolver.display) {
                warn(message)
                self.zoneWarned = true
                break
            }
        }

        self.rules = component.properties(ICAL_RRULE_PROPERTY).compactMap { property in
            var rule = icalproperty_get_rrule(property.raw)
            guard rule.freq != ICAL_NO_RECURRENCE else { return nil }
            // The copy's RSCALE points into the component, which is freed before expansion, so
            // it never stays set. RSCALE=GREGORIAN (RFC 7529) is the calendar RFC 5545 uses
            // anyway; any other needs ICU, which libical here may not have.
            if let rscale = rule.rscale {
                let name = String(cString: rscale).uppercased()
                rule.rscale = nil
                guard name == "GREGORIAN" else {
                    warn("RRULE with RSCALE=\(name) is not supported, only DTSTART is used")
                    return nil
                }
            }
            return start.isDate ? DayRule.normalised(rule) : rule
        }
        self.rdates = component.properties(ICAL_RDATE_PROPERTY).compactMap { property in
            ICalEvent.recurrenceDate(property, resolver: resolver, zone: start.zone, unknown: unknown, warn: warn)
        }
        self.exdates = component.properties(ICAL_EXDATE_PROPERTY).compactMap {
            ICalTimeValue($0, resolver: resolver, unknownZone: unknown)?.adopting(start.zone)
        }
        if let property = component.firstProperty(ICAL_RECURRENCEID_PROPERTY) {
            self.recurrenceID = ICalTimeValue(property, resolver: resolver, unknownZone: unknown)?
                .adopting(start.zone)
            self.thisAndFuture = property.parameter(ICAL_RANGE_PARAMETER)?.uppercased() == "THISANDFUTURE"
        } else {
            self.recurrenceID = nil
            self.thisAndFuture = false
        }
        self.attendees = component.properties(ICAL_ATTENDEE_PROPERTY).compactMap { property in
            guard let address = property.value else { return nil }
            let partstat =
                icalproperty_get_first_parameter(property.raw, ICAL_PARTSTAT_PARAMETER).map {
                    icalparameter_get_partstat($0)
                } ?? ICAL_PARTSTAT_NEEDSACTION
            return (address, partstat)
        }
    }

    /// The length DTEND or DURATION gives; negative when DTEND is before DTSTART.
    ///
    /// DTSTART decides what the event is (RFC 5545 §3.8.2.2 wants DTEND of its type): a DATE
    /// DTSTART makes an all-day event, through the date a DATE-TIME DTEND falls on when DTEND is
    /// later than that date's midnight, so that no stretch it names is cut off; a DATE-TIME
    /// DTSTART makes a timed event that a DATE DTEND ends at the midnight of that date, in the
    /// DTSTART's zone. A DTEND before DTSTART (an exporter that swapped them) spans the time
    /// between the two, as recurring-ical-events reads it since its users met such files.
    private static func length(
        start: ICalTimeValue, end: ICalTimeValue?, duration: ICalDuration?, display: ICalZone
    ) -> Length {
        // RFC 5545 forbids DTEND beside DURATION; when both are there DTEND wins, as in libical.
        if end == nil, let duration {
            if start.isDate {
                return .nominal(days: max(duration.days, 1), seconds: 0)
            }
            return .nominal(days: max(duration.days, 0), seconds: max(duration.seconds, 0))
        }
        guard let end else {
            return start.isDate ? .nominal(days: 1, seconds: 0) : .exact(0)
        }
        if start.isDate {
            var days = daysBetween(start.date, end.date)
            if !end.isDate, end.time.hour != 0 || end.time.minute != 0 || end.time.second != 0, days >= 0 {
                days += 1
            }
            return .nominal(days: days == 0 ? 1 : days, seconds: 0)
        }
        let endValue = end.isDate ? ICalTimeValue(time: end.time, zone: start.zone) : end
        return .exact(endValue.instant(display: display) - start.instant(display: display))
    }

    /// The warning for a zoned time that falls where the calendar's VTIMEZONE and the system's zone
    /// data disagree (``ICalZone``), naming the TZID and both offsets; `nil` where they agree.
    static func disagreement(_ value: ICalTimeValue, display: ICalZone) -> String? {
        guard let zone = value.zone else { return nil }
        let instant = value.instant(display: display)
        guard let (own, system) = zone.disagreement(at: instant) else { return nil }
        let when = RFC3339.utc(Date(timeIntervalSince1970: Double(instant)))
        return "TZID \(Printable.quoted(zone.tzid ?? "", limit: 60)): the file's VTIMEZONE gives "
            + "\(offsetText(own)) at \(when), the system's zone data \(offsetText(system)); the file's is used"
            + " where its transitions reach: correct its VTIMEZONE if the system is right"
    }

    /// `+02:00`, or `+02:30:17` when the offset has seconds (RFC 5545 §3.3.14).
    private static func offsetText(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let size = abs(seconds)
        func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
        let text = "\(sign)\(two(size / 3_600)):\(two(size / 60 % 60))"
        return size % 60 == 0 ? text : text + ":\(two(size % 60))"
    }

    private static func recurrenceDate(
        _ property: ICalProperty, resolver: ZoneResolver, zone: ICalZone?, unknown: (String) -> Void,
        warn: (String) -> Void
    ) -> RecurrenceDate? {
        let value = icalproperty_get_rdate(property.raw)
        let tzid = property.tzid
        let resolved: ICalZone? = tzid.flatMap { tzid in
            let zone = resolver.zone(for: tzid)
            if zone == nil { unknown(tzid) }
            return zone
        }
        func place(_ time: icaltimetype) -> ICalTimeValue? {
            guard icaltime_is_null_time(time) == 0, icaltime_is_valid_time(time) != 0 else { return nil }
            if time.is_date != 0 { return ICalTimeValue(time: time, zone: nil) }
            if icaltime_is_utc(time) != 0 { return ICalTimeValue(time: time, zone: .utc) }
            return ICalTimeValue(time: time, zone: resolved ?? zone)
        }
        if let start = place(value.period.start) {
            let end = place(value.period.end)
            var duration: ICalDuration?
            if icaldurationtype_is_null_duration(value.period.duration) == 0 {
                // Like a DURATION too long to be meant: the instance keeps the event's own length.
                duration = ICalDuration(value.period.duration)
                if duration == nil { warn("RDATE period is longer than \(ICalDuration.bound), its length ignored") }
            }
            return RecurrenceDate(start: start, end: end, duration: duration)
        }
        guard let start = place(value.time) else { return nil }
        return RecurrenceDate(start: start, end: nil, duration: nil)
    }

    /// Whole days from one date to another (negative when `to` is earlier).
    static func daysBetween(_ from: LocalDate, _ to: LocalDate) -> Int {
        LocalDate.daysSinceEpoch(year: to.year, month: to.month, day: to.day)
            - LocalDate.daysSinceEpoch(year: from.year, month: from.month, day: from.day)
    }
}
