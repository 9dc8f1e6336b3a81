import InvitesModel

/// A row of `attendees`: one ATTENDEE of the version the inbox holds, in the order it was sent.
struct AttendeeRecord: PersistableRecord {
    static let table = "attendees"
    var inviteID: Int64
    var position: Int
    var attendee: Invite.Attendee

    func encode(to columns: inout Columns) {
        columns.set("invite_id", .int(inviteID))
        columns.set("position", .integer(position))
        columns.set("address", .text(attendee.address))
        columns.set("name", .optional(attendee.name))
        columns.set("partstat", .text(attendee.partstat))
        columns.set("rsvp", .bool(attendee.rsvp))
    }
}
