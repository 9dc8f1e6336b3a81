import Foundation

/// One line of the history: an answer or a comment, with the invite as it was when answered.
public struct HistoryEntry: Sendable, Hashable {
    public var handle: String
    public var uid: String
    public var recurrenceID: String?
    public var senderID: String?
    public var title: String
    public var start: Date
    public var end: Date
    /// The version answered.
    public var sequence: Int
    public var dtstamp: Date?
    public var action: AnswerAction
    /// Exactly as the user gave it.
    public var comment: String?
    public var at: Date
    /// Where the reply that carries it stands.
    public var delivery: Delivery
    /// The outbox message that carries it, if one does.
    public var outboxID: Int64? = nil
    /// When that message was handed over.
    public var sentAt: Date? = nil
    /// When the message that superseded it was made, when it was (a proposal replaced by a
    /// newer one for the same component before it went).
    public var supersededAt: Date? = nil
}
