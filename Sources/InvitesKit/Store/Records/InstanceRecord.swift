import Foundation
import InvitesModel

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
        columns.set("invite_id", .int(inviteID))
        columns.set("recurrence_id", .text(instance.recurrenceID))
        columns.set("message_id", message.map { .int($0) } ?? .null)
        columns.set("title", .text(instance.title))
        columns.set("start_at", .integer(instance.start.unixSeconds))
        columns.set("end_at", .integer(instance.end.unixSeconds))
        columns.set("first_date", .optional(instance.dates?.first.description))
        columns.set("end_date", .optional(instance.dates?.endExclusive.description))
        columns.set("sequence", .integer(instance.sequence))
        columns.set("dtstamp", .optional(instance.dtstamp.map(\.unixSeconds)))
        columns.set("cancelled", .bool(instance.cancelled))
        columns.set("answer", .optional(answer?.rawValue))
        columns.set("updated_at", .integer(now.unixSeconds))
    }
}
