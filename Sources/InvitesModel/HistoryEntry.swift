import Foundation

/// One line of the history: an answer or a comment, with the invite as it was when answered.
package struct HistoryEntry: Sendable, Hashable {
    /// A later entry whose message took the place of this one's before it went, as the history
    /// names it: "the accept of Tue 1 Dec 2026 10:02".
    package struct Successor: Sendable, Hashable {
        package var action: AnswerAction
        package var at: Date
        /// The occurrence it answered; `nil` for the series.
        package var recurrenceID: String?

        package init(action: AnswerAction, at: Date, recurrenceID: String?) {
            self.action = action
            self.at = at
            self.recurrenceID = recurrenceID
        }
    }

    package var handle: String
    package var uid: String
    package var recurrenceID: String?
    package var senderID: String?
    package var title: String
    package var start: Date
    package var end: Date
    /// The version answered.
    package var sequence: Int
    package var dtstamp: Date?
    package var action: AnswerAction
    /// Exactly as the user gave it.
    package var comment: String?
    package var at: Date
    /// Where the reply that carries it stands.
    package var delivery: Delivery
    /// The outbox message that carries it, if one does.
    package var outboxID: Int64? = nil
    /// When that message was handed over.
    package var sentAt: Date? = nil
    /// When the message that superseded it was made, when it was (the time of ``supersededBy``).
    package var supersededAt: Date? = nil
    /// Its row in the store, once it has one: what a reply names as carried
    /// (``ReplyCarriage``), so the store can tell which waiting entries a new message carries.
    package var id: Int64? = nil
    /// The later answer, comment or proposal whose message took the place of this entry's
    /// before it went, without carrying it: this entry's answer (and its comment) was not sent.
    /// With ``Delivery/interrupted`` the message had been half handed over, and may have gone.
    package var supersededBy: Successor? = nil
    /// The later answer or comment whose reply carries this entry's answer but not its comment
    /// (a reply carries one comment, the latest made with or since its latest answer): the
    /// comment was not sent, and will not be.
    package var commentLeftOutBy: Successor? = nil
    /// The delegate, on a delegation and on the decline recorded beside it: a later reply
    /// reports this component `PARTSTAT=DELEGATED;DELEGATED-TO` them (``Delegation``).
    package var delegatedTo: String? = nil
    /// How far along a task is, on a report of it under way (``AnswerAction/inProcess``): 0
    /// to 100, what the REPLY's PERCENT-COMPLETE says.
    package var percent: Int? = nil

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
        commentLeftOutBy: HistoryEntry.Successor? = nil,
        delegatedTo: String? = nil,
        percent: Int? = nil
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
        self.delegatedTo = delegatedTo
        self.percent = percent
    }
}
