import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit
@testable import InvitesModel

/// A store someone else keeps locked is reported, after the busy timeout, in words.
@Suite struct StoreLockTests {
    @Test func aLockHeldElsewhereEndsInLocked() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("invites-lock-\(UUID().uuidString)")
            .path
        let store = try InboxStore(home: home)
        let other = try Database(path: home + "/" + InboxStore.fileName)
        try other.execute("BEGIN EXCLUSIVE")
        defer { try? other.execute("ROLLBACK") }
        let invite = Invite(
            uid: "lock@example.org", title: "Locked", start: .utc("2024-06-10T10:00:00Z"),
            end: .utc("2024-06-10T11:00:00Z"),
            sequence: 0, dtstamp: .utc("2024-06-01T08:00:00Z"), method: .request, source: .itip, raw: Data("lock".utf8))
        let started = Date()
        #expect(throws: StoreError.locked(home: home)) {
            try InvitationFiler(store: store).file([invite], now: .utc("2024-06-01T12:00:00Z"))
        }
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(
            StoreError.locked(home: home).description == "the inbox \(home) is locked by another invites; try again")
    }
}
