import Foundation

/// The inbox: every invite ever ingested, with its versions, in one SQLite file under `--home`.
///
/// Each public operation is one transaction, so a crash or a concurrent `invites` leaves the
/// store as it was before the operation or as it is after it, never between.
public final class InboxStore {
    /// The SQLite file inside the home folder.
    public static let fileName = "invites.sqlite3"

    let database: Database

    /// Opens (creating and migrating when needed) the store in a home folder.
    public init(home: String) throws(StoreError) {
        do {
            try FileManager.default.createDirectory(
                atPath: home, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .cannotCreate(path: home, reason: error.localizedDescription)
        }
        database = try Database(path: (home as NSString).appendingPathComponent(InboxStore.fileName))
        try Schema.migrate(database)
    }

    /// Files each invite: new, a newer version of one held, a stale or identical copy, or a
    /// cancellation. All of them in one transaction.
    public func ingest(_ invites: [Invite], now: Date) throws(StoreError) -> [IngestOutcome] {
        try database.transaction { () throws(StoreError) -> [IngestOutcome] in
            var outcomes: [IngestOutcome] = []
            for invite in invites {
                outcomes.append(try file(invite, now: now))
            }
            return outcomes
        }
    }

    private func file(_ invite: Invite, now: Date) throws(StoreError) -> IngestOutcome {
        guard let existing = try find(uid: invite.uid, recurrenceID: invite.recurrenceID ?? "") else {
            let status: InviteStatus = invite.method == .cancel ? .cancelled : .pending
            let stored = try insert(invite, status: status, now: now)
            return IngestOutcome(stored: stored, result: invite.method == .cancel ? .cancelled : .new, note: nil)
        }
        if existing.invite.raw == invite.raw {
            return IngestOutcome(stored: existing, result: .unchanged, note: nil)
        }
        guard InboxStore.isNewer(invite, than: existing.invite) else {
            return IngestOutcome(
                stored: existing, result: .unchanged,
                note: "stale copy (SEQUENCE \(invite.sequence)); the inbox holds a newer version")
        }
        if invite.method == .cancel {
            let stored = try replace(existing, with: invite, status: .cancelled, now: now)
            return IngestOutcome(stored: stored, result: .cancelled, note: nil)
        }
        var status = existing.status
        var note: String?
        let moved = existing.invite.start != invite.start || existing.invite.end != invite.end
            || existing.invite.dates != invite.dates
        if existing.status == .cancelled {
            status = .pending
            note = "invited again after it was cancelled"
        } else if moved, existing.status != .pending {
            status = .pending
            note = "the time changed: your earlier answer (\(existing.status.rawValue)) is back to pending"
        }
        let stored = try replace(existing, with: invite, status: status, now: now)
        return IngestOutcome(stored: stored, result: .updated, note: note)
    }

    /// RFC 5546 §2.1.5: a higher SEQUENCE is newer; at the same SEQUENCE a later DTSTAMP is.
    /// Push payloads carry neither, so a different payload for the same id is the newer one.
    static func isNewer(_ incoming: Invite, than held: Invite) -> Bool {
        if incoming.sequence != held.sequence { return incoming.sequence > held.sequence }
        if let new = incoming.dtstamp, let old = held.dtstamp { return new > old }
        if incoming.method == .cancel && held.method != .cancel { return true }
        return incoming.source == .push || incoming.dtstamp != nil || held.dtstamp == nil
    }

    private func insert(_ invite: Invite, status: InviteStatus, now: Date) throws(StoreError) -> StoredInvite {
        let handle = try freeHandle(for: invite)
        let statement = try database.prepare(
            """
            INSERT INTO invites (handle, uid, recurrence_id, sender_id, title, start_at, end_at,
                first_date, end_date, time_zone, location, description, organizer_name, organizer_email,
                sequence, dtstamp, method, source, raw, status, received_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        try statement.bind(
            [.text(handle), .text(invite.uid), .text(invite.recurrenceID ?? "")]
                + InboxStore.fields(invite) + [.text(status.rawValue), .integer(seconds(now)), .integer(seconds(now))]
        ).run()
        let id = database.lastInsertRowID
        try writeAttendees(invite, id: id)
        try writeVersion(invite, id: id, now: now)
        return StoredInvite(handle: handle, invite: invite, status: status, receivedAt: now, updatedAt: now)
    }

    private func replace(
        _ existing: StoredInvite, with invite: Invite, status: InviteStatus, now: Date
    ) throws(StoreError) -> StoredInvite {
        guard let id = try rowID(handle: existing.handle) else {
            throw .sqlite(path: database.path, code: 0, message: "invite \(existing.handle) vanished")
        }
        let statement = try database.prepare(
            """
            UPDATE invites SET sender_id = ?, title = ?, start_at = ?, end_at = ?, first_date = ?,
                end_date = ?, time_zone = ?, location = ?, description = ?, organizer_name = ?,
                organizer_email = ?, sequence = ?, dtstamp = ?, method = ?, source = ?, raw = ?,
                status = ?, updated_at = ?
            WHERE id = ?
            """)
        try statement.bind(
            InboxStore.fields(invite) + [.text(status.rawValue), .integer(seconds(now)), .int(id)]
        ).run()
        try database.prepare("DELETE FROM attendees WHERE invite_id = ?").bind([.int(id)]).run()
        try writeAttendees(invite, id: id)
        try writeVersion(invite, id: id, now: now)
        return StoredInvite(
            handle: existing.handle, invite: invite, status: status, receivedAt: existing.receivedAt, updatedAt: now)
    }

    /// The columns from `sender_id` to `raw`, in table order.
    private static func fields(_ invite: Invite) -> [Statement.Value] {
        [
            .optional(invite.senderID), .text(invite.title), .integer(seconds(invite.start)),
            .integer(seconds(invite.end)), .optional(invite.dates?.first.description),
            .optional(invite.dates?.endExclusive.description), .optional(invite.timeZone),
            .optional(invite.location), .optional(invite.description), .optional(invite.organizer?.name),
            .optional(invite.organizer?.email), .integer(invite.sequence),
            .optional(invite.dtstamp.map(seconds)), .text(invite.method.rawValue),
            .text(invite.source.rawValue), .blob(invite.raw),
        ]
    }

    private func writeAttendees(_ invite: Invite, id: Int64) throws(StoreError) {
        let statement = try database.prepare(
            "INSERT INTO attendees (invite_id, position, address, name, partstat, rsvp) VALUES (?, ?, ?, ?, ?, ?)")
        for (position, attendee) in invite.attendees.enumerated() {
            try statement.bind([
                .int(id), .integer(position), .text(attendee.address), .optional(attendee.name),
                .text(attendee.partstat), .bool(attendee.rsvp),
            ]).run()
        }
    }

    private func writeVersion(_ invite: Invite, id: Int64, now: Date) throws(StoreError) {
        try database.prepare(
            """
            INSERT INTO invite_versions (invite_id, sequence, dtstamp, title, start_at, end_at, raw, received_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """
        ).bind([
            .int(id), .integer(invite.sequence), .optional(invite.dtstamp.map(seconds)), .text(invite.title),
            .integer(seconds(invite.start)), .integer(seconds(invite.end)), .blob(invite.raw), .integer(seconds(now)),
        ]).run()
    }

    /// A handle no other invite has: four characters of the UID's stable hash, more on a clash.
    ///
    /// The alphabet leaves out characters that read alike (0/o, 1/l/i), so a handle read off a
    /// screen is typed right.
    private func freeHandle(for invite: Invite) throws(StoreError) -> String {
        let alphabet = Array("23456789abcdefghjkmnpqrstuvwxyz")
        var hash = StableHash.fnv1a(Data((invite.uid + "\u{0}" + (invite.recurrenceID ?? "")).utf8))
        var digits: [Character] = []
        for _ in 0..<12 {
            digits.append(alphabet[Int(hash % UInt64(alphabet.count))])
            hash /= UInt64(alphabet.count)
        }
        for length in 4...digits.count {
            let candidate = String(digits.prefix(length))
            if try rowID(handle: candidate) == nil { return candidate }
        }
        var suffix = 2
        while try rowID(handle: "\(String(digits))\(suffix)") != nil { suffix += 1 }
        return "\(String(digits))\(suffix)"
    }

    private func rowID(handle: String) throws(StoreError) -> Int64? {
        let statement = try database.prepare("SELECT id FROM invites WHERE handle = ?")
        return try statement.bind([.text(handle)]).step() ? Int64(statement.int(0)) : nil
    }

    // MARK: Reading

    private static let columns = """
        handle, uid, recurrence_id, sender_id, title, start_at, end_at, first_date, end_date, time_zone,
        location, description, organizer_name, organizer_email, sequence, dtstamp, method, source, raw,
        status, received_at, updated_at, id
        """

    private func invites(where condition: String, _ values: [Statement.Value], suffix: String = "")
        throws(StoreError) -> [StoredInvite]
    {
        let statement = try database.prepare("SELECT \(InboxStore.columns) FROM invites WHERE \(condition) \(suffix)")
        try statement.bind(values)
        var result: [StoredInvite] = []
        while try statement.step() {
            result.append(try decode(statement))
        }
        return result
    }

    private func decode(_ row: Statement) throws(StoreError) -> StoredInvite {
        let id = row.int(22)
        var dates: Occurrence.AllDayDates?
        if let first = row.text(7).flatMap({ LocalDate(iso: $0) }), let end = row.text(8).flatMap({ LocalDate(iso: $0) }) {
            dates = Occurrence.AllDayDates(first: first, endExclusive: end)
        }
        let organizer: Invite.Person? = row.text(12) == nil && row.text(13) == nil
            ? nil : Invite.Person(name: row.text(12), email: row.text(13))
        let recurrenceID = row.text(2) ?? ""
        var invite = Invite(
            uid: row.text(1) ?? "", recurrenceID: recurrenceID.isEmpty ? nil : recurrenceID,
            senderID: row.text(3), title: row.text(4) ?? "", start: date(row.int(5)), end: date(row.int(6)),
            dates: dates, timeZone: row.text(9), location: row.text(10), description: row.text(11),
            organizer: organizer, sequence: row.int(14), dtstamp: row.optionalInt(15).map(date),
            method: Invite.Method(rawValue: row.text(16) ?? "") ?? .request,
            source: Invite.Source(rawValue: row.text(17) ?? "") ?? .itip, raw: row.blob(18))
        invite.attendees = try attendees(of: Int64(id))
        return StoredInvite(
            handle: row.text(0) ?? "", invite: invite,
            status: InviteStatus(rawValue: row.text(19) ?? "") ?? .pending,
            receivedAt: date(row.int(20)), updatedAt: date(row.int(21)))
    }

    private func attendees(of id: Int64) throws(StoreError) -> [Invite.Attendee] {
        let statement = try database.prepare(
            "SELECT address, name, partstat, rsvp FROM attendees WHERE invite_id = ? ORDER BY position")
        try statement.bind([.int(id)])
        var result: [Invite.Attendee] = []
        while try statement.step() {
            result.append(
                Invite.Attendee(
                    address: statement.text(0) ?? "", name: statement.text(1),
                    partstat: statement.text(2) ?? "NEEDS-ACTION", rsvp: statement.int(3) != 0))
        }
        return result
    }

    func find(uid: String, recurrenceID: String) throws(StoreError) -> StoredInvite? {
        try invites(where: "uid = ? AND recurrence_id = ?", [.text(uid), .text(recurrenceID)]).first
    }

    /// The invites in the inbox, newest first; `statuses == nil` means all of them.
    public func list(statuses: Set<InviteStatus>?) throws(StoreError) -> [StoredInvite] {
        let all = try invites(where: "1", [], suffix: "ORDER BY received_at DESC, id DESC")
        guard let statuses else { return all }
        return all.filter { statuses.contains($0.status) }
    }

    /// How many invites wait for an answer.
    public func pendingCount() throws(StoreError) -> Int {
        let statement = try database.prepare("SELECT count(*) FROM invites WHERE status = 'pending'")
        return try statement.step() ? statement.int(0) : 0
    }

    /// Finds the invite a user means: by handle, else by the sender's id, else by a unique
    /// prefix of its UID.
    public func resolve(_ reference: String) throws -> StoredInvite {
        if let match = try invites(where: "handle = ?", [.text(reference)]).first { return match }
        let bySender = try invites(where: "sender_id = ?", [.text(reference)])
        if bySender.count == 1 { return bySender[0] }
        let escaped = reference.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
        let byUID = bySender.isEmpty
            ? try invites(where: "uid LIKE ? ESCAPE '\\'", [.text(escaped + "%")]).filter { $0.invite.uid.hasPrefix(reference) }
            : bySender
        switch byUID.count {
        case 0: throw LookupError.notFound(reference: reference)
        case 1: return byUID[0]
        default:
            throw LookupError.ambiguous(
                reference: reference,
                candidates: byUID.map { "\($0.handle) (\(Printable.sanitize(String($0.invite.title.prefix(40)))))" })
        }
    }
}

private func seconds(_ date: Date) -> Int { Int(date.timeIntervalSince1970.rounded(.down)) }
private func date(_ seconds: Int) -> Date { Date(timeIntervalSince1970: Double(seconds)) }
