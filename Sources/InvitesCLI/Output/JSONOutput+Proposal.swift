import Foundation
import InvitesKit
import InvitesModel

extension JSONOutput {
    /// `propose --json`: the time proposed, the time it replaces, and where its COUNTER stands.
    struct ProposalMade: Encodable {
        var handle: String
        @Nullable var recurrenceId: String?
        var start: String
        var end: String
        var allDay: Bool
        var was: Window
        @Nullable var comment: String?
        /// `queued` until `send` hands it over.
        var delivery: String

        init(_ made: ProposeController.Made) {
            let proposal = made.proposal
            handle = made.stored.handle
            recurrenceId = proposal.recurrenceID
            (start, end) = JSONOutput.times(proposal.start, proposal.end, proposal.dates)
            allDay = proposal.dates != nil
            was = Window(start: RFC3339.utc(made.was.start), end: RFC3339.utc(made.was.end))
            comment = proposal.comment
            delivery = made.entry.delivery.rawValue
        }
    }
}
