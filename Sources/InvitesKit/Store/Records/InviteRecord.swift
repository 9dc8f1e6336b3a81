import Foundation

/// An invitation's row in `invites`: what the organizer last sent, your answer to the series and
/// when it changed; its handle, UID and arrival only when it is first inserted. The message's
/// bytes live once in `messages`, so `raw` stays empty.
struct InviteRecord: PersistableRecord {
    static let table = "invites"
    var invite: Invite
    var message: Int64
    var status: InviteStatus
    var now: Date
    /// The handle given to a new invitation; `nil` when a row already there is updated.
    var handle: String?

    func encode(to columns: inout Columns) {
        if let handle {
            columns["handle"] = .text(handle)
            columns["uid"] = .text(invite.uid)
            columns["received_at"] = .integer(now.unixSeconds)
        }
        columns["recurrence_id"] = .text(invite.recurrenceID ?? "")
        columns["sender_id"] = .optional(invite.senderID)
        columns["title"] = .text(invite.title)
        columns["start_at"] = .integer(invite.start.unixSeconds)
        columns["end_at"] = .integer(invite.end.unixSeconds)
        columns["first_date"] = .optional(invite.dates?.first.description)
        columns["end_date"] = .optional(invite.dates?.endExclusive.description)
        columns["time_zone"] = .optional(invite.timeZone)
        columns["location"] = .optional(invite.location)
        columns["description"] = .optional(invite.description)
        columns["organizer_name"] = .optional(invite.organizer?.name)
        columns["organizer_email"] = .optional(invite.organizer?.email)
        columns["sequence"] = .integer(invite.sequence)
        columns["dtstamp"] = .optional(invite.dtstamp.map(\.unixSeconds))
        columns["method"] = .text(invite.method.rawValue)
        columns["source"] = .text(invite.source.rawValue)
        columns["raw"] = .blob(Data())
        columns["message_id"] = .int(message)
        columns["status"] = .text(status.rawValue)
        columns["updated_at"] = .integer(now.unixSeconds)
    }
}
