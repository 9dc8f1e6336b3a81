import Foundation
import InvitesFormats
import InvitesModel

/// Reading invitations back, with their instances, attendees and messages, by column name.
extension InboxStore {
    /// What a reading of invitations selects: the invitation's row (`i`) and the calendar item
    /// it was found in (`c`).
    static let columns = InviteRecord.selection("i") + ", " + CalendarItemRecord.selection("c")

    /// ``columns`` as a store before version 20 holds them, `live_until` read as NULL: what the
    /// data migration of version 19 reads, which runs before version 20 adds the column.
    static let columnsBeforeLiveUntil =
        InviteRecord.selection("i", replacing: [.liveUntil: "NULL"]) + ", " + CalendarItemRecord.selection("c")

    /// What a count reads of each invitation (``Reading/rows``), without the calendar item.
    static let countedColumns = InviteRecord.selection("i", only: InviteRecord.counted)

    /// What a reading of instances selects (`s`).
    static let instanceColumns = InstanceRecord.selection("s")

    /// ``instanceColumns`` as a store before version 21 holds them, `this_and_future` read as 0:
    /// what the data migration of version 19 reads, before version 21 adds the column.
    static let instanceColumnsBeforeRanges = InstanceRecord.selection("s", replacing: [.thisAndFuture: "0"])

    /// How much of an invitation a reading brings back.
    enum Reading {
        /// Everything: the message's bytes and the kept properties with the rows.
        case whole
        /// What tells whether it waits for an answer and until when, for a count that reads the
        /// rest only where that is not enough: the invitation's columns ``InviteRecord/counted``
        /// and its instances; not its text, people, mail, attendees, calendar item, message's
        /// bytes or kept properties (empty and `nil`).
        case rows
    }

    func invites(
        where condition: String, _ values: [Statement.Value], suffix: String = "", reading: Reading = .whole,
        columns: String = InboxStore.columns, instanceColumns: String = InboxStore.instanceColumns
    ) throws(StoreError) -> [StoredInvite] {
        let statement = try database.prepare(
            reading == .rows
                ? "SELECT \(InboxStore.countedColumns) FROM invites AS i WHERE \(condition) \(suffix)"
                : """
                SELECT \(columns) FROM invites AS i LEFT JOIN calendar_items AS c ON c.invite_id = i.id
                WHERE \(condition) \(suffix)
                """)
        try statement.bind(values)
        var result: [StoredInvite] = []
        while try statement.step() {
            result.append(try decode(statement, reading: reading, instanceColumns: instanceColumns))
        }
        return result
    }

    /// One invitation from a row of ``columns``, with its attendees and instances.
    func decode(
        _ statement: Statement, reading: Reading = .whole, instanceColumns: String = InboxStore.instanceColumns
    ) throws(StoreError) -> StoredInvite {
        let whole = reading == .whole
        let row = InviteRecord.row(statement, alias: "i")
        let record = whole ? InviteRecord(row: row) : InviteRecord(counted: row)
        let id = record.id ?? 0
        var invite = record.invite
        if whole {
            invite.raw = try message(record.message) ?? Data()
            invite.properties = record.keptProperties
            invite.attendees = try attendees(of: id)
        } else {
            invite.properties = nil
        }
        let found = try instances(of: id, reading: reading, columns: instanceColumns)
        invite.instances = found.compactMap(\.organizer)
        return StoredInvite(
            handle: record.handle ?? "", invite: invite, status: record.status, receivedAt: record.receivedAt,
            updatedAt: record.now, instances: found,
            foundIn: whole ? CalendarItemRecord.item(CalendarItemRecord.row(statement, alias: "c")) : nil,
            revision: record.revision, facts: record.facts)
    }

    /// The instances of an invitation, in time order of their keys.
    func instances(
        of id: Int64, reading: Reading = .whole, columns: String = InboxStore.instanceColumns
    ) throws(StoreError) -> [StoredInstance] {
        try withStatement(
            """
            SELECT \(columns) FROM instances AS s WHERE s.invite_id = ? ORDER BY s.recurrence_id
            """
        ) { statement throws(StoreError) in try instances(statement.bind([.int(id)]), reading: reading) }
    }

    private func instances(_ statement: Statement, reading: Reading) throws(StoreError) -> [StoredInstance] {
        var result: [StoredInstance] = []
        while try statement.step() {
            let record = InstanceRecord(row: InstanceRecord.row(statement, alias: "s"))
            result.append(
                StoredInstance(
                    recurrenceID: record.recurrenceID, organizer: record.instance,
                    message: reading == .whole ? try message(record.message) : nil, answer: record.answer))
        }
        return result
    }

    /// A message's bytes, read once per store and shared by every invitation it carries: a
    /// message of 3,000 invitations is one buffer in memory, not 3,000 copies.
    func message(_ id: Int64?) throws(StoreError) -> Data? {
        guard let id else { return nil }
        if let known = messages[id] { return known }
        let data = try withStatement("SELECT data FROM messages WHERE id = ?") { statement throws(StoreError) in
            try statement.bind([.int(id)]).step() ? statement.blob(0) : Data()
        }
        messages[id] = data
        return data
    }

    /// Runs `body` with the statement of `sql`, prepared once per store (``statements``) and
    /// reset after each use. A use within another use of the same statement prepares its own.
    private func withStatement<T>(_ sql: String, _ body: (Statement) throws(StoreError) -> T) throws(StoreError) -> T {
        let statement: Statement
        if let kept = statements.removeValue(forKey: sql) {
            statement = kept
        } else {
            statement = try database.prepare(sql)
        }
        defer {
            statement.reset()
            statements[sql] = statement
        }
        return try body(statement)
    }

    func attendees(of id: Int64) throws(StoreError) -> [Invite.Attendee] {
        try withStatement(
            "SELECT \(AttendeeRecord.selection("a")) FROM attendees AS a WHERE a.invite_id = ? ORDER BY a.position"
        ) { statement throws(StoreError) in try attendees(statement.bind([.int(id)])) }
    }

    private func attendees(_ statement: Statement) throws(StoreError) -> [Invite.Attendee] {
        var result: [Invite.Attendee] = []
        while try statement.step() {
            result.append(AttendeeRecord(row: AttendeeRecord.row(statement, alias: "a")).attendee)
        }
        return result
    }

    /// Every handle with the sender's id and the title, in handle order: what a mistyped
    /// reference is compared with. Only three columns are read, never a message.
    package func references() throws(StoreError) -> [(handle: String, senderID: String?, title: String)] {
        let statement = try database.prepare(
            "SELECT \(InviteRecord.selection("i", only: [.handle, .senderID, .title])) FROM invites AS i ORDER BY i.handle"
        )
        var result: [(handle: String, senderID: String?, title: String)] = []
        while try statement.step() {
            let row = InviteRecord.row(statement, alias: "i")
            result.append((row.text(.handle) ?? "", row.text(.senderID), row.text(.title) ?? ""))
        }
        return result
    }

    /// The invitation of a row.
    func invite(id: Int64) throws(StoreError) -> StoredInvite? {
        try invites(where: "i.id = ?", [.int(id)]).first
    }

    /// The invitation of a UID.
    package func find(uid: String) throws(StoreError) -> StoredInvite? {
        try invites(where: "i.uid = ?", [.text(uid)], suffix: "ORDER BY i.id LIMIT 1").first
    }

    /// Every UID the inbox holds: what a look at a calendar parses whatever its bytes say, since
    /// the item is where your answer given elsewhere arrives (``InvitationPrefilter``).
    package func uids() throws(StoreError) -> Set<String> {
        let statement = try database.prepare(
            "SELECT DISTINCT \(InviteRecord.selection("i", only: [.uid])) FROM invites AS i")
        var found = Set<String>()
        while try statement.step() {
            if let uid = InviteRecord.row(statement, alias: "i").text(.uid) { found.insert(uid) }
        }
        return found
    }

    /// Whether the inbox holds any of `uids`: asked at every look at a calendar that passed over
    /// invitations you answered there, so a few at a time, by the index on UIDs.
    package func holdsAny(uids: [String]) throws(StoreError) -> Bool {
        for start in stride(from: 0, to: uids.count, by: 200) {
            let part = Array(uids[start..<min(start + 200, uids.count)])
            let marks = Array(repeating: "?", count: part.count).joined(separator: ",")
            let statement = try database.prepare("SELECT 1 FROM invites WHERE uid IN (\(marks)) LIMIT 1")
            try statement.bind(part.map { .text($0) })
            if try statement.step() { return true }
        }
        return false
    }

    /// The order of listings: the invitation that changed last first, whether the organizer
    /// changed it (an update that puts it back to pending) or you did (an answer), counting
    /// changes to single instances.
    static let lastChangedFirst = """
        ORDER BY max(i.updated_at, COALESCE((SELECT max(s.updated_at) FROM instances AS s WHERE s.invite_id = i.id),
            0)) DESC, i.id DESC
        """

    /// The invites in the inbox, the last changed first; `statuses == nil` means all of them.
    /// An invitation counts as pending while its series or any instance not cancelled waits for
    /// an answer (see ``StoredInvite/needsAnswer``); whether it is over is the listing's
    /// business (``ListController``).
    package func list(statuses: Set<InviteStatus>?) throws(StoreError) -> [StoredInvite] {
        let all = try invites(where: "1", [], suffix: InboxStore.lastChangedFirst)
        guard let statuses else { return all }
        return all.filter { statuses.contains($0.state) || (statuses.contains(.pending) && $0.needsAnswer) }
    }

    /// The invitations that wait for an answer, the last changed first: only those rows are
    /// read, so that `status` stays one query and a few rows. With `liveAt`, those whose kept
    /// ``InvitationFacts`` say they were over by then are left out too, so that years of
    /// invitations nobody answered cost nothing; the rest are still tested exactly by the caller.
    package func awaitingAnswer(liveAt now: Date? = nil) throws(StoreError) -> [StoredInvite] {
        try awaitingAnswer(liveAt: now, reading: .whole)
    }

    func awaitingAnswer(liveAt now: Date?, reading: Reading) throws(StoreError) -> [StoredInvite] {
        guard let now else {
            return try invites(where: InboxStore.pending, [], suffix: InboxStore.lastChangedFirst, reading: reading)
        }
        let seconds = Statement.Value.integer(now.unixSeconds)
        return try invites(
            where: InboxStore.live, [seconds, .integer(InvitationFacts.version), seconds],
            suffix: InboxStore.lastChangedFirst, reading: reading)
    }

    /// The invitations of some handles, whole, in no particular order; asked 500 at a time, well
    /// within the placeholders a statement may hold in any SQLite (999 before 3.32).
    func invites(handles: [String]) throws(StoreError) -> [StoredInvite] {
        var found: [StoredInvite] = []
        for start in stride(from: 0, to: handles.count, by: 500) {
            let some = handles[start..<min(start + 500, handles.count)]
            let places = Array(repeating: "?", count: some.count).joined(separator: ", ")
            found += try invites(where: "i.handle IN (\(places))", some.map { .text($0) })
        }
        return found
    }

    /// An invitation, or one of its occurrences, waits for your answer.
    static let pending = """
        i.method != 'PUBLISH' AND (i.status = 'pending' OR EXISTS (SELECT 1 FROM instances AS s
            WHERE s.invite_id = i.id AND s.answer = 'pending' AND s.cancelled = 0))
        """

    /// ``pending`` and not over by the time bound to the first and third `?` by the facts of
    /// the current revision (the second `?`: ``InvitationFacts/version``). The candidates come
    /// from the two indexes of schema 14, whose expression this repeats word for word; the full
    /// test follows on those rows alone.
    static let live = """
        i.id IN (SELECT id FROM invites WHERE status = 'pending' AND \(overAfter) IS NULL
            UNION ALL SELECT id FROM invites WHERE status = 'pending' AND \(overAfter) > ?
            UNION SELECT invite_id FROM instances WHERE answer = 'pending' AND cancelled = 0)
        AND \(pending) AND NOT (i.facts_version = ? AND i.facts_revision = i.revision
            AND i.over_after IS NOT NULL AND i.over_after <= ?)
        """

    private static let overAfter = """
        CASE WHEN facts_version = \(InvitationFacts.version) AND facts_revision = revision THEN over_after END
        """

    /// The invitations whose properties are not kept in this version, with their messages: what
    /// ``StoredPropertiesMigration`` reads once.
    package func invitesWithoutProperties() throws(StoreError) -> [StoredInvite] {
        // Two ranges rather than `!=`, which no index can serve. Every open asks, almost always
        // to find none: a short query first, since preparing the whole reading costs more than
        // running it.
        let condition = "(i.properties_version < ? OR i.properties_version > ?)"
        let versions: [Statement.Value] = [.integer(EventProperties.version), .integer(EventProperties.version)]
        let probe = try database.prepare("SELECT 1 FROM invites AS i WHERE \(condition) LIMIT 1")
        guard try probe.bind(versions).step() else { return [] }
        return try invites(
            where: condition, versions, columns: InboxStore.columnsBeforeLiveUntil,
            instanceColumns: InboxStore.instanceColumnsBeforeRanges)
    }

    /// Keeps the properties read for invitations, by handle.
    package func keep(properties: [String: EventProperties]) throws(StoreError) {
        guard !properties.isEmpty else { return }
        try database.transaction { () throws(StoreError) in
            for (handle, kept) in properties.sorted(by: { $0.key < $1.key }) {
                var columns = Columns()
                InviteRecord.encode(properties: kept, to: &columns)
                try database.update(InviteRecord.self, columns, where: .handle, is: .text(handle))
            }
        }
    }

    /// Keeps facts worked out for invitations, each for the revision it was worked out from: a
    /// revision filed meanwhile (another `invites`, a sync) leaves them stale, never wrong.
    package func keep(_ facts: [String: InvitationFacts]) throws(StoreError) {
        guard !facts.isEmpty else { return }
        try database.cachingTransaction { () throws(StoreError) in
            for (handle, kept) in facts.sorted(by: { $0.key < $1.key }) {
                var columns = Columns()
                InviteRecord.encode(facts: kept, to: &columns)
                try database.update(InviteRecord.self, columns, where: .handle, is: .text(handle))
            }
        }
    }

    /// Keeps, for invitations, a time before which each is not over (``InvitationFacts/liveUntil``),
    /// each only beside the facts of the revision it was found for: a revision filed meanwhile
    /// has facts of its own, written without it.
    package func keep(liveUntil: [String: (until: Date, revision: Int)]) throws(StoreError) {
        guard !liveUntil.isEmpty else { return }
        try database.cachingTransaction { () throws(StoreError) in
            let statement = try database.prepare(
                """
                UPDATE invites SET live_until = ?
                WHERE handle = ? AND revision = ? AND facts_revision = ? AND facts_version = ?
                """)
            for (handle, kept) in liveUntil.sorted(by: { $0.key < $1.key }) {
                try statement.bind([
                    .integer(kept.until.unixSeconds), .text(handle), .integer(kept.revision),
                    .integer(kept.revision), .integer(InvitationFacts.version),
                ])
                .run()
            }
        }
    }

    /// The invitations whose handle is `handle`, or that took in an instance an earlier
    /// `invites` kept under that handle (``InviteLookup``).
    func invites(handle: String) throws(StoreError) -> [StoredInvite] {
        let direct = try invites(where: "i.handle = ?", [.text(handle)])
        guard direct.isEmpty else { return direct }
        return try invites(where: "i.id = (SELECT invite_id FROM aliases WHERE handle = ?)", [.text(handle)])
    }

    /// The invitations the sender's id `senderID` names.
    func invites(senderID: String) throws(StoreError) -> [StoredInvite] {
        try invites(where: "i.sender_id = ?", [.text(senderID)])
    }

    /// The invitations whose UID begins with `prefix`.
    func invites(uidPrefix prefix: String) throws(StoreError) -> [StoredInvite] {
        let escaped = prefix.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
        return try invites(where: "i.uid LIKE ? ESCAPE '\\'", [.text(escaped + "%")]).filter {
            $0.invite.uid.hasPrefix(prefix)
        }
    }
}
