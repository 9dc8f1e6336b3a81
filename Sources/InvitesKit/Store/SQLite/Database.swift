internal import CSQLite
import Foundation
import InvitesSystem

/// The owner of one SQLite connection.
///
/// Every SQLite return code goes through ``check(_:)``, so a failure always becomes a
/// ``StoreError`` naming the file. WAL mode and a busy timeout let several `invites` processes
/// (a mail hook and an interactive run) share the store without "database is locked" errors;
/// a lock held for longer than ``busyTimeout`` (another program stuck in a transaction) ends
/// the command with ``StoreError/locked(home:)`` rather than a wait without end.
final class Database {
    /// How long a statement waits for another process's lock, in milliseconds: far longer than
    /// any `invites` transaction takes, short enough that a stuck one is reported while the
    /// user is still looking.
    static let busyTimeout: Int32 = 5_000

    /// How large the WAL may grow before a commit copies it back into the file: SQLite's
    /// default of 1,000 pages of 4 KiB, whatever the page size.
    static let checkpointBytes = 4 << 20

    let path: String
    /// The connection; only this type and its extensions use it.
    let handle: OpaquePointer
    /// The time each statement may take, when the store bounds it (``bound(by:)``).
    let clock: StatementClock?
    /// Whether each commit waits for the disk (``init(path:pageSize:durable:statementLimit:)``).
    let durable: Bool
    /// SQLite's `synchronous` between the times it is lowered (``unflushed(_:)``,
    /// ``cachingTransaction(_:)``): every commit of a durable store waits for the disk, a cache's
    /// only at checkpoints.
    private var settledSynchronous: String { durable ? "FULL" : "NORMAL" }
    /// Set when a durable store's commits were left not waiting for the disk: after
    /// ``cachingTransaction(_:)``, until flushing is restored (by the next transaction, should
    /// its own restore fail).
    private var relaxed = false

    /// Opens `path`; a new file is made with pages of `pageSize` bytes when given (an existing
    /// one keeps the size it has). A store that is not `durable` holds nothing that cannot be
    /// made again: its commits are not flushed to the disk one by one (WAL's `synchronous =
    /// NORMAL`, which keeps the file whole through a crash but may lose the last commits).
    ///
    /// A new file is made (empty, 0600) before SQLite opens it: SQLite would make it 0644 less
    /// the umask, and it gives the WAL and the shared-memory index the database's own mode, so
    /// all three are yours alone whatever the umask. A file already there keeps its mode.
    ///
    /// With `statementLimit`, every statement that runs longer than that many seconds is
    /// stopped (`SQLITE_INTERRUPT`). Triggers and views are off in every store (``harden()``).
    /// The path that opens a database held in memory alone.
    static let inMemory = ":memory:"

    init(path: String, pageSize: Int? = nil, durable: Bool = true, statementLimit: Double? = nil) throws(StoreError) {
        // SQLite's own name for a database in memory, which no file stands for.
        if path != Database.inMemory {
            do {
                try PrivateFile.create(path)
            } catch {
                throw .sqlite(path: path, code: SQLITE_CANTOPEN, message: error.description)
            }
        }
        var raw: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &raw, flags, nil)
        guard code == SQLITE_OK, let raw else {
            let message = raw.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close_v2(raw)
            throw .sqlite(path: path, code: code, message: message)
        }
        self.path = path
        self.handle = raw
        self.clock = statementLimit.map(StatementClock.init(seconds:))
        self.durable = durable
        sqlite3_extended_result_codes(raw, 1)
        try harden()
        if let clock { bound(by: clock) }
        sqlite3_busy_timeout(raw, Database.busyTimeout)
        // The WAL and its shared-memory index stay between runs: otherwise every run creates both,
        // sizes the index with eight writes and deletes both again when it closes, a tenth of
        // what a `status` or a Maildir pass with nothing new costs. The WAL is checkpointed as
        // before and cut back to 4 MiB after one that grew larger.
        var persist: Int32 = 1
        sqlite3_file_control(raw, "main", SQLITE_FCNTL_PERSIST_WAL, &persist)
        // Nor is a small WAL copied back into the file at every close (``deinit``).
        _ = CSQLite_db_config_flag(raw, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1)
        // A store that holds nothing of its own is made without waiting for the disk: a new
        // file took four flushes (its journal, its folder, the file) before it held a table.
        if !durable { try execute("PRAGMA synchronous = OFF") }
        // Before WAL is on: only then does a new file take it.
        if let pageSize { try execute("PRAGMA page_size = \(pageSize)") }
        try execute("PRAGMA journal_size_limit = 4194304")
        try execute("PRAGMA journal_mode = WAL")
        if pageSize != nil {
            let statement = try prepare("PRAGMA page_size")
            let size = try statement.step() ? max(statement.int(0), 512) : 4_096
            try execute("PRAGMA wal_autocheckpoint = \(max(Database.checkpointBytes / size, 1))")
        }
        try execute("PRAGMA synchronous = \(settledSynchronous)")
        try execute("PRAGMA foreign_keys = ON")
    }

    /// How large the WAL may be left when the connection closes. Copying it back into the file
    /// (the checkpoint SQLite makes at every close) flushes the WAL and the file to the disk,
    /// and the WAL it empties has its header written and flushed again by the next commit: a
    /// `status` that filed one invitation a sync placed waited for ten flushes, 30-40 ms on a
    /// busy disk beside a look of 100 ms. What is committed is as safe in the WAL as in the
    /// file; but the first connection of each run reads the WAL whole to index it, so a WAL left
    /// at 4 MiB (5,000 invitations just ingested) cost every later `status` 3 ms of its 6. A WAL
    /// past this size is copied back and cut to nothing by SQLite's own checkpoint at close (a
    /// WAL copied back whole is still read whole until a commit starts it again), which SQLite
    /// makes only when no other connection has the store open: a connection `watch` opens and
    /// closes beside the ones it keeps (to file a mail) leaves the WAL to them, as it did
    /// before, rather than wait for a copy-back on its way to a notification. A smaller WAL is
    /// left.
    static let keptWALBytes = 256 << 10

    deinit {
        if path != Database.inMemory, let wal = try? Posix.stat(path + "-wal"), wal.st_size > Database.keptWALBytes {
            _ = CSQLite_db_config_flag(handle, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 0)
        }
        sqlite3_close_v2(handle)
    }

    /// Turns a SQLite result code into a typed error.
    func check(_ code: Int32) throws(StoreError) {
        guard code == SQLITE_OK || code == SQLITE_ROW || code == SQLITE_DONE else {
            // The primary code sits in the low byte of an extended one (SQLITE_BUSY_SNAPSHOT).
            if code & 0xff == SQLITE_BUSY || code & 0xff == SQLITE_LOCKED {
                throw .locked(home: (path as NSString).deletingLastPathComponent)
            }
            throw .sqlite(path: path, code: code, message: String(cString: sqlite3_errmsg(handle)))
        }
    }

    /// Runs statements that return no rows.
    func execute(_ sql: String) throws(StoreError) {
        clock?.start()
        try check(sqlite3_exec(handle, sql, nil, nil, nil))
    }

    func prepare(_ sql: String) throws(StoreError) -> Statement {
        var raw: OpaquePointer?
        clock?.start()
        try check(sqlite3_prepare_v2(handle, sql, -1, &raw, nil))
        guard let raw else { throw .sqlite(path: path, code: SQLITE_MISUSE, message: "empty statement") }
        return Statement(raw: raw, database: self)
    }

    /// Runs `body` inside one `BEGIN IMMEDIATE` transaction: all of it lands, or none of it.
    /// Inside a transaction already (a caller that decides between the store's operations, as
    /// ``InvitationFiler`` and ``Responder`` do), it is a savepoint of that one, so that the
    /// operation still lands whole or not at all and the caller's transaction stays one.
    ///
    /// IMMEDIATE takes the write lock up front, so two processes never both read, then both try
    /// to upgrade to writing and deadlock into SQLITE_BUSY.
    func transaction<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        let nested = sqlite3_get_autocommit(handle) == 0
        if !nested { try restoreFlushing() }
        try execute(nested ? "SAVEPOINT operation" : "BEGIN IMMEDIATE")
        do {
            let value = try body()
            try execute(nested ? "RELEASE operation" : "COMMIT")
            return value
        } catch {
            try? execute(nested ? "ROLLBACK TO operation; RELEASE operation" : "ROLLBACK")
            throw error
        }
    }

    /// Runs `body` (a new store's migrations) without waiting for the disk, in a store that is
    /// not durable: should the machine stop meanwhile, the file is doubtful and made again.
    func unflushed<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        guard !durable else { return try body() }
        return try with(synchronous: "OFF", body) { () throws(StoreError) in
            try execute("PRAGMA synchronous = \(settledSynchronous)")
        }
    }

    /// `body` with SQLite's `synchronous` at `level`, then `restore`, whether or not `body` threw.
    private func with<T>(
        synchronous level: String, _ body: () throws(StoreError) -> T, restoring restore: () throws(StoreError) -> Void
    ) throws(StoreError) -> T {
        try execute("PRAGMA synchronous = \(level)")
        let result: Result<T, StoreError>
        do throws(StoreError) {
            result = .success(try body())
        } catch {
            result = .failure(error)
        }
        try restore()
        return try result.get()
    }

    /// ``transaction(_:)`` for what the store can work out again from what it holds (facts
    /// cached beside the invitations): committed without waiting for the disk, even in a durable
    /// store. The WAL keeps commits in order, so the next durable commit flushes this one with
    /// it, and a crash before then loses only what is worked out again. A `status` that filed
    /// one invitation waited for a flush of its facts as long as for the invitation itself.
    func cachingTransaction<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        guard durable, sqlite3_get_autocommit(handle) != 0 else { return try transaction(body) }
        // Marked relaxed only after its own transaction, which would otherwise restore flushing
        // as it begins; a failed restore leaves the mark for the next transaction to retry.
        return try with(synchronous: "NORMAL", { () throws(StoreError) in try transaction(body) }) {
            () throws(StoreError) in
            relaxed = true
            try restoreFlushing()
        }
    }

    /// Makes every commit wait for the disk again after ``cachingTransaction(_:)``; until it
    /// has, ``transaction(_:)`` starts no transaction.
    private func restoreFlushing() throws(StoreError) {
        guard relaxed else { return }
        try execute("PRAGMA synchronous = \(settledSynchronous)")
        relaxed = false
    }

    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// The rows the last INSERT, UPDATE or DELETE touched.
    var changes: Int { Int(sqlite3_changes(handle)) }

    var userVersion: Int {
        get throws(StoreError) {
            let statement = try prepare("PRAGMA user_version")
            return try statement.step() ? statement.int(0) : 0
        }
    }
}
