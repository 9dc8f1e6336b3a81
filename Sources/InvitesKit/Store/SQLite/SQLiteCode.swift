internal import CSQLite

/// The SQLite result codes the stores decide by outside this folder (which alone imports
/// SQLite): those that say something of a file rather than of the system around it.
enum SQLiteCode {
    /// The file is damaged.
    static let corrupt = SQLITE_CORRUPT
    /// The file is not a SQLite database.
    static let notADatabase = SQLITE_NOTADB
    /// A statement was stopped: it ran longer than its store allows (``StatementClock``).
    static let interrupted = SQLITE_INTERRUPT
}
