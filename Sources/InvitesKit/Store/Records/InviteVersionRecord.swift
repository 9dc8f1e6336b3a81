import Foundation
import InvitesModel

/// A row of `invite_versions`: each version the organizer sent, kept so that `show` can say what
/// changed since your answer.
struct InviteVersionRecord: PersistableRecord {
    static let table = "invite_versions"
    var inviteID: Int64
    var invite: Invite
    var message: Int64
    var now: Date

    func encode(to columns: inout Columns) {
        columns.set("invite_id", .int(inviteID))
        columns.set("sequence", .integer(invite.sequence))
        columns.set("dtstamp", .optional(invite.dtstamp.map(\.unixSeconds)))
        columns.set("title", .text(invite.title))
        columns.set("start_at", .integer(invite.start.unixSeconds))
        columns.set("end_at", .integer(invite.end.unixSeconds))
        columns.set("raw", .blob(Data()))
        columns.set("message_id", .int(message))
        columns.set("received_at", .integer(now.unixSeconds))
    }
}
