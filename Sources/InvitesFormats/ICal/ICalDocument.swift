internal import CLibical
import Foundation
import InvitesModel

/// An iCalendar object read whole through libical, reduced to what ingesting an invite needs.
///
/// This is the bridge between libical and the ingest layer: the VEVENTs come out as plain values
/// with every time already turned into an instant (or, for all-day events, dates).
package struct ICalDocument {
    /// One VEVENT or VTODO, as plain values.
    package struct Event {
        package var uid: String
        package var recurrenceID: String?
        package var title: String
        package var start: Date
        package var end: Date
        package var dates: Occurrence.AllDayDates?
        package var tzid: String?
        package var location: String?
        package var description: String?
        package var organizer: Invite.Person?
        /// The ORGANIZER's `SCHEDULE-AGENT` (RFC 6638 §7.1), upper-cased: in an attendee's copy,
        /// `CLIENT` or `NONE` says the server does not send this attendee's replies.
        package var organizerScheduleAgent: String?
        package var attendees: [Invite.Attendee]
        package var sequence: Int?
        package var microsoftSequence: Int?
        package var dtstamp: Date?
        package var recurs: Bool
        package var cancelled: Bool
        /// Its RECURRENCE-ID says `RANGE=THISANDFUTURE`: this occurrence and every later one.
        package var thisAndFuture: Bool
        /// What an invitation keeps of it beyond these fields, read in the same pass.
        package var properties: EventProperties
    }

    package var method: String?
    package var events: [Event]
    /// Properties libical could not read (`X-LIC-ERROR`), worth a warning but not a refusal.
    package var problems: [String]

    /// The longest content line read, unfolded (see ``ICalComponent/longestLine``).
    package static var longestLine: Int { ICalComponent.longestLine }

    /// The number of the first line longer than ``longestLine``, if there is one.
    package static func overlongLine(in bytes: UnsafeRawBufferPointer) -> Int? {
        ICalComponent.overlongLine(in: bytes)
    }

    /// Parses the text; `nil` when it holds no VCALENDAR.
    package static func parse(_ data: Data, display: DisplayZone) -> ICalDocument? {
        let parsed = data.withUnsafeBytes { ICalComponent.parse($0) }
        guard let root = parsed else { return nil }
        let calendars = root.selfOrChildren(ICAL_VCALENDAR_COMPONENT)
        guard !calendars.isEmpty else { return nil }
        let resolver = ZoneResolver(display: display)
        var document = ICalDocument(method: nil, events: [], problems: [])
        for calendar in calendars {
            for zone in calendar.children(ICAL_VTIMEZONE_COMPONENT) { resolver.register(zone) }
        }
        if let named = floatingZoneName(calendars), let problem = resolver.floatingZoneProblem(named) {
            document.problems.append(problem)
        }
        for calendar in calendars {
            if document.method == nil { document.method = calendar.text(ICAL_METHOD_PROPERTY)?.uppercased() }
            for component in calendar.scheduled() {
                // An empty value (Google writes `LOCATION:`) is harmless; anything else was lost.
                for property in component.properties(ICAL_XLICERROR_PROPERTY) {
                    let problem = property.value ?? "unreadable property"
                    if !problem.hasPrefix("No value for") { document.problems.append(problem) }
                }
                startAtRecurrenceID(component)
                // A task's times are read as a meeting's (``ICalComponent/asEvent()``).
                guard
                    let event = ICalEvent(
                        component.asEvent(), resolver: resolver, line: 0, warn: { document.problems.append($0) })
                else { continue }
                document.events.append(summary(of: event, component: component, display: resolver.display))
            }
        }
        return document
    }

    private static func summary(of event: ICalEvent, component: ICalComponent, display: ICalZone) -> Event {
        var startInstant = event.start.instant(display: display)
        var dates: Occurrence.AllDayDates?
        var endInstant: Int
        if event.start.isDate {
            var days = 1
            if case .nominal(let nominal, _) = event.length { days = nominal }
            let placed = ICalEvent.allDay(from: event.start, days: days, display: display)
            (startInstant, endInstant, dates) = (placed.start, placed.end, placed.dates)
        } else {
            let length = ICalEvent.placeLength(event.length, from: event.start, display: display)
            // DTEND before DTSTART: the event spans the time between them (see ICalEvent).
            (startInstant, endInstant) = (
                min(startInstant, startInstant + length), max(startInstant, startInstant + length)
            )
        }
        let organizer = organizer(of: component)
        let attendees = component.properties(ICAL_ATTENDEE_PROPERTY).map { property in
            Invite.Attendee(
                address: address(property.value) ?? "",
                name: property.parameter(ICAL_CN_PARAMETER),
                partstat: property.parameter(ICAL_PARTSTAT_PARAMETER)?.uppercased() ?? "NEEDS-ACTION",
                rsvp: property.parameter(ICAL_RSVP_PARAMETER)?.uppercased() == "TRUE",
                scheduleAgent: property.parameter(ICAL_SCHEDULEAGENT_PARAMETER)?.uppercased())
        }
        let microsoftSequence = component.properties(ICAL_X_PROPERTY).first {
            $0.xName?.uppercased() == "X-MICROSOFT-CDO-APPT-SEQUENCE"
        }.flatMap { $0.value.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } }
        let dtstamp = component.firstProperty(ICAL_DTSTAMP_PROPERTY)?.time.map {
            Date(
                timeIntervalSince1970: Double(ICalTimeValue(time: $0, zone: .utc).instant(display: display))
            )
        }
        let recurrenceID = event.recurrenceID.map { recurrenceIDText($0, display: display) }
        let properties = properties(of: component, start: startInstant, end: max(endInstant, startInstant))
        // A task with no DUE is never over: it waits for an answer until it gets one.
        if let task = properties.task, task.due == nil { endInstant = Int(StorableTime.seconds.upperBound) - 1 }
        return Event(
            uid: event.uid, recurrenceID: recurrenceID, title: event.title,
            start: Date(timeIntervalSince1970: Double(startInstant)),
            end: Date(timeIntervalSince1970: Double(max(endInstant, startInstant))), dates: dates,
            tzid: component.firstProperty(ICAL_DTSTART_PROPERTY)?.tzid,
            location: component.text(ICAL_LOCATION_PROPERTY).flatMap(nonEmpty),
            description: component.text(ICAL_DESCRIPTION_PROPERTY).flatMap(nonEmpty),
            organizer: organizer,
            organizerScheduleAgent: component.firstProperty(ICAL_ORGANIZER_PROPERTY)?.parameter(
                ICAL_SCHEDULEAGENT_PARAMETER)?.uppercased(),
            attendees: attendees,
            sequence: component.firstProperty(ICAL_SEQUENCE_PROPERTY).map { Int(icalproperty_get_sequence($0.raw)) },
            microsoftSequence: microsoftSequence, dtstamp: dtstamp, recurs: event.recurs,
            cancelled: event.cancelled, thisAndFuture: event.recurrenceID != nil && event.thisAndFuture,
            properties: properties)
    }

    /// What an invitation keeps of a component; for a task, with its DUE as an instant: the end
    /// of the times ``ICalComponent/asEvent()`` reads, or their start for a task due without a
    /// DTSTART, or DTSTART and DURATION (RFC 5545 §3.6.2).
    private static func properties(of component: ICalComponent, start: Int, end: Int) -> EventProperties {
        var properties = EventProperties.properties(of: component)
        guard component.isTask, var task = properties.task else { return properties }
        let started = component.firstProperty(ICAL_DTSTART_PROPERTY) != nil
        if component.firstProperty(ICAL_DUE_PROPERTY) != nil
            || (started && component.firstProperty(ICAL_DURATION_PROPERTY) != nil)
        {
            task.due = Date(timeIntervalSince1970: Double(started ? end : start))
        }
        properties.task = task
        return properties
    }

    /// An instance without DTSTART (RFC 5546 §4.4.3 cancels one so) starts where its
    /// RECURRENCE-ID says it did.
    private static func startAtRecurrenceID(_ component: ICalComponent) {
        guard component.firstProperty(ICAL_DTSTART_PROPERTY) == nil,
            let recurrenceID = component.firstProperty(ICAL_RECURRENCEID_PROPERTY), let time = recurrenceID.time
        else { return }
        let start = icalproperty_new_dtstart(time)
        if let tzid = recurrenceID.tzid { icalproperty_add_parameter(start, icalparameter_new_tzid(tzid)) }
        component.add(start)
    }

    /// The zone the first of the VCALENDARs to name one with `X-WR-TIMEZONE` names.
    static func floatingZoneName(_ calendars: [ICalComponent]) -> String? {
        calendars.lazy.compactMap { calendar in
            calendar.properties(ICAL_X_PROPERTY).first { $0.xName?.uppercased() == "X-WR-TIMEZONE" }?.value
        }.first
    }

    /// How an invited instance is named in the inbox: its RECURRENCE-ID as a UTC time, or a date.
    static func recurrenceIDText(_ value: ICalTimeValue, display: ICalZone) -> String {
        value.isDate
            ? value.date.description : RFC3339.utc(Date(timeIntervalSince1970: Double(value.instant(display: display))))
    }

    /// The inbox's name for a VEVENT's RECURRENCE-ID, if it has one.
    static func recurrenceID(of component: ICalComponent, resolver: ZoneResolver) -> String? {
        guard let property = component.firstProperty(ICAL_RECURRENCEID_PROPERTY),
            let value = ICalTimeValue(property, resolver: resolver, unknownZone: { _ in })
        else { return nil }
        let start = component.firstProperty(ICAL_DTSTART_PROPERTY).flatMap {
            ICalTimeValue($0, resolver: resolver, unknownZone: { _ in })
        }
        return recurrenceIDText(value.adopting(start?.zone), display: resolver.display)
    }

    /// `mailto:Ann@Example.org` → `Ann@Example.org`.
    /// The ORGANIZER of a component: its CN and its address.
    static func organizer(of component: ICalComponent) -> Invite.Person? {
        component.firstProperty(ICAL_ORGANIZER_PROPERTY).map { property in
            Invite.Person(
                name: property.parameter(ICAL_CN_PARAMETER), email: address(property.value),
                sentBy: address(property.parameter(ICAL_SENTBY_PARAMETER)))
        }
    }

    /// An ORGANIZER's or ATTENDEE's address as the inbox reads it: trimmed, `mailto:` dropped;
    /// `nil` for none. The invitation prefilter reads the bytes the same way.
    package static func address(_ value: String?) -> String? {
        guard var text = value?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        if text.lowercased().hasPrefix("mailto:") { text = String(text.dropFirst(7)) }
        return text
    }

    private static func nonEmpty(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }
}
