import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit

/// A store the previous release kept (Fixtures/stores) opens with this one: it migrates, and
/// reads back as that release showed it.
@Suite struct ReleasedStoreTests {
    /// A copy of the released store in a home of its own.
    static func releasedHome() throws -> String {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent(
            "invites-released-\(UUID().uuidString)"
        )
        .path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: Fixture.path("stores/schema-17.sqlite3"), toPath: home + "/" + InboxStore.fileName)
        return home
    }

    @Test("A store of the previous release migrates and reads as it did")
    func aStoreOfThePreviousReleaseMigratesAndReadsAsItDid() throws {
        let store = try InboxStore(home: try ReleasedStoreTests.releasedHome())
        #expect(try store.database.userVersion == Schema.currentVersion)
        let all = try store.list(statuses: nil)
        #expect(all.map(\.handle).sorted() == ["3kv8", "9hgn", "hj67"])
        #expect(
            Dictionary(uniqueKeysWithValues: all.map { ($0.handle, $0.status) })
                == ["3kv8": .accepted, "9hgn": .pending, "hj67": .declined])
        #expect(all.allSatisfy { $0.invite.properties != nil && !$0.invite.raw.isEmpty })
        let recurring = try store.resolve("3kv8")
        #expect(recurring.invite.title == "Weekly Planning Meeting")
        #expect(recurring.invite.properties?.rule != nil)
        let history = try store.history()
        #expect(history.map(\.action) == [.declined, .accepted])
        #expect(history.map(\.comment) == [nil, "See you"])
        #expect(history.allSatisfy { $0.delivery == .queued })
        let outbox = try store.outbox()
        #expect(outbox.map(\.subject) == ["Accepted: Weekly Planning Meeting", "Declined: Spot le chien"])
        #expect(outbox.map(\.state) == [.queued, .queued])
        #expect(try store.calendarRecord(for: recurring)?.calendar == "home/cal.ics")
    }

    @Test("The data migration reads the properties a store kept without them")
    func theDataMigrationReadsPropertiesAStoreKeptWithout() throws {
        let home = try ReleasedStoreTests.releasedHome()
        let expected = try InboxStore(home: try ReleasedStoreTests.releasedHome()).resolve("3kv8").invite.properties
        do {
            // What a store of a release before version 12 kept: no properties, at the version
            // before the data migration.
            let released = try Database(path: home + "/" + InboxStore.fileName)
            try released.execute("UPDATE invites SET properties = NULL, properties_version = 0")
        }
        let store = try InboxStore(home: home)
        #expect(try store.resolve("3kv8").invite.properties == expected)
        #expect(try store.invitesWithoutProperties().isEmpty)
    }
}
