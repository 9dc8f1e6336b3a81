import Foundation

/// One line of the history: an answer or a comment, with the invite as it was when answered.
public struct HistoryEntry: Sendable, Hashable {

    /// The memberwise initializer, for the targets above this one.
    package init(
        handle: String,
        uid: String,
        recurrenceID: String? = nil,
        senderID: String? = nil,
        title: String,
        start: Date,
        end: Date,
        sequence: Int,
        dtstamp: Date? = nil,
        action: AnswerAction,
        comment: String? = nil,
        at: Date,
        delivery: Delivery,
        outboxID: Int64? = nil,
        sentAt: Date? = nil,
        supersededAt: Date? = nil,
        id: Int64? = nil,
        supersededBy: HistoryEntry.Successor? = nil,
        commentLeftOutBy: HistoryEntry.Successor? = nil
    ) {
        self.handle = handle
        self.uid = uid
        self.recurrenceID = recurrenceID
        self.senderID = senderID
        self.title = title
        self.start = start
        self.end = end
        self.sequence = sequence
        self.dtstamp = dtstamp
        self.action = action
        self.comment = comment
        self.at = at
        self.delivery = delivery
        self.outboxID = outboxID
        self.sentAt = sentAt
        self.supersededAt = supersededAt
        self.id = id
        self.supersededBy = supersededBy
        self.commentLeftOutBy = commentLeftOutBy
    }

    /// A later entry whose message took the place of this one's before it went, as the history
    /// names it: "the accept of Tue 1 Dec 2026 10:02".
    public struct Successor: Sendable, Hashable {
        public var action: AnswerAction
        public var at: Date
        /// The occurrence it answered; `nil` for the series.
        public var recurrenceID: String?

        public init(action: AnswerAction, at: Date, recurrenceID: String?) {
            self.action = action
            self.at = at
            self.recurrenceID = recurrenceID
        }
    }

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
    /// When the message that superseded it was made, when it was (the time of ``supersededBy``).
    public var supersededAt: Date? = nil
    /// Its row in the store, once it has one: what a reply names as carried
    /// (``ReplyCarriage``), so the store can tell which waiting entries a new message carries.
    public var id: Int64? = nil
    /// The later answer, comment or proposal whose message took the place of this entry's
    /// before it went, without carrying it: this entry's answer (and its comment) was not sent.
    /// With ``Delivery/interrupted`` the message had been half handed over, and may have gone.
    public var supersededBy: Successor? = nil
    /// The later answer or comment whose reply carries this entry's answer but not its comment
    /// (a reply carries one comment, the latest made with or since its latest answer): the
    /// comment was not sent, and will not be.
    public var commentLeftOutBy: Successor? = nil
}
