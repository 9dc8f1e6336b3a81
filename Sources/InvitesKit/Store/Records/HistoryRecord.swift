import Foundation
import InvitesModel

/// A row of `history`: one answer, comment or proposal, never changed but for how it was
/// delivered.
struct HistoryRecord: FetchableRecord, PersistableRecord {
    enum Column: String, ColumnName {
        case id, inviteID = "invite_id", handle, uid, recurrenceID = "recurrence_id", senderID = "sender_id", title
        case start = "start_at", end = "end_at", sequence, dtstamp, action, comment, at, delivery
        case outboxID = "outbox_id", supersededBy = "superseded_by", commentLeftBy = "comment_left_by"
        case delegatedTo = "delegated_to"
        case percent
    }

    static let table = "history"
    var inviteID: Int64
    var entry: HistoryEntry

    /// The columns that name an entry as another's successor (`superseded_by`,
    /// `comment_left_by`), read from the entry joined as `alias`.
    static let successorColumns: [Column] = [.action, .at, .recurrenceID]

    /// The successor an entry names, from ``successorColumns`` of its row joined; `nil` when the
    /// join found none.
    static func successor(_ row: Row<Column>) -> HistoryEntry.Successor? {
        guard let action = row.text(.action).flatMap(AnswerAction.init(rawValue:)) else { return nil }
        return HistoryEntry.Successor(action: action, at: row.date(.at), recurrenceID: row.key(.recurrenceID))
    }

    func encode(to columns: inout Columns) {
        columns.set(Column.inviteID, .int(inviteID))
        columns.set(Column.handle, .text(entry.handle))
        columns.set(Column.uid, .text(entry.uid))
        columns.set(Column.recurrenceID, .text(entry.recurrenceID ?? ""))
        columns.set(Column.senderID, .optional(entry.senderID))
        columns.set(Column.title, .text(entry.title))
        columns.set(Column.start, .integer(entry.start.unixSeconds))
        columns.set(Column.end, .integer(entry.end.unixSeconds))
        columns.set(Column.sequence, .integer(entry.sequence))
        columns.set(Column.dtstamp, .optional(entry.dtstamp.map(\.unixSeconds)))
        columns.set(Column.action, .text(entry.action.rawValue))
        columns.set(Column.comment, .optional(entry.comment))
        columns.set(Column.at, .integer(entry.at.unixSeconds))
        columns.set(Column.delivery, .text(entry.delivery.rawValue))
        columns.set(Column.delegatedTo, .optional(entry.delegatedTo))
        columns.set(Column.percent, .optional(entry.percent))
    }
}

extension HistoryRecord {
    /// The record a row of its columns holds (``TableRecord/selection(_:replacing:only:)``); in an
    /// extension, so that the type keeps its memberwise initialiser for new rows.
    init(row: Row<Column>) {
        inviteID = row.int64(.inviteID)
        entry = HistoryEntry(
            handle: row.text(.handle) ?? "", uid: row.text(.uid) ?? "", recurrenceID: row.key(.recurrenceID),
            senderID: row.text(.senderID), title: row.text(.title) ?? "", start: row.date(.start), end: row.date(.end),
            sequence: row.int(.sequence), dtstamp: row.optionalDate(.dtstamp),
            action: AnswerAction(rawValue: row.text(.action) ?? "") ?? .commented, comment: row.text(.comment),
            at: row.date(.at), delivery: Delivery(rawValue: row.text(.delivery) ?? "") ?? .pending,
            outboxID: row.optionalInt(.outboxID).map(Int64.init), id: row.int64(.id),
            delegatedTo: row.text(.delegatedTo), percent: row.optionalInt(.percent))
    }
}
