import Foundation
import InvitesFormats
import InvitesModel

/// What `show` and `review` tell about an invitation beyond its time: the words, the way in,
/// who else is invited and how they answered, and how it repeats.
package struct InvitationDetails: Sendable, Hashable {
    /// How the other attendees answered, as the organizer's latest message says.
    package struct Answers: Sendable, Hashable {
        package var accepted = 0
        package var tentative = 0
        package var declined = 0
        package var delegated = 0
        /// NEEDS-ACTION, or a PARTSTAT nobody defined.
        package var noAnswer = 0

        package var total: Int { accepted + tentative + declined + delegated + noAnswer }

        /// `4 accepted, 1 declined, 3 no answer`; the kinds nobody gave are left out.
        package var summary: String {
            let parts = [
                (accepted, "accepted"), (tentative, "tentative"), (declined, "declined"), (delegated, "delegated"),
                (noAnswer, "no answer"),
            ]
            return parts.filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
        }
    }

    /// The DESCRIPTION (or a push payload's notes) as sent.
    package var description: String?
    package var join: JoinLink?
    /// Every attendee but you.
    package var answers: Answers
    package var repeats: Repetition?
    /// Whether the organizer takes proposals of a new time (`X-MICROSOFT-DISALLOW-COUNTER`).
    package var counterAllowed: Bool
    /// Who delegated the invitation to you (`DELEGATED-FROM` on your ATTENDEE), as the
    /// invitation writes their address; `nil` when it came to you from the organizer.
    package var delegatedBy: String?

    /// The details of an invitation; `me` is left out of the answers (your own is the inbox's).
    package init(_ invite: Invite, me: MyAddresses, time: HumanTime) {
        let properties = invite.source == .push ? nil : invite.properties
        description = invite.description
        join = JoinLink.find(in: invite, properties: properties)
        var answers = Answers()
        for attendee in invite.attendees where !me.contains(attendee.address) {
            switch attendee.partstat.uppercased() {
            case "ACCEPTED": answers.accepted += 1
            case "TENTATIVE": answers.tentative += 1
            case "DECLINED": answers.declined += 1
            case "DELEGATED": answers.delegated += 1
            default: answers.noAnswer += 1
            }
        }
        self.answers = answers
        repeats =
            invite.recurrenceID == nil
            ? properties.flatMap {
                Repetition($0, start: invite.start, time: time, allDay: invite.dates != nil)
            } : nil
        counterAllowed = !(properties?.disallowsCounter ?? false)
        delegatedBy = properties?.delegator(of: invite.attendees, me: me)
    }
}
