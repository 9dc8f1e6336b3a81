import Foundation

/// What a reply carries: the history entries whose answers it reports, and the one whose comment
/// goes with it.
///
/// A reply reports where the invitation stands (``Reply``), so a newer one takes the place of a
/// message not yet handed over; but it carries an older entry only when it still reports that
/// entry's answer. A decline that an accept replaced is not in the accept's reply, and its
/// comment ("cannot") must not ride under an Accepted: the history has to say it was not sent.
/// Entries are named by their rows (``HistoryEntry/id``).
package struct ReplyCarriage: Sendable, Hashable {
    /// The entries whose answer the reply reports: for each component it reports, the answer
    /// that component stands at.
    package var answers: Set<Int64>
    /// The entry whose comment goes with the reply, if any: the latest made with or since the
    /// latest answer.
    package var comment: Int64?

    package init(answers: Set<Int64> = [], comment: Int64? = nil) {
        self.answers = answers
        self.comment = comment
    }

    /// What becomes of an entry waiting for a message (queued, failed, interrupted, or owed and
    /// never queued) when a new reply is queued.
    package enum Fate: Sendable, Hashable {
        /// The new reply carries it whole: its answer (or, for a comment alone, its comment).
        case carried
        /// The new reply carries its answer but not its comment; `by` is the new entry.
        case carriedWithoutComment(by: Int64)
        /// The new reply does not carry it: it was not sent, and will not be; `by` is the new entry.
        case superseded(by: Int64)
    }

    /// An entry of the history, as far as the rule needs it.
    package struct Entry: Sendable, Hashable {
        package var id: Int64
        /// The occurrence it is for; `nil` for the series.
        package var recurrenceID: String?
        package var hasComment: Bool

        package init(id: Int64, recurrenceID: String?, hasComment: Bool) {
            self.id = id
            self.recurrenceID = recurrenceID
            self.hasComment = hasComment
        }
    }

    /// What becomes of `waiting` when the entries `made` (the answer being recorded, one entry
    /// per occurrence answered) queue the reply this carriage describes. The entry named as
    /// taking its place is the new one for the same component, else the first: "superseded by
    /// the accept of …" names the answer that did it.
    package func fate(of waiting: Entry, madeBy made: [Entry]) -> Fate {
        guard let first = made.first else { return .carried }
        let by = (made.first { $0.recurrenceID == waiting.recurrenceID } ?? first).id
        if comment == waiting.id { return .carried }
        guard answers.contains(waiting.id) else { return .superseded(by: by) }
        return waiting.hasComment ? .carriedWithoutComment(by: by) : .carried
    }

    /// The carriage of a reply made from `history` (newest first, proposals left out) for an
    /// invitation whose series key is `seriesKey`: for each component the reply reports at an
    /// answer, the newest entry that answered it (its own, or the series' that it follows), when
    /// that entry gave the same answer; and the entry whose comment goes.
    package static func of(
        reported: [(key: String?, action: AnswerAction)], history: [HistoryEntry], seriesKey: String?,
        comment: HistoryEntry?
    ) -> ReplyCarriage {
        var answers: Set<Int64> = []
        for (key, action) in reported where AnswerAction.answers.contains(action) {
            let owner = history.first {
                AnswerAction.answers.contains($0.action) && ($0.recurrenceID == key || $0.recurrenceID == seriesKey)
            }
            if let owner, owner.action == action, let id = owner.id { answers.insert(id) }
        }
        return ReplyCarriage(answers: answers, comment: comment?.id)
    }
}
