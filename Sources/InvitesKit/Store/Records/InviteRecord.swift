import Foundation
import InvitesModel

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
            columns.set("handle", .text(handle))
            columns.set("uid", .text(invite.uid))
            columns.set("received_at", .integer(now.unixSeconds))
        }
        columns.set("recurrence_id", .text(invite.recurrenceID ?? ""))
        columns.set("sender_id", .optional(invite.senderID))
        columns.set("title", .text(invite.title))
        columns.set("start_at", .integer(invite.start.unixSeconds))
        columns.set("end_at", .integer(invite.end.unixSeconds))
        columns.set("first_date", .optional(invite.dates?.first.description))
        columns.set("end_date", .optional(invite.dates?.endExclusive.description))
        columns.set("time_zone", .optional(invite.timeZone))
        columns.set("location", .optional(invite.location))
        columns.set("description", .optional(invite.description))
        columns.set("organizer_name", .optional(invite.organizer?.name))
        columns.set("organizer_email", .optional(invite.organizer?.email))
        columns.set("organizer_sent_by", .optional(invite.organizer?.sentBy))
        columns.set("mail_from", .optional(invite.origin?.from))
        columns.set("mail_sender", .optional(invite.origin?.sender))
        columns.set("mail_failed_checks", .optional(invite.origin?.failedChecks.joined(separator: " ")))
        columns.set("sequence", .integer(invite.sequence))
        columns.set("dtstamp", .optional(invite.dtstamp.map(\.unixSeconds)))
        columns.set("method", .text(invite.method.rawValue))
        columns.set("source", .text(invite.source.rawValue))
        columns.set("raw", .blob(Data()))
        columns.set("message_id", .int(message))
        if let properties = invite.properties {
            columns.set("properties", .text(InviteRecord.encode(properties)))
            columns.set("properties_version", .integer(EventProperties.version))
        } else {
            columns.set("properties", .null)
            columns.set("properties_version", .integer(0))
        }
        columns.set("status", .text(status.rawValue))
        columns.set("updated_at", .integer(now.unixSeconds))
    }

    /// The properties as the store keeps them: JSON, keys sorted, so equal properties are equal
    /// text.
    static func encode(_ properties: EventProperties) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(properties)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// Properties kept in `version`; `nil` when they are of another version or unreadable, and
    /// so to be read again from the message.
    static func decode(_ text: String?, version: Int) -> EventProperties? {
        guard version == EventProperties.version, let text else { return nil }
        return try? JSONDecoder().decode(EventProperties.self, from: Data(text.utf8))
    }
}
