import Foundation
import InvitesSystem

/// What makes a second look fast, kept apart from the inbox: the indexes of calendar files and
/// the answers kept for days recently shown, in `cache.sqlite3` under `--home`.
///
/// Nothing here is the only copy of anything: the file may be deleted at any time and is made
/// again, and no failure to read or write it fails a command (it costs the run a scan). The
/// history of answers never lives here.
package final class CacheStore: CalendarIndexStorage {
    /// The SQLite file inside the home folder.
    package static let fileName = "cache.sqlite3"

    /// Pages of 64 KiB: the index of a 100,000-item vdir is one blob of 15 MB, and SQLite writes
    /// it in a sixteenth of the pages of 4 KiB, in about two thirds of the time.
    static let pageSize = 65_536

    /// The most one statement of the cache may run, in seconds. Each is a look-up or a write by
    /// key that takes milliseconds; one that runs longer is stopped and costs the run a scan.
    static let statementLimit = 1.0

    let database: Database
    /// The home folder, where large indexes are kept in files of their own (``IndexFile``).
    private let home: String
    private let clock: @Sendable () -> Date
    /// The indexes held for this run only (``holdIndex(_:for:)``), by key.
    private var held: [String: Data] = [:]
    /// Why the file found was deleted and made again (it was not one `invites` made, or SQLite
    /// could not read it), for the one line the command says of it; `nil` when it was used.
    package private(set) var remade: String?

    /// Opens (creating and migrating when needed) the cache in a home folder. A file whose
    /// schema is not exactly what ``Schema/cacheMigrations`` make, that is no SQLite database
    /// or a damaged one, or whose opening runs past ``statementLimit``, is deleted and made
    /// again (``remade`` says why): a crafted cache with a view over an endless recursive query
    /// kept `day` and `show` busy for ever.
    package init(home: String, clock: @escaping @Sendable () -> Date = { Date() }) throws(StoreError) {
        let path = try HomeFolder.file(CacheStore.fileName, in: home)
        self.home = home
        self.clock = clock
        switch try CacheStore.open(path) {
        case .opened(let database):
            self.database = database
        case .doubtful(let reason):
            for suffix in ["", "-wal", "-shm", "-journal"] { try? Posix.unlink(path + suffix) }
            guard case .opened(let database) = try CacheStore.open(path) else {
                throw .untrustedSchema(path: path, object: "what it held again after it was made anew")
            }
            self.database = database
            remade = reason
        }
    }

    /// The cache's file, for messages.
    package var path: String { database.path }

    /// What opening the file gave: the database, or why it is not to be trusted.
    private enum Opening {
        case opened(Database)
        case doubtful(String)
    }

    private static func open(_ path: String) throws(StoreError) -> Opening {
        do {
            // Not durable: a commit lost to a crash costs the next run a scan, while flushing each
            // to the disk cost a cold vdir run 10–25 ms, and more on a busy disk.
            let database = try Database(
                path: path, pageSize: CacheStore.pageSize, durable: false, statementLimit: CacheStore.statementLimit)
            if let doubt = try Schema.doubt(aboutCache: database) { return .doubtful(doubt) }
            try database.unflushed { () throws(StoreError) in try Schema.migrate(database, migrations: Schema.cache) }
            return .opened(database)
        } catch {
            guard let reason = doubt(error) else { throw error }
            return .doubtful(reason)
        }
    }

    /// Why an error in opening the cache makes its file doubtful; `nil` for one that says nothing
    /// of the file (a lock, a full disk, a folder you cannot write, a newer `invites`).
    private static func doubt(_ error: StoreError) -> String? {
        guard case .sqlite(_, let code, let message) = error else { return nil }
        switch code & 0xff {
        case SQLiteCode.notADatabase, SQLiteCode.corrupt: return "SQLite cannot read it (\(message))"
        case SQLiteCode.interrupted: return "opening it took longer than \(CacheStore.statementLimit) s"
        default: return nil
        }
    }

    private var now: Int { Int(clock().timeIntervalSince1970.rounded(.down)) }

    package func indexData(for key: String) -> Data? {
        if let data = held[key] { return data }
        guard
            let statement = try? database.prepare(
                "SELECT \(CalendarIndexRecord.selection("c", only: [.data])) FROM calendar_index AS c WHERE c.key = ?"),
            (try? statement.bind([.text(key)]).step()) == true
        else { return nil }
        let data = CalendarIndexRecord.row(statement, alias: "c").blob(.data)
        guard let reference = IndexFile.Reference(data) else { return data }
        return IndexFile(key: key, home: home).read(reference)
    }

    /// Saves an index, a large one in a file of its own (``IndexFile``); a failure only costs
    /// the next run a scan, so it is not an error.
    package func saveIndex(_ data: Data, for key: String) {
        let file = IndexFile(key: key, home: home)
        var stored = data
        if data.count >= IndexFile.threshold, let reference = try? file.write(data) {
            stored = reference.encoded
        } else {
            file.remove()
        }
        try? database.transaction { () throws(StoreError) in
            try database.insert(
                CalendarIndexRecord(key: key, data: stored, updatedAt: now), onConflict: CalendarIndexRecord.primaryKey)
        }
    }

    package func holdIndex(_ data: Data, for key: String) {
        held[key] = data
    }

    /// The answer kept for a calendar over some days; `nil` when there is none or the store
    /// cannot say (a failure only costs the run an expansion).
    package func windowData(for key: String, days: Range<Int>) -> Data? {
        guard
            let statement = try? database.prepare(
                """
                SELECT \(WindowCacheRecord.selection("w", only: [.data])) FROM window_cache AS w
                WHERE w.key = ? AND w.lower = ? AND w.upper = ?
                """),
            (try? statement.bind([.text(key), .integer(days.lowerBound), .integer(days.upperBound)]).step()) == true
        else { return nil }
        return WindowCacheRecord.row(statement, alias: "w").blob(.data)
    }

    /// Saves what a calendar held for some days and drops all but the newest
    /// ``WindowCache/kept`` of that calendar; a failure only costs the next run an expansion.
    package func saveWindow(_ data: Data, for key: String, days: Range<Int>) {
        try? database.transaction { () throws(StoreError) in
            try database.insert(
                WindowCacheRecord(key: key, days: days, data: data, updatedAt: now),
                onConflict: WindowCacheRecord.primaryKey)
            try database.prepare(
                """
                DELETE FROM window_cache WHERE key = ? AND rowid NOT IN
                (SELECT rowid FROM window_cache WHERE key = ? ORDER BY updated_at DESC, rowid DESC LIMIT ?)
                """
            ).bind([.text(key), .text(key), .integer(WindowCache.kept)]).run()
        }
    }
}
