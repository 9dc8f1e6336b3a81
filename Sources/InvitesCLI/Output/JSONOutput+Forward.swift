import Foundation
import InvitesKit
import InvitesModel

extension JSONOutput {
    /// `forward --json` and `delegate --json`: whom the invitation went to, and where its messages
    /// stand.
    struct ForwardMade: Encodable {
        var handle: String
        var to: String
        @Nullable var comment: String?
        /// `queued` until `send` hands them over.
        var delivery: String

        init(_ made: ExchangeController.Forwarded) {
            self.init(made.forward, made.entry, handle: made.stored.handle)
        }

        /// A delegation's, which has the same shape.
        init(_ forward: Forward, _ entry: InvitesModel.HistoryEntry, handle: String) {
            self.handle = handle
            to = forward.to
            comment = forward.comment
            delivery = entry.delivery.rawValue
        }
    }
}
