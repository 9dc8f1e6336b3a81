import Foundation

/// One instance's row in `instances`: what the organizer sent for it and your answer to it
/// alone, written over the row of the same RECURRENCE-ID.
struct InstanceRecord: PersistableRecord {
    static let table = "instances"
    static let key = ["invite_id", "recurrence_id"]
    var inviteID: Int64
    var instance: Invite.Instance
    /// The message it came in; `nil` for a cancellation that holds no instance of its own.
    var message: Int64?
    var answer: InviteStatus?
    var now: Date

    func encode(to columns: inout Columns) {
        columns["invite_id"] = .int(inviteID)
        columns["recurrence_id"] = .text(instance.recurrenceID)
        columns["message_id"] = message.map { .int($0) } ?? .null
        columns["title"] = .text(instance.title)
        columns["start_at"] = .integer(instance.start.unixSeconds)
        columns["end_at"] = .integer(instance.end.unixSeconds)
        columns["first_date"] = .optional(instance.dates?.first.description)
        columns["end_date"] = .optional(instance.dates?.endExclusive.description)
        columns["sequence"] = .integer(instance.sequence)
        columns["dtstamp"] = .optional(instance.dtstamp.map(\.unixSeconds))
        columns["cancelled"] = .bool(instance.cancelled)
        columns["answer"] = .optional(answer?.rawValue)
        columns["updated_at"] = .integer(now.unixSeconds)
    }
}
