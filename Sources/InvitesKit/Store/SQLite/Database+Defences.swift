internal import CSQLite
import Dispatch

extension Database {
    /// Turns off what a crafted file could make SQLite run on its own, before anything reads the
    /// file's schema. Neither store uses a trigger or a view, so a file that holds one was not
    /// made by `invites`: with them off, a view is an error rather than a query that never ends,
    /// and a trigger never fires. Defensive mode refuses writes to the schema itself, and an
    /// untrusted schema may call no function that is not innocuous.
    func harden() throws(StoreError) {
        let settings: [(option: Int32, on: Int32)] = [
            (SQLITE_DBCONFIG_DEFENSIVE, 1), (SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0),
            (SQLITE_DBCONFIG_ENABLE_TRIGGER, 0), (SQLITE_DBCONFIG_ENABLE_VIEW, 0),
        ]
        for setting in settings where CSQLite_db_config_flag(handle, setting.option, setting.on) != setting.on {
            throw .sqlite(path: path, code: SQLITE_MISUSE, message: "SQLite refused option \(setting.option)")
        }
    }

    /// Stops any one statement that runs longer than `clock` allows (SQLite's progress handler,
    /// asked every 1,000 virtual-machine steps): it fails with `SQLITE_INTERRUPT`.
    func bound(by clock: StatementClock) {
        sqlite3_progress_handler(
            handle, 1_000,
            { context in
                guard let context else { return 0 }
                return Unmanaged<StatementClock>.fromOpaque(context).takeUnretainedValue().hasRunOut ? 1 : 0
            }, Unmanaged.passUnretained(clock).toOpaque())
    }
}

/// How long one statement of a store may run, and when the one running now must end.
///
/// The store that owns it keeps it alive as long as its connection, whose progress handler
/// holds it unretained.
final class StatementClock {
    /// The most one statement may run, in nanoseconds.
    let limit: UInt64
    private var deadline: UInt64 = .max

    /// A clock that lets a statement run for `seconds`.
    init(seconds: Double) {
        limit = UInt64(max(seconds, 0) * 1e9)
    }

    /// Starts the time of the statement about to run.
    func start() {
        let (deadline, overflow) = DispatchTime.now().uptimeNanoseconds.addingReportingOverflow(limit)
        self.deadline = overflow ? .max : deadline
    }

    /// Whether the statement running has used its time.
    var hasRunOut: Bool { DispatchTime.now().uptimeNanoseconds > deadline }
}
