import Foundation
import Testing

@testable import InvitesKit

/// A store's file may have been made by someone else (issue 34, case 11): the cache is deleted
/// and made again when its schema is not exactly what `invites` makes, and its statements are
/// bounded; the inbox, the user's own data, is refused with a message and left as it is.
@Suite struct CraftedStoreTests {
    static func home() throws -> String {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("crafted-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        return home
    }

    static let endless = "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r)"
    static let tables = Schema.cacheMigrations[0]
    /// The cache's second table as its migration makes it.
    static var windowCache: String {
        tables.range(of: "CREATE TABLE window_cache").map { String(tables[$0.lowerBound...]) } ?? ""
    }

    /// Crafted caches, each with what its reason names. The views and the trigger never end.
    static let craftedCaches: [(sql: String, reason: String)] = [
        (
            """
            CREATE VIEW calendar_index AS \(endless) SELECT n || '' AS key, x'00' AS data, n AS updated_at FROM r;
            CREATE VIEW window_cache AS \(endless)
                SELECT n || '' AS key, 1 AS lower, 2 AS upper, x'00' AS data, n AS updated_at FROM r;
            PRAGMA user_version = 1;
            """, "it holds view \"calendar_index\""
        ),
        (
            tables + """
                CREATE TRIGGER stall AFTER INSERT ON window_cache BEGIN
                    SELECT count(*) FROM (\(endless) SELECT n FROM r);
                END;
                PRAGMA user_version = 1;
                """, "it holds trigger \"stall\""
        ),
        (tables + "CREATE TABLE extra (x); PRAGMA user_version = 1;", "it holds table \"extra\""),
        (
            tables + "CREATE INDEX heavy ON window_cache (length(zeroblob(100000000))); PRAGMA user_version = 1;",
            "it holds index \"heavy\""
        ),
        (
            "CREATE TABLE calendar_index (key TEXT PRIMARY KEY, data BLOB NOT NULL, updated_at INTEGER NOT NULL,"
                + " extra AS (length(zeroblob(100000000))));" + windowCache + "PRAGMA user_version = 1;",
            "its table \"calendar_index\" is not as invites makes it"
        ),
        ("CREATE VIEW v AS \(endless) SELECT n FROM r;", "it holds view \"v\""),
        ("CREATE TABLE calendar_index (key TEXT PRIMARY KEY); PRAGMA user_version = 1;", "is not as invites makes it"),
    ]

    @Test(arguments: 0..<craftedCaches.count)
    func aCraftedCacheIsDeletedAndMadeAgain(index: Int) throws {
        let (sql, reason) = CraftedStoreTests.craftedCaches[index]
        let home = try CraftedStoreTests.home()
        defer { try? FileManager.default.removeItem(atPath: home) }
        do {
            let crafted = try Database(path: home + "/" + CacheStore.fileName)
            try crafted.execute(sql)
        }
        let started = Date()
        let cache = try CacheStore(home: home)
        #expect(cache.remade?.contains(reason) == true, "\(cache.remade ?? "not remade")")
        try CraftedStoreTests.expectAsMade(cache)
        cache.saveWindow(Data([1, 2, 3]), for: "calendar", days: 0..<7)
        #expect(cache.windowData(for: "calendar", days: 0..<7) == Data([1, 2, 3]))
        cache.saveIndex(Data([4]), for: "calendar")
        #expect(cache.indexData(for: "calendar") == Data([4]))
        #expect(Date().timeIntervalSince(started) < 2)
        // Made again, it is used as it is.
        #expect(try CacheStore(home: home).remade == nil)
    }

    /// A file that is no SQLite database, and one whose pages are damaged, are made again.
    @Test func aCacheSQLiteCannotReadIsMadeAgain() throws {
        let home = try CraftedStoreTests.home()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let path = home + "/" + CacheStore.fileName
        #expect(FileManager.default.createFile(atPath: path, contents: Data(repeating: 0x41, count: 8192)))
        let cache = try CacheStore(home: home)
        #expect(cache.remade?.contains("SQLite cannot read it") == true, "\(cache.remade ?? "not remade")")
        try CraftedStoreTests.expectAsMade(cache)

        // The first page, where the schema is, overwritten past the file's header.
        let damaged = try CraftedStoreTests.home()
        defer { try? FileManager.default.removeItem(atPath: damaged) }
        do {
            let made = try CacheStore(home: damaged)
            try made.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        let file = try #require(FileHandle(forUpdatingAtPath: damaged + "/" + CacheStore.fileName))
        try file.seek(toOffset: 100)
        try file.write(contentsOf: Data(repeating: 0xFF, count: 400))
        try file.close()
        let remade = try CacheStore(home: damaged)
        #expect(remade.remade?.contains("SQLite cannot read it") == true, "\(remade.remade ?? "not remade")")
        try CraftedStoreTests.expectAsMade(remade)
    }

    static func expectAsMade(_ cache: CacheStore) throws {
        let made = try Database.schemaObjects(madeBy: Schema.cacheMigrations)
        #expect(Set(try cache.database.schemaObjects()) == Set(made))
        #expect(try cache.database.userVersion == Schema.cacheMigrations.count)
    }

    /// A cache `invites` made, at either version, is used and nothing is said.
    @Test func aCacheInvitesMadeIsKept() throws {
        let home = try CraftedStoreTests.home()
        defer { try? FileManager.default.removeItem(atPath: home) }
        do {
            let cache = try CacheStore(home: home)
            #expect(cache.remade == nil)
            cache.saveIndex(Data([9]), for: "kept")
        }
        let again = try CacheStore(home: home)
        #expect(again.remade == nil)
        #expect(again.indexData(for: "kept") == Data([9]))
    }

    /// Any one statement of a bounded store that runs away is stopped.
    @Test func aStatementThatRunsAwayIsStopped() throws {
        let database = try Database(path: ":memory:", statementLimit: 0.2)
        let started = Date()
        #expect {
            let statement = try database.prepare("\(CraftedStoreTests.endless) SELECT count(*) FROM r")
            _ = try statement.step()
        } throws: { error in
            guard case StoreError.sqlite(_, let code, _) = error else { return false }
            return code & 0xff == SQLiteCode.interrupted
        }
        #expect(Date().timeIntervalSince(started) < 2)
        // The next statement has its own time.
        let statement = try database.prepare("SELECT 1")
        #expect(try statement.step())
        #expect(CacheStore.statementLimit <= 1)
    }

    /// No store runs a trigger or reads through a view, whatever the file holds.
    @Test func triggersAndViewsAreOffInEveryStore() throws {
        let database = try Database(path: ":memory:")
        try database.execute(
            """
            CREATE TABLE t (x); CREATE TABLE log (x);
            CREATE TRIGGER copy AFTER INSERT ON t BEGIN INSERT INTO log VALUES (new.x); END;
            CREATE VIEW v AS SELECT x FROM t;
            INSERT INTO t VALUES (1);
            """)
        let logged = try database.prepare("SELECT count(*) FROM log")
        #expect(try logged.step())
        #expect(logged.int(0) == 0)
        #expect(throws: StoreError.self) { _ = try database.prepare("SELECT x FROM v").step() }
    }

    /// Crafted inboxes, each with the object its refusal names.
    static let craftedInboxes: [(sql: String, object: String)] = [
        ("CREATE VIEW invites AS \(endless) SELECT n AS id FROM r;", "view \"invites\""),
        (
            "CREATE TABLE invites (id INTEGER PRIMARY KEY); CREATE TRIGGER t AFTER UPDATE ON invites BEGIN SELECT 1; END;",
            "trigger \"t\""
        ),
        ("CREATE TABLE stranger (x);", "table \"stranger\""),
        ("CREATE TABLE invites (id INTEGER PRIMARY KEY); CREATE INDEX odd ON invites (id);", "index \"odd\""),
    ]

    @Test(arguments: 0..<craftedInboxes.count)
    func aCraftedInboxIsRefusedAndLeftAsItIs(index: Int) throws {
        let (sql, object) = CraftedStoreTests.craftedInboxes[index]
        let home = try CraftedStoreTests.home()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let path = home + "/" + InboxStore.fileName
        do {
            let crafted = try Database(path: path)
            try crafted.execute(sql + "PRAGMA user_version = 3;")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: StoreError.untrustedSchema(path: path, object: object)) { try InboxStore(home: home) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try Database(path: path).userVersion == 3)
    }

    /// An inbox `invites` made is opened, with the statistics `ANALYZE` keeps (SQLite's own).
    @Test func anInboxInvitesMadeIsOpened() throws {
        let home = try CraftedStoreTests.home()
        defer { try? FileManager.default.removeItem(atPath: home) }
        _ = try InboxStore(home: home)
        try Database(path: home + "/" + InboxStore.fileName).execute("ANALYZE")
        _ = try InboxStore(home: home)
    }

    /// ``Schema/inboxNames`` is every name a migration gives, at every version.
    @Test func theInboxNamesAreThoseTheMigrationsGive() throws {
        var names = Set<String>()
        for version in 0...Schema.migrations.count {
            for object in try Database.schemaObjects(madeBy: Schema.migrations.prefix(version))
            where !object.isSQLitesOwn {
                names.insert(object.name)
            }
        }
        #expect(names == Schema.inboxNames)
    }
}
