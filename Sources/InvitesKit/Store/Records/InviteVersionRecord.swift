import Foundation
import InvitesModel

/// A row of `invite_versions`: each version the organizer sent, kept so that `show` can say what
/// changed since your answer.
struct InviteVersionRecord: PersistableRecord {
    enum Column: String, ColumnName {
        case id, inviteID = "invite_id", sequence, dtstamp, title, start = "start_at", end = "end_at", raw
        case message = "message_id", receivedAt = "received_at"
    }

    static let table = "invite_versions"
    var inviteID: Int64
    var invite: Invite
    var message: Int64
    var now: Date

    func encode(to columns: inout Columns) {
        columns.set(Column.inviteID, .int(inviteID))
        columns.set(Column.sequence, .integer(invite.sequence))
        columns.set(Column.dtstamp, .optional(invite.dtstamp.map(\.unixSeconds)))
        columns.set(Column.title, .text(invite.title))
        columns.set(Column.start, .integer(invite.start.unixSeconds))
        columns.set(Column.end, .integer(invite.end.unixSeconds))
        columns.set(Column.raw, .blob(Data()))
        columns.set(Column.message, .int(message))
        columns.set(Column.receivedAt, .integer(now.unixSeconds))
    }
}
