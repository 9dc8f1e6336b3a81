import Foundation
import InvitesModel

/// A row of `outbox`: a composed message, queued, and where its handing over stands.
struct OutboxRecord: FetchableRecord, PersistableRecord {
    enum Column: String, ColumnName {
        case id, inviteID = "invite_id", kind, transport, recipient, subject, body, messageID = "message_id", state
        case attempts, lastError = "last_error", nextTry = "next_try", claimedBy = "claimed_by"
        case createdAt = "created_at", updatedAt = "updated_at", sentAt = "sent_at", supersededBy = "superseded_by"
    }

    static let table = "outbox"
    /// The row's id; `nil` before it is inserted.
    var id: Int64?
    var inviteID: Int64
    var draft: OutboxDraft
    var state = Delivery.queued
    var attempts = 0
    var lastError: String?
    var nextTry: Date?
    /// The process of the `send` that holds it while it is `sending`.
    var claimedBy: Int32?
    var now: Date
    var sentAt: Date?

    /// The message as `outbox` shows it, for the invitation of `handle`.
    func message(handle: String) -> OutboxMessage {
        OutboxMessage(
            id: id ?? 0, handle: handle, transport: draft.transport, recipient: draft.recipient, subject: draft.subject,
            body: draft.body, messageID: draft.messageID, state: state, attempts: attempts, lastError: lastError,
            nextTry: nextTry, createdAt: now, sentAt: sentAt)
    }

    func encode(to columns: inout Columns) {
        columns.set(Column.inviteID, .int(inviteID))
        columns.set(Column.transport, .text(draft.transport.rawValue))
        columns.set(Column.recipient, .text(draft.recipient))
        columns.set(Column.subject, .text(draft.subject))
        columns.set(Column.body, .blob(draft.body))
        columns.set(Column.messageID, .optional(draft.messageID))
        columns.set(Column.state, .text(state.rawValue))
        columns.set(Column.createdAt, .integer(now.unixSeconds))
        columns.set(Column.updatedAt, .integer(now.unixSeconds))
        columns.set(Column.kind, .text(draft.kind.rawValue))
    }
}

extension OutboxRecord {
    /// The record a row of its columns holds (``TableRecord/selection(_:replacing:only:)``); in an
    /// extension, so that the type keeps its memberwise initialiser for new rows.
    init(row: Row<Column>) {
        id = row.int64(.id)
        inviteID = row.int64(.inviteID)
        draft = OutboxDraft(
            kind: OutboxDraft.Kind(rawValue: row.text(.kind) ?? "") ?? .reply,
            transport: OutboxMessage.Transport(rawValue: row.text(.transport) ?? "") ?? .mail,
            recipient: row.text(.recipient) ?? "", subject: row.text(.subject) ?? "", body: row.blob(.body),
            messageID: row.text(.messageID))
        state = Delivery(rawValue: row.text(.state) ?? "") ?? .queued
        attempts = row.int(.attempts)
        lastError = row.text(.lastError)
        nextTry = row.optionalDate(.nextTry)
        claimedBy = row.optionalInt(.claimedBy).map { Int32(clamping: $0) }
        now = row.date(.createdAt)
        sentAt = row.optionalDate(.sentAt)
    }
}
