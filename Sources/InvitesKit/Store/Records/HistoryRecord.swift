import InvitesModel

/// A row of `history`: one answer, comment or proposal, never changed but for how it was
/// delivered.
struct HistoryRecord: PersistableRecord {
    static let table = "history"
    var inviteID: Int64
    var entry: HistoryEntry

    func encode(to columns: inout Columns) {
        columns.set("invite_id", .int(inviteID))
        columns.set("handle", .text(entry.handle))
        columns.set("uid", .text(entry.uid))
        columns.set("recurrence_id", .text(entry.recurrenceID ?? ""))
        columns.set("sender_id", .optional(entry.senderID))
        columns.set("title", .text(entry.title))
        columns.set("start_at", .integer(entry.start.unixSeconds))
        columns.set("end_at", .integer(entry.end.unixSeconds))
        columns.set("sequence", .integer(entry.sequence))
        columns.set("dtstamp", .optional(entry.dtstamp.map(\.unixSeconds)))
        columns.set("action", .text(entry.action.rawValue))
        columns.set("comment", .optional(entry.comment))
        columns.set("at", .integer(entry.at.unixSeconds))
        columns.set("delivery", .text(entry.delivery.rawValue))
    }
}
