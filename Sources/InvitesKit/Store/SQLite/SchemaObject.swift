import InvitesFormats

/// One row of a store's `sqlite_master`: a table, index, view or trigger, as the file says it.
///
/// A store's file may have been made by someone else (the cache is a file anyone who can reach
/// the home may replace, and the README says it may be deleted), so what it holds is compared
/// with what `invites` makes before a statement of `invites` runs against it.
struct SchemaObject: Hashable, Sendable, CustomStringConvertible {
    /// `table`, `index`, `view` or `trigger`.
    var type: String
    var name: String
    /// The table an index or trigger belongs to (a table's and a view's own name).
    var table: String
    /// The statement that made it; `nil` for the indexes SQLite makes for a UNIQUE constraint.
    var sql: String?

    /// Names SQLite keeps for itself: the indexes of UNIQUE constraints (`sqlite_autoindex_…`),
    /// `ANALYZE`'s statistics and `AUTOINCREMENT`'s counters.
    var isSQLitesOwn: Bool { name.hasPrefix("sqlite_") && (type == "table" || type == "index") }

    /// `view 'name'`, for messages.
    var description: String { "\(type) \(Printable.quoted(name, limit: 60))" }
}

extension Database {
    /// Every object of the main schema, in the order SQLite lists them.
    func schemaObjects() throws(StoreError) -> [SchemaObject] {
        let statement = try prepare("SELECT type, name, tbl_name, sql FROM sqlite_master")
        var objects: [SchemaObject] = []
        while try statement.step() {
            objects.append(
                SchemaObject(
                    type: statement.text(0) ?? "", name: statement.text(1) ?? "", table: statement.text(2) ?? "",
                    sql: statement.text(3)))
        }
        return objects
    }

    /// The objects `migrations` make in an empty database, made in memory: what a store they
    /// brought to their version holds.
    static func schemaObjects(madeBy migrations: some Sequence<String>) throws(StoreError) -> [SchemaObject] {
        let replica = try Database(path: Database.inMemory)
        for migration in migrations { try replica.execute(migration) }
        return try replica.schemaObjects()
    }
}
