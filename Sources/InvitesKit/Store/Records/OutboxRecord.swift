import Foundation

/// A new row of `outbox`: a composed message, queued.
struct OutboxRecord: PersistableRecord {
    static let table = "outbox"
    var inviteID: Int64
    var draft: OutboxDraft
    var now: Date

    func encode(to columns: inout Columns) {
        columns.set("invite_id", .int(inviteID))
        columns.set("transport", .text(draft.transport.rawValue))
        columns.set("recipient", .text(draft.recipient))
        columns.set("subject", .text(draft.subject))
        columns.set("body", .blob(draft.body))
        columns.set("message_id", .optional(draft.messageID))
        columns.set("state", .text("queued"))
        columns.set("created_at", .integer(now.unixSeconds))
        columns.set("updated_at", .integer(now.unixSeconds))
        columns.set("kind", .text(draft.kind.rawValue))
    }
}
