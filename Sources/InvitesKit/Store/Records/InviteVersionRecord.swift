import Foundation

/// A row of `invite_versions`: each version the organizer sent, kept so that `show` can say what
/// changed since your answer.
struct InviteVersionRecord: PersistableRecord {
    static let table = "invite_versions"
    var inviteID: Int64
    var invite: Invite
    var message: Int64
    var now: Date

    func encode(to columns: inout Columns) {
        columns["invite_id"] = .int(inviteID)
        columns["sequence"] = .integer(invite.sequence)
        columns["dtstamp"] = .optional(invite.dtstamp.map(\.unixSeconds))
        columns["title"] = .text(invite.title)
        columns["start_at"] = .integer(invite.start.unixSeconds)
        columns["end_at"] = .integer(invite.end.unixSeconds)
        columns["raw"] = .blob(Data())
        columns["message_id"] = .int(message)
        columns["received_at"] = .integer(now.unixSeconds)
    }
}
