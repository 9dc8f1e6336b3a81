import InvitesModel

/// A row of `attendees`: one ATTENDEE of the version the inbox holds, in the order it was sent.
struct AttendeeRecord: FetchableRecord, PersistableRecord {
    enum Column: String, ColumnName {
        case inviteID = "invite_id", position, address, name, partstat, rsvp
    }

    static let table = "attendees"
    var inviteID: Int64
    var position: Int
    var attendee: Invite.Attendee

    func encode(to columns: inout Columns) {
        columns.set(Column.inviteID, .int(inviteID))
        columns.set(Column.position, .integer(position))
        columns.set(Column.address, .text(attendee.address))
        columns.set(Column.name, .optional(attendee.name))
        columns.set(Column.partstat, .text(attendee.partstat))
        columns.set(Column.rsvp, .bool(attendee.rsvp))
    }
}

extension AttendeeRecord {
    /// The record a row of its columns holds (``TableRecord/selection(_:replacing:only:)``); in an
    /// extension, so that the type keeps its memberwise initialiser for new rows.
    init(row: Row<Column>) {
        inviteID = row.int64(.inviteID)
        position = row.int(.position)
        attendee = Invite.Attendee(
            address: row.text(.address) ?? "", name: row.text(.name), partstat: row.text(.partstat) ?? "NEEDS-ACTION",
            rsvp: row.bool(.rsvp))
    }
}
