import Foundation

/// A new row of `outbox`: a composed message, queued.
struct OutboxRecord: PersistableRecord {
    static let table = "outbox"
    var inviteID: Int64
    var draft: OutboxDraft
    var now: Date

    func encode(to columns: inout Columns) {
        columns["invite_id"] = .int(inviteID)
        columns["transport"] = .text(draft.transport.rawValue)
        columns["recipient"] = .text(draft.recipient)
        columns["subject"] = .text(draft.subject)
        columns["body"] = .blob(draft.body)
        columns["message_id"] = .optional(draft.messageID)
        columns["state"] = .text("queued")
        columns["created_at"] = .integer(now.unixSeconds)
        columns["updated_at"] = .integer(now.unixSeconds)
        columns["kind"] = .text(draft.kind.rawValue)
    }
}
