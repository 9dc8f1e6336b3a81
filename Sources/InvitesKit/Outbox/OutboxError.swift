import InvitesFormats

/// What keeps the outbox from handing a message over, in words that say what to fix.
package enum OutboxError: Error, Equatable, Sendable, CustomStringConvertible {
    case badRespondURL(String, reason: String)
    /// A push answer is queued, and no `respond_url` says where it goes.
    case noRespondURL
    /// The `sendmail` setting is empty.
    case noSendmailCommand
    /// A mail's recipient is not an address a mail can carry (``MailAddress``).
    case badRecipient(String)

    package var description: String {
        switch self {
        case .badRespondURL(let text, let reason):
            return "respond_url '\(text)' cannot be used: \(reason)"
        case .noRespondURL:
            return
                "no respond_url is set: a push invite's answer goes to its sender's server; set respond_url = https://… in the config"
        case .badRecipient(let address):
            return "\(Printable.quoted(address, limit: 80)) is not an address a mail can be sent to (RFC 5322)"
        case .noSendmailCommand:
            return "the sendmail setting is empty: set sendmail = /usr/sbin/sendmail -t -i (or msmtp -t) in the config"
        }
    }
}
