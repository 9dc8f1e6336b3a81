internal import CLibical
import Foundation
import InvitesModel

extension ITIPComposer {
    /// The iTIP REFRESH (RFC 5546 §3.2.6) that asks the organizer for the invitation as it
    /// stands: METHOD:REFRESH and one VEVENT (a VTODO for a task) with only what the RFC's table allows, the UID and
    /// ORGANIZER of the invitation, your ATTENDEE (the requestor; SENT-BY you when you answer for
    /// them), a fresh DTSTAMP, the
    /// RECURRENCE-ID when it is for one occurrence (`key`; the VTIMEZONE it names goes along) and
    /// your COMMENT. Nothing else of the invitation is copied: the organizer answers with the whole.
    /// `nil` when the invitation has no such component.
    package static func refresh(
        for stored: StoredInvite, key: String?, me: String, name: String?, sentBy: String? = nil, comment: String?,
        now: Date, display: DisplayZone
    ) -> String? {
        let parts = InvitationComponents(stored, now: now, display: display)
        guard let original = parts.part(key) ?? (key == nil ? parts.parts.first?.event : nil) else { return nil }
        // A task is asked for in a VTODO (RFC 5546 §3.4.6).
        let event = ICalComponent.make(original.isTask ? ICAL_VTODO_COMPONENT : ICAL_VEVENT_COMPONENT)
        var copied: [icalproperty_kind] = [ICAL_UID_PROPERTY, ICAL_ORGANIZER_PROPERTY]
        if key != nil { copied.append(ICAL_RECURRENCEID_PROPERTY) }
        for kind in copied {
            if let property = original.firstProperty(kind) { event.add(icalproperty_new_clone(property.raw)) }
        }
        let listed = original.properties(ICAL_ATTENDEE_PROPERTY).first { MyAddresses([me]).contains($0.value ?? "") }
        let attendee = ICalComponent.person(
            ICAL_ATTENDEE_PROPERTY, address: me, name: name ?? listed?.parameter(ICAL_CN_PARAMETER))
        sign(attendee, sentBy: sentBy)
        event.add(attendee)
        event.add(icalproperty_new_dtstamp(ICalComponent.utcTime(now)))
        if let comment, !comment.isEmpty { event.add(ICalComponent.text(ICAL_COMMENT_PROPERTY, comment)) }
        return message(ICAL_METHOD_REFRESH, events: [event], parts: parts)
    }
}
