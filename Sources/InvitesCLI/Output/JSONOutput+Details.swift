import Foundation
import InvitesKit
import InvitesModel

extension JSONOutput {
    /// `show --json`'s `details`: what the text output's join, repeats, attendees and notes
    /// lines say, whole (the description is not cut to a few lines).
    struct Details: Encodable {
        @Nullable var description: String?
        @Nullable var join: Join?
        @Nullable var organizer: Person?
        var answers: Answers
        @Nullable var repeats: Repeats?
        /// Whether `propose` may offer the organizer a new time.
        var counterAllowed: Bool
        /// Who delegated the invitation to you (DELEGATED-FROM on your ATTENDEE).
        @Nullable var delegatedBy: String?
        /// Your latest proposal of a new time and what became of it.
        @Nullable var proposal: ProposalState?

        struct ProposalState: Encodable {
            @Nullable var start: String?
            @Nullable var end: String?
            @Nullable var recurrenceId: String?
            /// Where its COUNTER stands (`queued`, `sent`, …).
            @Nullable var delivery: String?
            /// Whether the organizer declined it (DECLINECOUNTER), and what they said.
            var declined: Bool
            @Nullable var organizerComment: String?
        }

        struct Join: Encodable {
            var url: String
            /// `Teams`, `Zoom`, `Google Meet`, `Webex`, `Jitsi` or `video call`.
            var provider: String
            /// The property it was found in.
            var from: String
        }

        struct Person: Encodable {
            @Nullable var name: String?
            @Nullable var email: String?
        }

        /// How the attendees other than you answered.
        struct Answers: Encodable {
            var accepted: Int
            var tentative: Int
            var declined: Int
            var delegated: Int
            var noAnswer: Int
            var total: Int
        }

        struct Repeats: Encodable {
            /// The RRULE, its parts in libical's order.
            var rule: String
            var text: String
        }

        init(_ show: ShowReport) {
            let details = show.details
            description = details.description
            join = details.join.map { Join(url: $0.url, provider: $0.provider, from: $0.source) }
            organizer = show.stored.invite.organizer.map { Person(name: $0.name, email: $0.email) }
            let counts = details.answers
            answers = Answers(
                accepted: counts.accepted, tentative: counts.tentative, declined: counts.declined,
                delegated: counts.delegated, noAnswer: counts.noAnswer, total: counts.total)
            repeats = details.repeats.map { Repeats(rule: $0.rule, text: $0.summary) }
            counterAllowed = details.counterAllowed
            delegatedBy = details.delegatedBy
            if show.proposal != nil || show.proposalDeclined != nil {
                proposal = ProposalState(
                    start: show.proposal.map { RFC3339.utc($0.start) }, end: show.proposal.map { RFC3339.utc($0.end) },
                    recurrenceId: show.proposal?.recurrenceID ?? show.proposalDeclined?.recurrenceID,
                    delivery: show.proposal?.delivery.rawValue, declined: show.proposalDeclined != nil,
                    organizerComment: show.proposalDeclined?.comment)
            }
        }
    }
}
