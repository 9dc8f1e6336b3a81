import Foundation
import InvitesKit

extension JSONOutput {
    /// `forward --json`: whom the invitation went to, and where its messages stand.
    struct ForwardMade: Encodable {
        var handle: String
        var to: String
        @Nullable var comment: String?
        /// `queued` until `send` hands them over.
        var delivery: String

        init(_ made: ForwardController.Made) {
            handle = made.stored.handle
            to = made.forward.to
            comment = made.forward.comment
            delivery = made.entry.delivery.rawValue
        }
    }
}
