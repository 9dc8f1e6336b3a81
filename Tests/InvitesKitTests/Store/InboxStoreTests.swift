import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit
@testable import InvitesModel

/// Versions and cancellations, message by message (RFC 5546 §2.1.5), in a real SQLite store.
@Suite struct InboxStoreTests {
    let home: String
    let store: InboxStore
    let now = Date.utc("2024-06-01T12:00:00Z")

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("invites-store-\(UUID().uuidString)").path
        store = try InboxStore(home: home)
    }

    func invite(
        sequence: Int, dtstamp: String, method: Invite.Method = .request, start: String = "2024-06-10T10:00:00Z",
        title: String = "Planning"
    ) -> Invite {
        Invite(
            uid: "plan@example.org", title: title, start: .utc(start), end: Date.utc(start).addingTimeInterval(3600),
            sequence: sequence, dtstamp: .utc(dtstamp), method: method, source: .itip,
            raw: Data("\(sequence)|\(dtstamp)|\(method)|\(start)|\(title)".utf8))
    }

    func result(_ invite: Invite) throws -> IngestOutcome {
        try #require(try InvitationFiler(store: store).file([invite], now: now).first)
    }

    @Test func requestUpdateStaleCancelReRequest() throws {
        let first = try result(invite(sequence: 0, dtstamp: "2024-06-01T08:00:00Z"))
        #expect(first.result == .new)
        #expect(first.stored.status == .pending)
        #expect(try result(invite(sequence: 0, dtstamp: "2024-06-01T08:00:00Z")).result == .unchanged)
        let minor = try result(invite(sequence: 0, dtstamp: "2024-06-01T09:00:00Z", title: "Planning (room)"))
        #expect(minor.result == .updated)
        #expect(minor.stored.handle == first.stored.handle)
        let major = try result(invite(sequence: 1, dtstamp: "2024-06-01T10:00:00Z", start: "2024-06-11T10:00:00Z"))
        #expect(major.result == .updated)
        let stale = try result(invite(sequence: 0, dtstamp: "2024-06-01T11:00:00Z"))
        #expect(stale.result == .unchanged)
        #expect(stale.note?.contains("stale") == true)
        #expect(stale.stored.invite.start == .utc("2024-06-11T10:00:00Z"))
        let cancel = try result(invite(sequence: 2, dtstamp: "2024-06-01T12:00:00Z", method: .cancel))
        #expect(cancel.result == .cancelled)
        #expect(cancel.stored.status == .cancelled)
        let again = try result(invite(sequence: 3, dtstamp: "2024-06-01T13:00:00Z"))
        #expect(again.result == .updated)
        #expect(again.stored.status == .pending)
        #expect(try store.list(statuses: nil).count == 1)
        let versions = try store.database.prepare("SELECT count(*) FROM invite_versions")
        #expect(try versions.step() && versions.int(0) == 5)
    }

    /// The statements kept prepared for every row read are reset after each use: a store that
    /// has read an invitation holds no read open, so another process's checkpoint goes through.
    @Test func aStoreThatHasReadHoldsNoReadOpen() throws {
        let filed = try result(invite(sequence: 0, dtstamp: "2024-06-01T08:00:00Z")).stored
        let store = try InboxStore(home: home)
        #expect(try store.resolve(filed.handle).invite.raw == filed.invite.raw)
        #expect(try store.resolve(filed.handle).invite.raw == filed.invite.raw, "the kept statements run again")
        #expect(store.statements.count == 3)
        let other = try Database(path: home + "/" + InboxStore.fileName)
        try other.execute("UPDATE invites SET title = 'Moved' WHERE handle = '\(filed.handle)'")
        let checkpoint = try other.prepare("PRAGMA wal_checkpoint(TRUNCATE)")
        #expect(try checkpoint.step() && checkpoint.int(0) == 0, "no reader stood in the checkpoint's way")
        #expect(try store.resolve(filed.handle).invite.title == "Moved")
    }

    @Test func cancelOfAnUnknownUIDIsRecorded() throws {
        let outcome = try result(invite(sequence: 1, dtstamp: "2024-06-01T08:00:00Z", method: .cancel))
        #expect(outcome.result == .cancelled)
        #expect(try store.list(statuses: [.cancelled]).count == 1)
        #expect(try store.awaitingAnswer().isEmpty)
    }

    @Test func movedInviteResetsAnAnswer() throws {
        _ = try result(invite(sequence: 0, dtstamp: "2024-06-01T08:00:00Z"))
        try store.database.execute("UPDATE invites SET status = 'accepted'")
        let moved = try result(invite(sequence: 1, dtstamp: "2024-06-01T09:00:00Z", start: "2024-06-12T10:00:00Z"))
        #expect(moved.stored.status == .pending)
        #expect(moved.note?.contains("back to pending") == true)
    }

    @Test func lookUpByHandleSenderIDAndUIDPrefix() throws {
        let push = Invite(
            uid: "push-12@invites", senderID: "12", title: "Push", start: now, end: now, source: .push,
            raw: Data("p".utf8))
        let other = Invite(
            uid: "push-13@invites", senderID: "13", title: "Other", start: now, end: now, source: .push,
            raw: Data("q".utf8))
        let outcomes = try InvitationFiler(store: store).file([push, other], now: now)
        #expect(try store.resolve(outcomes[0].stored.handle).invite.uid == "push-12@invites")
        #expect(try store.resolve("13").invite.uid == "push-13@invites")
        #expect(try store.resolve("push-12").invite.uid == "push-12@invites")
        #expect(throws: LookupError.self) { try store.resolve("push-1") }
        #expect(throws: LookupError.notFound(reference: "nothing")) { try store.resolve("nothing") }
        #expect(throws: LookupError.notFound(reference: "%")) { try store.resolve("%") }
        #expect(outcomes.allSatisfy { $0.stored.handle.count == 4 })
    }

    @Test func schemaIsVersionedAndANewerStoreIsRefused() throws {
        #expect(try store.database.userVersion == Schema.currentVersion)
        try store.database.execute("PRAGMA user_version = \(Schema.currentVersion + 1)")
        #expect(
            throws: StoreError.tooNew(
                path: (home as NSString).appendingPathComponent(InboxStore.fileName),
                version: Schema.currentVersion + 1, supported: Schema.currentVersion)
        ) {
            _ = try InboxStore(home: home)
        }
    }

    @Test func reopeningKeepsEverything() throws {
        _ = try result(invite(sequence: 0, dtstamp: "2024-06-01T08:00:00Z"))
        let reopened = try InboxStore(home: home)
        #expect(try reopened.list(statuses: nil).map(\.invite.title) == ["Planning"])
        let mode = try reopened.database.prepare("PRAGMA journal_mode")
        #expect(try mode.step() && mode.text(0) == "wal")
    }
}

/// A store written by every earlier schema version opens and keeps its data.
@Suite struct MigrationTests {
    @Test(arguments: 1..<Schema.currentVersion)
    func fromEarlierVersion(version: Int) throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("invites-migrate-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let database = try Database(path: (home as NSString).appendingPathComponent(InboxStore.fileName))
        for index in 0..<version { try database.execute(Schema.migrations[index]) }
        try database.execute("PRAGMA user_version = \(version)")
        try database.execute(
            """
            INSERT INTO invites (handle, uid, title, start_at, end_at, method, source, raw, status, received_at, updated_at)
            VALUES ('abcd', 'old@example.org', 'Old', 0, 3600, 'REQUEST', 'itip', x'00', 'accepted', 0, 0)
            """)
        let store = try InboxStore(home: home)
        #expect(try store.database.userVersion == Schema.currentVersion)
        let invite = try store.resolve("abcd")
        #expect(invite.invite.title == "Old")
        #expect(invite.status == .accepted)
        #expect(try store.calendarRecord(for: invite) == nil)
    }
}

/// A store of schema 4 kept the instances of one UID as invites of their own; schema 5 makes them
/// instances of one invitation without losing an answer, a history entry or a handle.
@Suite struct SeriesMigrationTests {
    @Test("Instance rows become instances of their invitation")
    func instanceRowsBecomeInstancesOfTheirInvitation() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("invites-migrate-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let database = try Database(path: (home as NSString).appendingPathComponent(InboxStore.fileName))
        for index in 0..<4 { try database.execute(Schema.migrations[index]) }
        try database.execute("PRAGMA user_version = 4")
        try database.execute(
            """
            INSERT INTO invites (id, handle, uid, recurrence_id, title, start_at, end_at, method, source, raw, status, received_at, updated_at)
            VALUES (1, 'mast', 'w@example.org', '', 'Weekly', 0, 3600, 'REQUEST', 'itip', x'0A', 'accepted', 0, 0),
                   (2, 'inst', 'w@example.org', '1970-01-08T00:00:00Z', 'Weekly moved', 610000, 613600, 'REQUEST', 'itip', x'0B', 'declined', 5, 5),
                   (3, 'lon1', 'lone@example.org', '1970-01-02T00:00:00Z', 'Lone', 86400, 90000, 'REQUEST', 'itip', x'0C', 'pending', 1, 1),
                   (4, 'lon2', 'lone@example.org', '1970-01-09T00:00:00Z', 'Lone 2', 691200, 694800, 'CANCEL', 'itip', x'0C', 'cancelled', 2, 2);
            INSERT INTO invite_versions (invite_id, sequence, title, start_at, end_at, raw, received_at)
            VALUES (1, 0, 'Weekly', 0, 3600, x'0A', 0), (2, 1, 'Weekly moved', 610000, 613600, x'0B', 5);
            INSERT INTO history (invite_id, handle, uid, recurrence_id, title, start_at, end_at, sequence, action, at)
            VALUES (1, 'mast', 'w@example.org', '', 'Weekly', 0, 3600, 0, 'accepted', 10),
                   (2, 'inst', 'w@example.org', '1970-01-08T00:00:00Z', 'Weekly moved', 610000, 613600, 1, 'declined', 11),
                   (4, 'lon2', 'lone@example.org', '1970-01-09T00:00:00Z', 'Lone 2', 691200, 694800, 0, 'cancelled', 12);
            INSERT INTO calendar_entries (invite_id, calendar, zones, version, written_at)
            VALUES (2, '/tmp/cal.ics', '[]', x'0B', 11);
            """)
        let store = try InboxStore(home: home)
        #expect(try store.database.userVersion == Schema.currentVersion)
        let all = try store.list(statuses: nil)
        #expect(all.map(\.handle).sorted() == ["lon1", "mast"])
        let weekly = try store.resolve("inst")
        #expect(weekly.handle == "mast")
        #expect(weekly.status == .accepted)
        #expect(weekly.invite.raw == Data([0x0A]))
        #expect(weekly.instances.map(\.recurrenceID) == ["1970-01-08T00:00:00Z"])
        #expect(weekly.instances.first?.answer == .declined)
        #expect(weekly.instances.first?.message == Data([0x0B]))
        #expect(weekly.answer(for: "1970-01-08T00:00:00Z") == .declined)
        #expect(try store.calendarRecord(for: weekly)?.calendar == "/tmp/cal.ics")
        let lone = try store.resolve("lon2")
        #expect(lone.handle == "lon1")
        #expect(lone.instances.map(\.recurrenceID) == ["1970-01-02T00:00:00Z", "1970-01-09T00:00:00Z"])
        #expect(lone.instance("1970-01-09T00:00:00Z")?.isCancelled == true)
        #expect(try store.history().count == 3)
        #expect(try store.history(handle: "mast").map(\.action) == [.declined, .accepted])
        let messages = try store.database.prepare("SELECT count(*) FROM messages")
        #expect(try messages.step() && messages.int(0) == 3)
    }

    /// A message holding many invitations is kept once, however many it holds.
    @Test func aMessageIsKeptOnce() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("invites-once-\(UUID().uuidString)")
            .path
        let store = try InboxStore(home: home)
        var events = ""
        for index in 0..<300 {
            events +=
                "BEGIN:VEVENT\r\nUID:e\(index)@example.org\r\nDTSTAMP:20240101T000000Z\r\nDTSTART:20240101T100000Z\r\n"
                + "DTEND:20240101T110000Z\r\nSUMMARY:E\(index)\r\nORGANIZER:mailto:o@example.org\r\n"
                + "ATTENDEE:mailto:me@example.org\r\nEND:VEVENT\r\n"
        }
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:t\r\nMETHOD:REQUEST\r\n\(events)END:VCALENDAR\r\n"
        let invites = try ITIPParser(display: .utc).parse(
            Data(text.utf8), file: "many.ics", source: .itip, fallbackMethod: nil)
        #expect(invites.count == 300)
        _ = try InvitationFiler(store: store).file(invites, now: Date())
        let size = try store.database.prepare("SELECT count(*), sum(length(data)) FROM messages")
        #expect(try size.step())
        #expect(size.int(0) == 1)
        #expect(size.int(1) == text.utf8.count)
    }
}
