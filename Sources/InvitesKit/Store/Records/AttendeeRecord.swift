/// A row of `attendees`: one ATTENDEE of the version the inbox holds, in the order it was sent.
struct AttendeeRecord: PersistableRecord {
    static let table = "attendees"
    var inviteID: Int64
    var position: Int
    var attendee: Invite.Attendee

    func encode(to columns: inout Columns) {
        columns["invite_id"] = .int(inviteID)
        columns["position"] = .integer(position)
        columns["address"] = .text(attendee.address)
        columns["name"] = .optional(attendee.name)
        columns["partstat"] = .text(attendee.partstat)
        columns["rsvp"] = .bool(attendee.rsvp)
    }
}
