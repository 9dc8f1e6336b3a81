import Foundation

/// One way a message leaves the outbox (``OutboxMessage/Transport``): a mail to the sendmail
/// command (``MailTransport``), a push answer to the sender's server (``HTTPTransport``). The
/// ``Dispatcher`` claims each message, hands it to its transport and records the ``Handover``.
protocol Transport {
    /// Hands the message over, trying as often as the way allows: how it went, and how many
    /// tries it took; `clock` dates a next try.
    func deliver(_ message: OutboxMessage, clock: () -> Date) -> (Handover, tries: Int)
}
