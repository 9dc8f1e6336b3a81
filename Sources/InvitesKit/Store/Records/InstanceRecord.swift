import Foundation
import InvitesModel

/// One instance's row in `instances`: what the organizer sent for it and your answer to it
/// alone, written over the row of the same RECURRENCE-ID.
struct InstanceRecord: FetchableRecord, PersistableRecord {
    enum Column: String, ColumnName {
        case inviteID = "invite_id", recurrenceID = "recurrence_id", message = "message_id", title
        case start = "start_at", end = "end_at", firstDate = "first_date", endDate = "end_date", sequence, dtstamp
        case cancelled, answer, updatedAt = "updated_at", thisAndFuture = "this_and_future"
    }

    static let table = "instances"
    static let key: [Column] = [.inviteID, .recurrenceID]
    var inviteID: Int64
    var recurrenceID: String
    /// What the organizer sent; `nil` for an instance only you singled out.
    var instance: Invite.Instance?
    /// The message it came in; `nil` for a cancellation that holds no instance of its own.
    var message: Int64?
    var answer: InviteStatus?
    var now: Date

    init(inviteID: Int64, instance: Invite.Instance, message: Int64?, answer: InviteStatus?, now: Date) {
        self.inviteID = inviteID
        self.recurrenceID = instance.recurrenceID
        self.instance = instance
        self.message = message
        self.answer = answer
        self.now = now
    }

    init(row: Row<Column>) {
        inviteID = row.int64(.inviteID)
        recurrenceID = row.text(.recurrenceID) ?? ""
        if let start = row.optionalInt(.start) {
            instance = Invite.Instance(
                recurrenceID: recurrenceID, title: row.text(.title) ?? "", start: Date(unixSeconds: start),
                end: Date(unixSeconds: row.optionalInt(.end) ?? start), dates: row.allDayDates(.firstDate, .endDate),
                sequence: row.optionalInt(.sequence) ?? 0, dtstamp: row.optionalDate(.dtstamp),
                cancelled: row.bool(.cancelled), thisAndFuture: row.bool(.thisAndFuture))
        }
        message = row.optionalInt(.message).map(Int64.init)
        answer = row.text(.answer).flatMap(InviteStatus.init(rawValue:))
        now = row.date(.updatedAt)
    }

    func encode(to columns: inout Columns) {
        columns.set(Column.inviteID, .int(inviteID))
        columns.set(Column.recurrenceID, .text(recurrenceID))
        columns.set(Column.message, message.map { .int($0) } ?? .null)
        if let instance {
            columns.set(Column.title, .text(instance.title))
            columns.set(Column.start, .integer(instance.start.unixSeconds))
            columns.set(Column.end, .integer(instance.end.unixSeconds))
            columns.set(Column.firstDate, .optional(instance.dates?.first.description))
            columns.set(Column.endDate, .optional(instance.dates?.endExclusive.description))
            columns.set(Column.sequence, .integer(instance.sequence))
            columns.set(Column.dtstamp, .optional(instance.dtstamp.map(\.unixSeconds)))
            columns.set(Column.cancelled, .bool(instance.cancelled))
            columns.set(Column.thisAndFuture, .bool(instance.thisAndFuture))
        }
        columns.set(Column.answer, .optional(answer?.rawValue))
        columns.set(Column.updatedAt, .integer(now.unixSeconds))
    }
}
