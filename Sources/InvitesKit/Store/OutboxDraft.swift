import Foundation
import InvitesModel

/// A message for the outbox before it has a row: what answering or proposing made, which the
/// store keeps as it is given.
package struct OutboxDraft: Sendable, Hashable {
    /// What a message is to the organizer.
    package enum Kind: String, Sendable, Hashable {
        /// Where the invitation stands: a REPLY, or a push answer.
        case reply
        /// A new time proposed: a COUNTER.
        case counter
        /// The invitation asked for as it stands: a REFRESH.
        case refresh
        /// A forward: the invitation to someone the organizer did not invite, or the REPLY that
        /// tells the organizer who was added. Each is to someone of its own: none supersedes another.
        case forward
    }

    package var kind: Kind = .reply
    package var transport: OutboxMessage.Transport
    package var recipient: String
    package var subject: String
    package var body: Data
    package var messageID: String?
    /// For a reply, the history entries it carries: the store moves those waiting entries to it
    /// and marks the rest superseded, so the history never says sent for what it left out.
    package var carriage = ReplyCarriage()

    package init(
        kind: Kind = .reply, transport: OutboxMessage.Transport, recipient: String, subject: String, body: Data,
        messageID: String?, carriage: ReplyCarriage = ReplyCarriage()
    ) {
        self.kind = kind
        self.transport = transport
        self.recipient = recipient
        self.subject = subject
        self.body = body
        self.messageID = messageID
        self.carriage = carriage
    }
}
