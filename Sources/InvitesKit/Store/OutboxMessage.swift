import Foundation
import InvitesModel

/// One message in the outbox: a reply for the organizer, or an answer for a push sender's
/// server, made when the answer was recorded and kept until it is handed over.
///
/// The bytes are fixed when queued (the mail's Date and Message-ID included), so a message sent
/// late is the message the answer made, and a receiver that sees it twice can tell.
package struct OutboxMessage: Sendable, Hashable {
    /// How a message leaves the machine.
    package enum Transport: String, Sendable, Hashable {
        /// Through the `sendmail` command (RFC 5322 on its standard input).
        case mail
        /// POSTed as JSON to the configured `respond_url`.
        case http
    }

    package var id: Int64
    /// The invitation it answers.
    package var handle: String
    package var transport: Transport
    /// The organizer's address, for mail; empty for http (the URL is a setting, never the payload's).
    package var recipient: String
    /// A line for `invites outbox`: the mail's Subject, or what the answer says.
    package var subject: String
    package var body: Data
    /// The mail's Message-ID, without angle brackets.
    package var messageID: String?
    package var state: Delivery
    /// How many times a `send` tried to hand it over.
    package var attempts: Int
    /// What the last failed attempt said (the command's standard error, the server's answer).
    package var lastError: String?
    /// When a `send` tries it again on its own; `nil` when it does not wait.
    package var nextTry: Date?
    package var createdAt: Date
    package var sentAt: Date?

    package init(
        id: Int64, handle: String, transport: Transport, recipient: String, subject: String, body: Data,
        messageID: String?, state: Delivery, attempts: Int = 0, lastError: String? = nil, nextTry: Date? = nil,
        createdAt: Date, sentAt: Date? = nil
    ) {
        self.id = id
        self.handle = handle
        self.transport = transport
        self.recipient = recipient
        self.subject = subject
        self.body = body
        self.messageID = messageID
        self.state = state
        self.attempts = attempts
        self.lastError = lastError
        self.nextTry = nextTry
        self.createdAt = createdAt
        self.sentAt = sentAt
    }
}
