import Foundation

/// A message for the outbox before it has a row: what answering made, from the reply.
public struct OutboxDraft: Sendable, Hashable {
    /// What a message is to the organizer.
    public enum Kind: String, Sendable, Hashable {
        /// Where the invitation stands: a REPLY, or a push answer.
        case reply
        /// A new time proposed: a COUNTER.
        case counter
    }

    public var kind: Kind = .reply
    public var transport: OutboxMessage.Transport
    public var recipient: String
    public var subject: String
    public var body: Data
    public var messageID: String?

    public init(
        kind: Kind = .reply, transport: OutboxMessage.Transport, recipient: String, subject: String, body: Data,
        messageID: String?
    ) {
        self.kind = kind
        self.transport = transport
        self.recipient = recipient
        self.subject = subject
        self.body = body
        self.messageID = messageID
    }

    /// The message that tells the organizer (or a push sender's server) where the invitation
    /// stands: a whole e-mail for an invitation, the JSON answer for a push payload.
    public static func make(
        for stored: StoredInvite, history: [HistoryEntry], me: MyAddresses, name: String?, now: Date,
        display: DisplayZone
    ) throws(ReplyError) -> OutboxDraft {
        let push = stored.invite.source == .push
        let reply = try Reply.make(
            for: stored, history: history, me: me, name: name, mime: !push, now: now, display: display)
        return OutboxDraft(
            transport: push ? .http : .mail, recipient: reply.recipient ?? "", subject: reply.subject,
            body: Data(reply.text.utf8), messageID: reply.messageID)
    }
}
