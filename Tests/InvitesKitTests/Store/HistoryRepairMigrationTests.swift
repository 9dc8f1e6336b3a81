import Foundation
import Testing

@testable import InvitesKit

/// Schema 16: a store from before it moved every waiting entry to the newest reply, so its
/// history said sent for answers the reply had replaced. The migration finds them again.
@Suite struct HistoryRepairMigrationTests {
    @Test("Entries the reply could not carry are superseded again")
    func entriesTheReplyCouldNotCarryAreSupersededAgain() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("invites-repair-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let database = try Database(path: (home as NSString).appendingPathComponent(InboxStore.fileName))
        for index in 0..<14 { try database.execute(Schema.migrations[index]) }
        try database.execute("PRAGMA user_version = 14")
        let x = "1970-01-08T00:00:00Z"
        let y = "1970-01-15T00:00:00Z"
        try database.execute(
            """
            INSERT INTO invites (id, handle, uid, title, start_at, end_at, method, source, raw, status, received_at, updated_at)
            VALUES (1, 'aaaa', 'a@example.org', 'A', 0, 3600, 'REQUEST', 'itip', x'00', 'accepted', 0, 0),
                   (2, 'bbbb', 'b@example.org', 'B', 0, 3600, 'REQUEST', 'itip', x'01', 'accepted', 0, 0);
            INSERT INTO outbox (id, invite_id, transport, recipient, subject, body, state, created_at, updated_at, sent_at, kind, superseded_by)
            VALUES (1, 1, 'mail', 'o@example.org', 'Accepted: A', x'00', 'sent', 20, 30, 30, 'reply', NULL),
                   (2, 2, 'mail', 'o@example.org', 'Declined: B', x'00', 'queued', 40, 40, NULL, 'reply', NULL),
                   (3, 2, 'mail', 'o@example.org', 'New time proposed: B', x'00', 'superseded', 50, 60, NULL, 'counter', 4),
                   (4, 2, 'mail', 'o@example.org', 'New time proposed: B', x'00', 'queued', 60, 60, NULL, 'counter', NULL);
            INSERT INTO history (id, invite_id, handle, uid, recurrence_id, title, start_at, end_at, sequence, action, comment, at, delivery, outbox_id)
            VALUES (1, 1, 'aaaa', 'a@example.org', '', 'A', 0, 3600, 0, 'declined', 'cannot', 10, 'queued', 1),
                   (2, 1, 'aaaa', 'a@example.org', '', 'A', 0, 3600, 0, 'accepted', NULL, 20, 'queued', 1),
                   (3, 2, 'bbbb', 'b@example.org', '', 'B', 0, 3600, 0, 'accepted', 'Fine', 10, 'queued', 2),
                   (4, 2, 'bbbb', 'b@example.org', '', 'B', 0, 3600, 0, 'commented', 'a', 20, 'queued', 2),
                   (5, 2, 'bbbb', 'b@example.org', '\(x)', 'B', 0, 3600, 0, 'declined', 'away', 40, 'queued', 2),
                   (6, 2, 'bbbb', 'b@example.org', '\(y)', 'B', 0, 3600, 0, 'declined', 'away', 40, 'queued', 2),
                   (7, 2, 'bbbb', 'b@example.org', '', 'B', 0, 3600, 0, 'proposed', NULL, 50, 'queued', 3),
                   (8, 2, 'bbbb', 'b@example.org', '', 'B', 0, 3600, 0, 'proposed', NULL, 60, 'queued', 4);
            """)
        let store = try InboxStore(home: home)
        #expect(try store.database.userVersion == Schema.currentVersion)
        let a = try store.history(handle: "aaaa")
        #expect(a.map(\.delivery) == [.sent, .superseded])
        #expect(a.last?.supersededBy == .init(action: .accepted, at: Date(unixSeconds: 20), recurrenceID: nil))
        let b = Dictionary(
            uniqueKeysWithValues: try store.history(handle: "bbbb").compactMap { e in e.id.map { ($0, e) } })
        #expect(b[3]?.delivery == .queued)
        #expect(b[3]?.commentLeftOutBy == .init(action: .commented, at: Date(unixSeconds: 20), recurrenceID: nil))
        #expect(b[4]?.delivery == .superseded)
        #expect(b[4]?.supersededBy == .init(action: .declined, at: Date(unixSeconds: 40), recurrenceID: x))
        #expect(b[5]?.delivery == .queued && b[5]?.commentLeftOutBy == nil)
        #expect(b[6]?.delivery == .queued && b[6]?.commentLeftOutBy == nil)
        #expect(b[7]?.delivery == .superseded)
        #expect(b[7]?.supersededBy == .init(action: .proposed, at: Date(unixSeconds: 60), recurrenceID: nil))
        #expect(b[8]?.delivery == .queued && b[8]?.supersededBy == nil)
    }
}
