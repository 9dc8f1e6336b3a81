import Foundation
import InvitesKit

extension JSONOutput {
    /// `refresh --json`: whom the REFRESH asks, for what, and where it stands.
    struct RefreshMade: Encodable {
        var handle: String
        @Nullable var recurrenceId: String?
        var organizer: String
        @Nullable var comment: String?
        /// `queued` until `send` hands it over.
        var delivery: String

        init(_ made: ExchangeController.Refreshed) {
            handle = made.stored.handle
            recurrenceId = made.refresh.recurrenceID
            organizer = made.organizer
            comment = made.refresh.comment
            delivery = made.entry.delivery.rawValue
        }
    }
}
