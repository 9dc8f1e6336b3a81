internal import CLibical
import Foundation
import InvitesModel

/// The VEVENTs of one invitation as the organizer last sent each of them: the master from the
/// message that carried the series, each instance from the message that carried that instance.
///
/// Every answer, every calendar copy and every reply starts from these, so that a message about
/// one instance never stands in for the series, nor the series for an instance sent on its own.
package final class InvitationComponents {
    /// One VEVENT of the invitation: the master (`key == nil`) or an instance.
    struct Part {
        var key: String?
        var event: ICalComponent
    }

    let uid: String
    /// The master first (when there is one), then the instances in the order of their keys.
    private(set) var parts: [Part] = []
    /// Every VTIMEZONE the messages carried, by TZID.
    private(set) var zones: [String: ICalComponent] = [:]
    /// The zone the messages' `X-WR-TIMEZONE` names, in which their floating times are read.
    private(set) var floatingZoneName: String?
    let resolver: ZoneResolver
    let display: ICalZone
    /// The organizer's `RANGE=THISANDFUTURE` instances and how many parts they were read from
    /// (``rangeReaching(_:)``): read again only when a part was added since.
    var rangeCache: (parts: Int, ranges: [RangePart])?

    /// Collects the components of an invitation; a push payload becomes one VEVENT made from its
    /// fields.
    init(_ stored: StoredInvite, now: Date, display: DisplayZone) {
        uid = stored.invite.uid
        resolver = ZoneResolver(display: display)
        self.display = resolver.display
        if stored.invite.source == .push {
            parts = [Part(key: nil, event: InvitationComponents.pushEvent(stored.invite, now: now))]
            return
        }
        var parsed: [Data: [ICalComponent]] = [:]
        // The messages that are a METHOD:ADD: their instances are times the rule does not give.
        var addedFrom = Set<Data>()
        func events(in data: Data) -> [ICalComponent] {
            if let known = parsed[data] { return known }
            let calendars =
                data.withUnsafeBytes { ICalComponent.parse($0) }?.selfOrChildren(ICAL_VCALENDAR_COMPONENT) ?? []
            for calendar in calendars {
                for zone in calendar.children(ICAL_VTIMEZONE_COMPONENT) {
                    resolver.register(zone)
                    if let tzid = zone.text(ICAL_TZID_PROPERTY), zones[tzid] == nil { zones[tzid] = zone.cloned() }
                }
            }
            // Floating times are read as ingest read them: in the zone X-WR-TIMEZONE names.
            if floatingZoneName == nil, let named = ICalDocument.floatingZoneName(calendars),
                resolver.floatingZoneProblem(named) == nil
            {
                floatingZoneName = named
            }
            var found: [ICalComponent] = []
            for calendar in calendars {
                let add = calendar.text(ICAL_METHOD_PROPERTY)?.uppercased() == "ADD"
                for event in calendar.scheduled() where event.text(ICAL_UID_PROPERTY) == stored.invite.uid {
                    if add, event.firstProperty(ICAL_RECURRENCEID_PROPERTY) == nil {
                        InvitationComponents.nameAdded(event)
                        addedFrom.insert(data)
                    }
                    found.append(event)
                }
            }
            parsed[data] = found
            return found
        }
        // Each message's VEVENTs by their key, made once: a series of 10,000 instances would
        // otherwise compute every key again for each instance (minutes for `show`).
        var keyed: [Data: [String: ICalComponent]] = [:]
        func byKey(_ data: Data) -> [String: ICalComponent] {
            if let known = keyed[data] { return known }
            var found: [String: ICalComponent] = [:]
            for event in events(in: data) {
                if let key = key(of: event), found[key] == nil { found[key] = event }
            }
            keyed[data] = found
            return found
        }
        let lead = events(in: stored.invite.raw)
        if stored.invite.recurrenceID == nil,
            let master = lead.first(where: { $0.firstProperty(ICAL_RECURRENCEID_PROPERTY) == nil })
        {
            parts.append(Part(key: nil, event: InvitationComponents.clean(master)))
        }
        var added: [ICalComponent] = []
        for instance in stored.instances {
            guard let organizer = instance.organizer else { continue }
            let fromMessage = instance.message.flatMap { byKey($0)[instance.recurrenceID] }
            let sent = fromMessage ?? byKey(stored.invite.raw)[instance.recurrenceID]
            guard let event = sent.map(InvitationComponents.clean) ?? generated(at: instance.recurrenceID) else {
                continue
            }
            if organizer.cancelled {
                event.removeProperties(ICAL_STATUS_PROPERTY)
                event.add(icalproperty_new_status(ICAL_STATUS_CANCELLED))
                event.removeProperties(ICAL_SEQUENCE_PROPERTY)
                event.add(icalproperty_new_sequence(Int32(clamping: organizer.sequence)))
                if organizer.thisAndFuture { InvitationComponents.markRange(event) }
            }
            parts.append(Part(key: instance.recurrenceID, event: event))
            if let message = instance.message ?? (fromMessage == nil ? stored.invite.raw : nil),
                addedFrom.contains(message)
            {
                added.append(event)
            }
        }
        // Each added instance is a date of the series: an RDATE on the master, as RFC 5545 writes
        // an occurrence its rule does not give, so that the calendar's other readers (khal,
        // vdirsyncer's servers) and the expansion here find it, with the instance as its override.
        if let master {
            for event in added {
                guard let start = event.firstProperty(ICAL_RECURRENCEID_PROPERTY) else { continue }
                var period = icaldatetimeperiodtype()
                period.time = icalproperty_get_recurrenceid(start.raw)
                period.period = icalperiodtype_null_period()
                let rdate = icalproperty_new_rdate(period)
                if let tzid = start.tzid { icalproperty_add_parameter(rdate, icalparameter_new_tzid(tzid)) }
                master.add(rdate)
            }
        }
    }

    /// Gives an ADD's VEVENT the RECURRENCE-ID its DTSTART names, as the override of the date
    /// it adds: the RFC gives an ADD none, but the instance is one of the series from now on,
    /// and a reply to it, or its copy in your calendar, names it so.
    private static func nameAdded(_ event: ICalComponent) {
        guard let start = event.firstProperty(ICAL_DTSTART_PROPERTY) else { return }
        let recurrenceID = icalproperty_new_recurrenceid(icalproperty_get_dtstart(start.raw))
        if let tzid = start.tzid { icalproperty_add_parameter(recurrenceID, icalparameter_new_tzid(tzid)) }
        event.add(recurrenceID)
    }

    var master: ICalComponent? { parts.first { $0.key == nil }?.event }

    /// The component for a key: the organizer's, else one made from the master for an instance
    /// the organizer never sent on its own; `nil` when there is neither.
    func part(_ key: String?) -> ICalComponent? {
        if let found = parts.first(where: { $0.key == key }) { return found.event }
        guard let key else { return nil }
        return generated(at: key)
    }

    /// The inbox's key of a VEVENT's RECURRENCE-ID.
    func key(of event: ICalComponent) -> String? {
        ICalDocument.recurrenceID(of: event, resolver: resolver)
    }

    /// The zones the given components use, serialised for the calendar, without control
    /// characters but in their TZIDs (which the events name them by).
    func zones(for events: [ICalComponent]) -> [CalendarEntry.Zone] {
        let used = events.reduce(into: Set<String>()) { $0.formUnion($1.tzidsUsed) }
        return used.sorted().compactMap { tzid in
            zones[tzid].map {
                let zone = $0.cloned()
                zone.dropControls(keepingIdentity: true)
                return CalendarEntry.Zone(tzid: tzid, text: zone.serialized)
            }
        }
    }

    /// The whole invitation as one iCalendar object, for expanding its occurrences: a task's
    /// VTODOs as the VEVENTs their times read as (``ICalComponent/asEvent()``).
    var document: Data {
        let calendar = ICalComponent.make(ICAL_VCALENDAR_COMPONENT)
        calendar.add(icalproperty_new_version("2.0"))
        if let floatingZoneName {
            let property = icalproperty_new_x(floatingZoneName)
            icalproperty_set_x_name(property, "X-WR-TIMEZONE")
            calendar.add(property)
        }
        for zone in zones.keys.sorted() { if let zone = zones[zone] { calendar.add(child: zone) } }
        for part in parts { calendar.add(child: part.event.asEvent()) }
        return Data(calendar.serialized.utf8)
    }

    /// An instance the organizer did not send on its own, made from the master the way
    /// Thunderbird makes one: the master's properties, without its rule, at the instance's time.
    private func generated(at key: String) -> ICalComponent? {
        guard let master, let original = RecurrenceKey.instant(of: key),
            let startProperty = master.firstProperty(ICAL_DTSTART_PROPERTY),
            let series = ICalEvent(master.asEvent(), resolver: resolver, line: 0, warn: { _ in })
        else { return nil }
        // An occurrence a range of the organizer's reaches is made from that range, moved as it
        // moves them (RFC 5545 §3.8.4.4), not from the master it no longer looks like.
        let range = series.start.isDate ? nil : rangeReaching(Int(original.timeIntervalSince1970.rounded(.down)))
        let event = (range?.event ?? master).cloned()
        for kind in [
            ICAL_RRULE_PROPERTY, ICAL_RDATE_PROPERTY, ICAL_EXDATE_PROPERTY, ICAL_EXRULE_PROPERTY,
            ICAL_RECURRENCEID_PROPERTY, ICAL_DTSTART_PROPERTY, ICAL_DTEND_PROPERTY, ICAL_DUE_PROPERTY,
        ] {
            event.removeProperties(kind)
        }
        let tzid = startProperty.tzid
        let start: icaltimetype
        if series.start.isDate {
            guard let date = LocalDate(iso: key) else { return nil }
            start = ICalComponent.date(date)
        } else {
            let seconds = time_t(original.timeIntervalSince1970.rounded(.down))
            // The wall time in the series' zone, marked with it so that libical writes no `Z` (but for UTC).
            var time = (series.start.zone ?? display).wallTime(at: Int(seconds))
            time.zone = series.start.zone?.base
            start = time
        }
        let startValue = ICalTimeValue(time: start, zone: series.start.isDate ? nil : series.start.zone)
        var length = ICalEvent.placeLength(series.length, from: startValue, display: display)
        var moved = start
        if let range {
            length = range.length
            let seconds = Int(original.timeIntervalSince1970.rounded(.down))
            let (shifted, overflow) = seconds.addingReportingOverflow(range.shift)
            moved = (series.start.zone ?? display).wallTime(at: overflow ? seconds : shifted)
            moved.zone = series.start.zone?.base
        }
        let dtstart = icalproperty_new_dtstart(moved)
        let recurrenceID = icalproperty_new_recurrenceid(start)
        if let tzid, series.start.zone?.isUTC != true, !series.start.isDate {
            icalproperty_add_parameter(dtstart, icalparameter_new_tzid(tzid))
            icalproperty_add_parameter(recurrenceID, icalparameter_new_tzid(tzid))
        }
        event.add(dtstart)
        event.add(recurrenceID)
        if range != nil { event.removeProperties(ICAL_DURATION_PROPERTY) }
        // A task's instance is due as long after its start as the series' first (DUE, RFC 5545
        // §3.8.2.3); one without DUE gets none.
        let task = master.isTask
        if event.firstProperty(ICAL_DURATION_PROPERTY) == nil, !task || master.firstProperty(ICAL_DUE_PROPERTY) != nil {
            var end = start
            if series.start.isDate {
                icaltime_adjust(&end, Int32(clamping: max(1, length / 86_400)), 0, 0, 0)
            } else {
                let begin = Int(original.timeIntervalSince1970.rounded(.down))
                let (from, shiftOverflow) = begin.addingReportingOverflow(range?.shift ?? 0)
                let (seconds, overflow) = (shiftOverflow ? begin : from).addingReportingOverflow(length)
                end = (series.start.zone ?? display).wallTime(at: overflow ? Int(Int32.max) : seconds)
                end.zone = series.start.zone?.base
            }
            let dtend = task ? icalproperty_new_due(end) : icalproperty_new_dtend(end)
            if let tzid, series.start.zone?.isUTC != true, !series.start.isDate {
                icalproperty_add_parameter(dtend, icalparameter_new_tzid(tzid))
            }
            event.add(dtend)
        }
        return event
    }

    private static func clean(_ event: ICalComponent) -> ICalComponent {
        let copy = event.cloned()
        copy.removeParseErrors()
        return copy
    }

    /// A VEVENT made from a push payload's fields; its UID comes from the sender's id.
    private static func pushEvent(_ invite: Invite, now: Date) -> ICalComponent {
        let event = ICalComponent.make(ICAL_VEVENT_COMPONENT)
        event.add(ICalComponent.text(ICAL_UID_PROPERTY, invite.uid))
        event.add(icalproperty_new_dtstamp(ICalComponent.utcTime(now)))
        if let dates = invite.dates {
            event.add(icalproperty_new_dtstart(ICalComponent.date(dates.first)))
            event.add(icalproperty_new_dtend(ICalComponent.date(dates.endExclusive)))
        } else {
            event.add(icalproperty_new_dtstart(ICalComponent.utcTime(invite.start)))
            event.add(icalproperty_new_dtend(ICalComponent.utcTime(invite.end)))
        }
        event.add(ICalComponent.text(ICAL_SUMMARY_PROPERTY, invite.title))
        if let location = invite.location { event.add(ICalComponent.text(ICAL_LOCATION_PROPERTY, location)) }
        if let description = invite.description {
            event.add(ICalComponent.text(ICAL_DESCRIPTION_PROPERTY, description))
        }
        if let organizer = invite.organizer, let email = organizer.email {
            event.add(ICalComponent.person(ICAL_ORGANIZER_PROPERTY, address: email, name: organizer.name))
        }
        event.add(icalproperty_new_sequence(Int32(clamping: invite.sequence)))
        return event
    }
}

extension InvitationComponents {
    /// An override VEVENT for one occurrence of a series kept in a calendar item, made from the
    /// item's master as ``part(_:)`` makes one, with your PARTSTAT (and COMMENT) on it: what an
    /// attendee adds to a scheduling server's copy to answer one occurrence (RFC 6638 §3.2.2.1).
    package static func instance(
        of uid: String, in item: Data, at key: String, partstat: String, me: MyAddresses, comment: String?,
        display: DisplayZone
    ) -> String? {
        let invite = Invite(uid: uid, title: "", start: Date(), end: Date(), source: .calendar, raw: item)
        let stored = StoredInvite(handle: "", invite: invite, status: .pending, receivedAt: Date(), updatedAt: Date())
        let parts = InvitationComponents(stored, now: Date(), display: display)
        guard let event = parts.part(key) else { return nil }
        ITIPComposer.setPartstat(partstat, on: event, me: me, keepRSVP: true)
        if let comment, !comment.isEmpty { event.add(ICalComponent.text(ICAL_COMMENT_PROPERTY, comment)) }
        event.dropControls(keepingIdentity: true)
        return event.serialized
    }
}
