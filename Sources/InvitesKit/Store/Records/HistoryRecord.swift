/// A row of `history`: one answer, comment or proposal, never changed but for how it was
/// delivered.
struct HistoryRecord: PersistableRecord {
    static let table = "history"
    var inviteID: Int64
    var entry: HistoryEntry

    func encode(to columns: inout Columns) {
        columns["invite_id"] = .int(inviteID)
        columns["handle"] = .text(entry.handle)
        columns["uid"] = .text(entry.uid)
        columns["recurrence_id"] = .text(entry.recurrenceID ?? "")
        columns["sender_id"] = .optional(entry.senderID)
        columns["title"] = .text(entry.title)
        columns["start_at"] = .integer(entry.start.unixSeconds)
        columns["end_at"] = .integer(entry.end.unixSeconds)
        columns["sequence"] = .integer(entry.sequence)
        columns["dtstamp"] = .optional(entry.dtstamp.map(\.unixSeconds))
        columns["action"] = .text(entry.action.rawValue)
        columns["comment"] = .optional(entry.comment)
        columns["at"] = .integer(entry.at.unixSeconds)
        columns["delivery"] = .text(entry.delivery.rawValue)
    }
}
