internal import CLibical
import Foundation
import InvitesModel

extension ITIPComposer {
    /// The iTIP COUNTER (RFC 5546 §3.2.7) that proposes a new time for the invitation, or for
    /// one occurrence of it (`key`): the organizer's VEVENT as they last sent it, with the new
    /// DTSTART and DTEND (UTC times, or dates for an all-day invitation), a fresh DTSTAMP, the
    /// organizer's SEQUENCE (the version countered), exactly one ATTENDEE — you (or the one you
    /// answer for, SENT-BY you), at the PARTSTAT you stand at — and your COMMENT. A series keeps its RRULE; its RDATEs and EXDATEs, times
    /// of the old schedule, are left out. `nil` when the invitation has no such component.
    package static func counter(
        for stored: StoredInvite, key: String?, start: Date, end: Date, dates: Occurrence.AllDayDates?, me: String,
        name: String?, sentBy: String? = nil, partstat: String, comment: String?, now: Date, display: DisplayZone
    ) -> String? {
        let parts = InvitationComponents(stored, now: now, display: display)
        guard let original = parts.part(key) ?? (key == nil ? parts.parts.first?.event : nil) else { return nil }
        let event = original.cloned()
        var removed: [icalproperty_kind] = [
            ICAL_DTSTART_PROPERTY, ICAL_DTEND_PROPERTY, ICAL_DURATION_PROPERTY, ICAL_DTSTAMP_PROPERTY,
            ICAL_ATTENDEE_PROPERTY, ICAL_COMMENT_PROPERTY, ICAL_RDATE_PROPERTY, ICAL_EXDATE_PROPERTY,
        ]
        if key != nil { removed.append(ICAL_RRULE_PROPERTY) }
        for kind in removed { event.removeProperties(kind) }
        event.removeChildren(ICAL_VALARM_COMPONENT)
        if let dates {
            event.add(icalproperty_new_dtstart(ICalComponent.date(dates.first)))
            event.add(icalproperty_new_dtend(ICalComponent.date(dates.endExclusive)))
        } else {
            event.add(icalproperty_new_dtstart(ICalComponent.utcTime(start)))
            event.add(icalproperty_new_dtend(ICalComponent.utcTime(end)))
        }
        event.add(icalproperty_new_dtstamp(ICalComponent.utcTime(now)))
        if event.firstProperty(ICAL_SEQUENCE_PROPERTY) == nil {
            let sequence = key.flatMap { stored.instance($0)?.organizer?.sequence } ?? stored.invite.sequence
            event.add(icalproperty_new_sequence(Int32(clamping: sequence)))
        }
        let listed = original.properties(ICAL_ATTENDEE_PROPERTY).first { MyAddresses([me]).contains($0.value ?? "") }
        if let attendee = ICalComponent.person(
            ICAL_ATTENDEE_PROPERTY, address: me, name: name ?? listed?.parameter(ICAL_CN_PARAMETER))
        {
            icalproperty_set_parameter(attendee, icalparameter_new_partstat(partstatKind(partstat)))
            sign(attendee, sentBy: sentBy)
            event.add(attendee)
        }
        if let comment, !comment.isEmpty { event.add(ICalComponent.text(ICAL_COMMENT_PROPERTY, comment)) }
        return message(ICAL_METHOD_COUNTER, events: [event], parts: parts)
    }
}
