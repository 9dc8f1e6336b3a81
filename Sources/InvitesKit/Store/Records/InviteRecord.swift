import Foundation
import InvitesModel

/// An invitation's row in `invites`: what the organizer last sent, your answer to the series and
/// when it changed; its handle, UID and arrival only when it is first inserted. The message's
/// bytes live once in `messages`, so `raw` stays empty.
struct InviteRecord: FetchableRecord, PersistableRecord {
    enum Column: String, ColumnName {
        case id, handle, uid, recurrenceID = "recurrence_id", senderID = "sender_id", title
        case start = "start_at", end = "end_at", firstDate = "first_date", endDate = "end_date"
        case timeZone = "time_zone", location, description
        case organizerName = "organizer_name", organizerEmail = "organizer_email", organizerSentBy = "organizer_sent_by"
        case mailFrom = "mail_from", mailSender = "mail_sender", mailFailedChecks = "mail_failed_checks"
        case mailMessageID = "mail_message_id", mailReferences = "mail_references"
        case sequence, dtstamp, method, source, raw, message = "message_id"
        case properties, propertiesVersion = "properties_version", status
        case revision, factsVersion = "facts_version", factsRevision = "facts_revision", overAfter = "over_after"
        case liveUntil = "live_until"
        case receivedAt = "received_at", updatedAt = "updated_at"
    }

    static let table = "invites"
    /// The row's id; `nil` before it is inserted.
    var id: Int64?
    var invite: Invite
    /// The row of `messages` the invitation came in; `nil` in a row that names none.
    var message: Int64?
    var status: InviteStatus
    var now: Date
    /// The handle given to a new invitation; `nil` when a row already there is updated.
    var handle: String?
    var receivedAt: Date
    var revision = 0
    /// The facts kept for the row's revision, when they are of this version and that revision.
    var facts: InvitationFacts?
    /// The properties as kept (``encode(_:)``) and their version, read back only when asked
    /// (``keptProperties``): decoding them costs a count that needs none of them.
    private var kept: (text: String?, version: Int) = (nil, 0)

    init(invite: Invite, message: Int64, status: InviteStatus, now: Date, handle: String? = nil) {
        self.invite = invite
        self.message = message
        self.status = status
        self.now = now
        self.handle = handle
        self.receivedAt = now
    }

    /// What a count of the invitations waiting for an answer reads of each
    /// (``InboxStore/Reading/rows``): its times, method, status and kept facts. Selecting and
    /// naming every column was a sixth of what a `status` does past its start (SQLite compiles
    /// each column of a statement, and `status` prepares it at every run).
    static let counted: [Column] = [
        .id, .handle, .uid, .start, .end, .firstDate, .endDate, .method, .status, .revision, .factsVersion,
        .factsRevision, .overAfter, .liveUntil, .receivedAt, .updatedAt,
    ]

    /// A row read in part, its columns ``counted``: the invitation without its text, people or
    /// mail (empty and `nil`).
    init(counted row: Row<Column>) {
        id = row.int64(.id)
        invite = Invite(
            uid: row.text(.uid) ?? "", title: "", start: row.date(.start), end: row.date(.end),
            dates: row.allDayDates(.firstDate, .endDate),
            method: Invite.Method(rawValue: row.text(.method) ?? "") ?? .request, source: .itip, raw: Data())
        status = InviteStatus(rawValue: row.text(.status) ?? "") ?? .pending
        handle = row.text(.handle) ?? ""
        receivedAt = row.date(.receivedAt)
        now = row.date(.updatedAt)
        revision = row.int(.revision)
        facts = InviteRecord.facts(row, revision: revision)
    }

    /// The row read back whole: what ``init(counted:)`` reads, and the invitation's text, people,
    /// mail and message; its attendees, instances and bytes are rows of their own, and its
    /// properties are read by ``keptProperties``.
    init(row: Row<Column>) {
        self.init(counted: row)
        let organizer: Invite.Person? =
            row.text(.organizerName) == nil && row.text(.organizerEmail) == nil
            ? nil
            : Invite.Person(
                name: row.text(.organizerName), email: row.text(.organizerEmail), sentBy: row.text(.organizerSentBy))
        invite = Invite(
            uid: invite.uid, recurrenceID: row.key(.recurrenceID), senderID: row.text(.senderID),
            title: row.text(.title) ?? "", start: invite.start, end: invite.end, dates: invite.dates,
            timeZone: row.text(.timeZone), location: row.text(.location), description: row.text(.description),
            organizer: organizer, sequence: row.int(.sequence), dtstamp: row.optionalDate(.dtstamp),
            method: invite.method, source: Invite.Source(rawValue: row.text(.source) ?? "") ?? .itip, raw: Data())
        invite.mail = row.text(.mailMessageID).flatMap {
            MailThread(
                messageID: $0, references: (row.text(.mailReferences) ?? "").split(separator: " ").map(String.init))
        }
        if row.text(.mailFrom) != nil || row.text(.mailSender) != nil {
            invite.origin = MailOrigin(
                from: row.text(.mailFrom), sender: row.text(.mailSender),
                failedChecks: (row.text(.mailFailedChecks) ?? "").split(separator: " ").map(String.init))
        }
        message = row.optionalInt(.message).map(Int64.init)
        kept = (row.text(.properties), row.int(.propertiesVersion))
    }

    /// The facts a row keeps, when they are of this version and of the row's revision.
    private static func facts(_ row: Row<Column>, revision: Int) -> InvitationFacts? {
        guard row.int(.factsVersion) == InvitationFacts.version, row.int(.factsRevision) == revision else { return nil }
        return InvitationFacts(
            overAfter: row.optionalDate(.overAfter), revision: revision, liveUntil: row.optionalDate(.liveUntil))
    }

    /// The properties the row keeps; `nil` when they are of another version or unreadable, and
    /// so to be read again from the message.
    var keptProperties: EventProperties? { InviteRecord.decode(kept.text, version: kept.version) }

    func encode(to columns: inout Columns) {
        if let handle {
            columns.set(Column.handle, .text(handle))
            columns.set(Column.uid, .text(invite.uid))
            columns.set(Column.receivedAt, .integer(receivedAt.unixSeconds))
        }
        columns.set(Column.recurrenceID, .text(invite.recurrenceID ?? ""))
        columns.set(Column.senderID, .optional(invite.senderID))
        columns.set(Column.title, .text(invite.title))
        columns.set(Column.start, .integer(invite.start.unixSeconds))
        columns.set(Column.end, .integer(invite.end.unixSeconds))
        columns.set(Column.firstDate, .optional(invite.dates?.first.description))
        columns.set(Column.endDate, .optional(invite.dates?.endExclusive.description))
        columns.set(Column.timeZone, .optional(invite.timeZone))
        columns.set(Column.location, .optional(invite.location))
        columns.set(Column.description, .optional(invite.description))
        columns.set(Column.organizerName, .optional(invite.organizer?.name))
        columns.set(Column.organizerEmail, .optional(invite.organizer?.email))
        columns.set(Column.organizerSentBy, .optional(invite.organizer?.sentBy))
        columns.set(Column.mailFrom, .optional(invite.origin?.from))
        columns.set(Column.mailSender, .optional(invite.origin?.sender))
        columns.set(Column.mailFailedChecks, .optional(invite.origin?.failedChecks.joined(separator: " ")))
        columns.set(Column.sequence, .integer(invite.sequence))
        columns.set(Column.dtstamp, .optional(invite.dtstamp.map(\.unixSeconds)))
        columns.set(Column.method, .text(invite.method.rawValue))
        columns.set(Column.source, .text(invite.source.rawValue))
        columns.set(Column.raw, .blob(Data()))
        columns.set(Column.message, message.map { .int($0) } ?? .null)
        InviteRecord.encode(properties: invite.properties, to: &columns)
        columns.set(Column.status, .text(status.rawValue))
        columns.set(Column.updatedAt, .integer(now.unixSeconds))
    }

    /// The columns that keep an invitation's properties, of this version; none kept is version 0,
    /// which ``StoredPropertiesMigration`` reads again.
    static func encode(properties: EventProperties?, to columns: inout Columns) {
        if let properties {
            columns.set(Column.properties, .text(InviteRecord.encode(properties)))
            columns.set(Column.propertiesVersion, .integer(EventProperties.version))
        } else {
            columns.set(Column.properties, .null)
            columns.set(Column.propertiesVersion, .integer(0))
        }
    }

    /// The columns that keep the facts worked out for a revision.
    static func encode(facts: InvitationFacts, to columns: inout Columns) {
        columns.set(Column.factsVersion, .integer(InvitationFacts.version))
        columns.set(Column.factsRevision, .integer(facts.revision))
        columns.set(Column.overAfter, .optional(facts.overAfter.map(\.unixSeconds)))
        columns.set(Column.liveUntil, .optional(facts.liveUntil.map(\.unixSeconds)))
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
