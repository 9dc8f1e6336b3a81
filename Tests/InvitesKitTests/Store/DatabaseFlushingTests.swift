import Foundation
import Testing

@testable import InvitesKit

/// What a durable store flushes to the disk: every commit of what it holds, and not the facts it
/// caches beside them; and what it leaves in the WAL at close stays there, whole.
@Suite struct DatabaseFlushingTests {
    let folder: String

    init() throws {
        folder =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("invites-flush-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    /// The size of the store's WAL at `path`; `nil` when the file system does not say.
    func walBytes(_ path: String) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int
    }

    func synchronous(_ database: Database) throws(StoreError) -> Int {
        let statement = try database.prepare("PRAGMA synchronous")
        return try statement.step() ? statement.int(0) : -1
    }

    @Test("A caching transaction commits unflushed and leaves the store flushing every commit")
    func aCachingTransactionLeavesTheStoreFlushing() throws {
        let database = try Database(path: folder + "/a.sqlite3")
        try database.execute("CREATE TABLE t (x INTEGER)")
        // 2: FULL, 1: NORMAL.
        #expect(try synchronous(database) == 2)
        var inside = 0
        try database.cachingTransaction { () throws(StoreError) in
            try database.execute("INSERT INTO t VALUES (1)")
            inside = try synchronous(database)
        }
        #expect(inside == 1)
        #expect(try synchronous(database) == 2)
        // A body that fails rolls back and leaves the store flushing too.
        #expect(throws: StoreError.self) {
            try database.cachingTransaction { () throws(StoreError) in
                try database.execute("INSERT INTO t VALUES (2)")
                try database.execute("INSERT INTO missing VALUES (3)")
            }
        }
        #expect(try synchronous(database) == 2)
        let count = try database.prepare("SELECT count(*) FROM t")
        #expect(try count.step() && count.int(0) == 1)
    }

    /// The cache is made without waiting for the disk, then runs as WAL's NORMAL: a commit lost
    /// to a crash costs a scan, and the file stays whole.
    @Test("The cache is made unflushed and then flushes at checkpoints only")
    func theCacheIsMadeUnflushed() throws {
        let cache = try CacheStore(home: folder)
        #expect(try synchronous(cache.database) == 1)
        let store = try Database(path: folder + "/inbox.sqlite3")
        #expect(try synchronous(store) == 2)
    }

    @Test("Inside another transaction a caching one is part of it")
    func aNestedCachingTransactionIsPartOfTheOuter() throws {
        let database = try Database(path: folder + "/b.sqlite3")
        try database.execute("CREATE TABLE t (x INTEGER)")
        var inside = 0
        try database.transaction { () throws(StoreError) in
            try database.cachingTransaction { () throws(StoreError) in
                try database.execute("INSERT INTO t VALUES (1)")
                inside = try synchronous(database)
            }
        }
        #expect(inside == 2)
    }

    /// The WAL is not copied back into the file at close: what was committed is read from it by
    /// the next connection, and by SQLite elsewhere (python's sqlite3 in the scripts).
    @Test("What a closed store left in its WAL is read by the next connection")
    func whatAClosedStoreLeftInItsWALIsRead() throws {
        let path = folder + "/c.sqlite3"
        do {
            let database = try Database(path: path)
            try database.execute("CREATE TABLE t (x INTEGER)")
            try database.transaction { () throws(StoreError) in try database.execute("INSERT INTO t VALUES (7)") }
        }
        let wal = try walBytes(path) ?? 0
        #expect(wal > 0)
        let reopened = try Database(path: path)
        let value = try reopened.prepare("SELECT x FROM t")
        #expect(try value.step() && value.int(0) == 7)
    }

    /// A WAL left large would be read whole by the first connection of every later run.
    @Test("A WAL past the size kept is copied back and cut to nothing at close")
    func aLargeWALIsCopiedBackAtClose() throws {
        let path = folder + "/d.sqlite3"
        do {
            let database = try Database(path: path)
            try database.execute("CREATE TABLE t (x BLOB)")
            try database.transaction { () throws(StoreError) in
                try database.execute("INSERT INTO t VALUES (zeroblob(\(Database.keptWALBytes * 2)))")
            }
            let wal = try walBytes(path) ?? 0
            #expect(wal > Database.keptWALBytes)
        }
        let wal = try walBytes(path) ?? -1
        #expect(wal == 0)
        let reopened = try Database(path: path)
        let length = try reopened.prepare("SELECT length(x) FROM t")
        #expect(try length.step() && length.int(0) == Database.keptWALBytes * 2)
    }

    /// `watch` keeps connections open and opens others beside them: closing one of those leaves
    /// the WAL to the ones still open, as SQLite's own checkpoint at close does.
    @Test("A WAL past the size kept is left while another connection has the store open")
    func aLargeWALIsLeftWhileAnotherConnectionIsOpen() throws {
        let path = folder + "/e.sqlite3"
        let keeper = try Database(path: path)
        try keeper.execute("CREATE TABLE t (x BLOB)")
        do {
            let database = try Database(path: path)
            try database.transaction { () throws(StoreError) in
                try database.execute("INSERT INTO t VALUES (zeroblob(\(Database.keptWALBytes * 2)))")
            }
        }
        let wal = try walBytes(path) ?? 0
        #expect(wal > Database.keptWALBytes)
        withExtendedLifetime(keeper) {}
    }
}
