internal import CLibical
import Foundation
import InvitesModel

extension ITIPComposer {
    /// The invitation as the organizer last sent it, for someone they did not invite (RFC 5546
    /// §3.2.2.6): METHOD:REQUEST and every VEVENT unchanged (their SEQUENCE, DTSTAMP, answers
    /// and all) but for one ATTENDEE added, `to`, at NEEDS-ACTION with RSVP, and the VTIMEZONEs
    /// they use. Your own answers are yours and stay out: it is the organizer's invitation.
    ///
    /// For a delegation (`delegatedFrom`, your address; RFC 5546 §4.2.5), your ATTENDEE becomes
    /// `PARTSTAT=DELEGATED;DELEGATED-TO` them and theirs carries `DELEGATED-FROM` you, on the
    /// components `keys` names (`nil` in it is the series; `nil` for all of them).
    package static func forwarded(
        for stored: StoredInvite, to address: String, delegatedFrom: String? = nil, keys: [String?]? = nil,
        now: Date, display: DisplayZone
    ) -> String {
        let parts = InvitationComponents(stored, now: now, display: display)
        var events: [ICalComponent] = []
        let chosen = keys.map { keys in keys.compactMap { key in parts.part(key) } } ?? parts.parts.map(\.event)
        for part in chosen {
            let event = part.cloned()
            let listed = event.properties(ICAL_ATTENDEE_PROPERTY).contains {
                MyAddresses([address]).contains($0.value ?? "")
            }
            if !listed, let attendee = ICalComponent.person(ICAL_ATTENDEE_PROPERTY, address: address, name: nil) {
                icalproperty_set_parameter(attendee, icalparameter_new_partstat(ICAL_PARTSTAT_NEEDSACTION))
                icalproperty_set_parameter(attendee, icalparameter_new_rsvp(ICAL_RSVP_TRUE))
                if let delegatedFrom {
                    let mine = event.properties(ICAL_ATTENDEE_PROPERTY).first {
                        MyAddresses([delegatedFrom]).contains($0.value ?? "")
                    }
                    if let mine {
                        icalproperty_set_parameter(mine.raw, icalparameter_new_partstat(ICAL_PARTSTAT_DELEGATED))
                    }
                    delegate(from: mine?.raw, to: attendee, me: delegatedFrom, delegate: address)
                }
                event.add(attendee)
            }
            events.append(event)
        }
        return message(ICAL_METHOD_REQUEST, events: events, parts: parts, keepingIdentity: true)
    }
}
