internal import CLibical
import Foundation

/// A VEVENT ready to go into your calendar, with the VTIMEZONEs it needs.
public struct CalendarEntry: Sendable, Hashable {
    public var uid: String
    /// The VEVENT blocks (master and overrides), serialised by libical with CRLF line ends.
    public var events: String
    /// Each VTIMEZONE the events use that the invite carried, by TZID.
    public var timezones: [Zone]

    public struct Zone: Sendable, Hashable {
        public var tzid: String
        public var text: String
    }
}

/// Writes the iCalendar that answering an invite produces: the copy for your calendar and the
/// iTIP REPLY for the organizer (RFC 5546 §3.2.3). Everything goes through libical's API, so
/// every value is escaped and folded; nothing is pasted together as text.
public enum ITIPComposer {
    /// The events for your calendar: the invite's VEVENTs with your ATTENDEE's PARTSTAT set (and
    /// STATUS:CANCELLED when the organizer cancelled), or, for a push payload, a VEVENT made
    /// from its fields.
    public static func calendarEntry(
        for invite: Invite, action: AnswerAction, me: MyAddresses, now: Date, display: DisplayZone
    ) -> CalendarEntry {
        let parts = components(of: invite, now: now, display: display)
        var text = ""
        var used = Set<String>()
        for event in parts.events {
            if let partstat = action.partstat { setPartstat(partstat, on: event, me: me) }
            if action == .cancelled || invite.method == .cancel {
                event.removeProperties(ICAL_STATUS_PROPERTY)
                event.add(icalproperty_new_status(ICAL_STATUS_CANCELLED))
            }
            used.formUnion(event.tzidsUsed)
            text += event.serialized
        }
        let zones = used.sorted().compactMap { tzid in parts.zones[tzid].map { CalendarEntry.Zone(tzid: tzid, text: $0.serialized) } }
        return CalendarEntry(uid: invite.uid, events: text, timezones: zones)
    }

    /// The iTIP REPLY: METHOD:REPLY, exactly one ATTENDEE (you) with PARTSTAT and no RSVP, the
    /// ORGANIZER, the UID, the organizer's SEQUENCE, RECURRENCE-ID when one instance is
    /// answered, a fresh DTSTAMP, COMMENT, and the VTIMEZONEs the event uses.
    public static func reply(
        for invite: Invite, action: AnswerAction, me: String, name: String?, comment: String?, now: Date,
        display: DisplayZone
    ) -> String {
        let parts = components(of: invite, now: now, display: display)
        let calendar = ICalComponent.make(ICAL_VCALENDAR_COMPONENT)
        calendar.add(ICalComponent.text(ICAL_PRODID_PROPERTY, "-//invites//invites \(ProductVersion.current)//EN"))
        calendar.add(icalproperty_new_version("2.0"))
        calendar.add(icalproperty_new_method(ICAL_METHOD_REPLY))
        guard let original = parts.events.first(where: { $0.firstProperty(ICAL_RECURRENCEID_PROPERTY) == nil }) ?? parts.events.first
        else { return calendar.serialized }
        let event = ICalComponent.make(ICAL_VEVENT_COMPONENT)
        let copied: [icalproperty_kind] = [
            ICAL_UID_PROPERTY, ICAL_SEQUENCE_PROPERTY, ICAL_ORGANIZER_PROPERTY, ICAL_RECURRENCEID_PROPERTY,
            ICAL_DTSTART_PROPERTY, ICAL_DTEND_PROPERTY, ICAL_DURATION_PROPERTY, ICAL_SUMMARY_PROPERTY,
        ]
        for kind in copied {
            if let property = original.firstProperty(kind) { event.add(icalproperty_new_clone(property.raw)) }
        }
        if event.firstProperty(ICAL_SEQUENCE_PROPERTY) == nil { event.add(icalproperty_new_sequence(Int32(invite.sequence))) }
        event.add(icalproperty_new_dtstamp(ICalComponent.utcTime(now)))
        let mine = original.properties(ICAL_ATTENDEE_PROPERTY).first { MyAddresses([me]).contains($0.value ?? "") }
        let attendee = ICalComponent.person(ICAL_ATTENDEE_PROPERTY, address: me, name: name ?? mine?.parameter(ICAL_CN_PARAMETER))
        if let attendee, let partstat = action.partstat {
            icalproperty_set_parameter(attendee, icalparameter_new_partstat(partstatKind(partstat)))
        }
        event.add(attendee)
        if let comment, !comment.isEmpty { event.add(ICalComponent.text(ICAL_COMMENT_PROPERTY, comment)) }
        for tzid in event.tzidsUsed.sorted() {
            if let zone = parts.zones[tzid] { calendar.add(child: zone) }
        }
        calendar.add(child: event)
        return calendar.serialized
    }

    /// Whether you are among the invite's attendees.
    public static func isAttendee(_ invite: Invite, me: MyAddresses) -> Bool {
        invite.attendees.contains { me.contains($0.address) }
    }

    // MARK: The invite's components

    private struct Parts {
        var events: [ICalComponent]
        var zones: [String: ICalComponent]
    }

    private static func components(of invite: Invite, now: Date, display: DisplayZone) -> Parts {
        if invite.source != .push, let parsed = invite.raw.withUnsafeBytes({ ICalComponent.parse($0) }) {
            let calendars = parsed.selfOrChildren(ICAL_VCALENDAR_COMPONENT)
            let resolver = ZoneResolver(display: display)
            var zones: [String: ICalComponent] = [:]
            for calendar in calendars {
                for zone in calendar.children(ICAL_VTIMEZONE_COMPONENT) {
                    resolver.register(zone)
                    if let tzid = zone.text(ICAL_TZID_PROPERTY), zones[tzid] == nil { zones[tzid] = zone.cloned() }
                }
            }
            let events = calendars.flatMap { $0.children(ICAL_VEVENT_COMPONENT) }.filter { event in
                guard event.text(ICAL_UID_PROPERTY) == invite.uid else { return false }
                guard let wanted = invite.recurrenceID else { return true }
                return ICalDocument.recurrenceID(of: event, resolver: resolver) == wanted
            }
            if !events.isEmpty {
                let copies = events.map { $0.cloned() }
                copies.forEach { $0.removeParseErrors() }
                return Parts(events: copies, zones: zones)
            }
        }
        return Parts(events: [pushEvent(invite, now: now)], zones: [:])
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
        if let description = invite.description { event.add(ICalComponent.text(ICAL_DESCRIPTION_PROPERTY, description)) }
        if let organizer = invite.organizer, let email = organizer.email {
            event.add(ICalComponent.person(ICAL_ORGANIZER_PROPERTY, address: email, name: organizer.name))
        }
        event.add(icalproperty_new_sequence(Int32(invite.sequence)))
        return event
    }

    /// Sets your ATTENDEE's PARTSTAT and drops its RSVP; adds your ATTENDEE when the invite did
    /// not list you (an invite sent to a list).
    private static func setPartstat(_ partstat: String, on event: ICalComponent, me: MyAddresses) {
        var found = false
        for attendee in event.properties(ICAL_ATTENDEE_PROPERTY) where me.contains(attendee.value ?? "") {
            icalproperty_set_parameter(attendee.raw, icalparameter_new_partstat(partstatKind(partstat)))
            icalproperty_remove_parameter_by_kind(attendee.raw, ICAL_RSVP_PARAMETER)
            found = true
        }
        if !found, let address = me.all.sorted().first,
            let attendee = ICalComponent.person(ICAL_ATTENDEE_PROPERTY, address: address, name: nil)
        {
            icalproperty_set_parameter(attendee, icalparameter_new_partstat(partstatKind(partstat)))
            event.add(attendee)
        }
    }

    private static func partstatKind(_ text: String) -> icalparameter_partstat {
        switch text {
        case "ACCEPTED": return ICAL_PARTSTAT_ACCEPTED
        case "DECLINED": return ICAL_PARTSTAT_DECLINED
        case "TENTATIVE": return ICAL_PARTSTAT_TENTATIVE
        default: return ICAL_PARTSTAT_NEEDSACTION
        }
    }
}

/// The version written into PRODID.
public enum ProductVersion {
    public static let current = "0.1.0"
}
