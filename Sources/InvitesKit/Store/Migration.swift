/// One step of a store's schema, named for what it does: SQL, or a data migration that reads
/// what rows an earlier `invites` kept and writes what this one keeps beside them.
///
/// A store's `user_version` counts the steps it has taken, in the order of its list
/// (``Schema/inbox``, ``Schema/cache``); a step is never edited once released.
struct Migration: Sendable {
    enum Step: Sendable {
        case sql(String)
        /// Runs once, in the transaction that moves the version past it.
        case data(@Sendable (InboxStore) throws(StoreError) -> Void)
    }

    /// What the step does, for messages and for a reader of the list.
    var name: String
    var step: Step

    init(_ name: String, sql: String) {
        self.name = name
        self.step = .sql(sql)
    }

    init(_ name: String, data: @escaping @Sendable (InboxStore) throws(StoreError) -> Void) {
        self.name = name
        self.step = .data(data)
    }

    /// The statements of an SQL step; `nil` for a data migration.
    var sql: String? {
        guard case .sql(let sql) = step else { return nil }
        return sql
    }
}
