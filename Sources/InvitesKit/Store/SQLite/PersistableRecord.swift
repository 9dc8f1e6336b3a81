/// A row a record writes by column name (GRDB's `PersistableRecord`): the statement is made
/// from the names the record encodes and bound by name, so no list of twenty `?`s and a list of
/// twenty values have to be kept in step by hand.
protocol PersistableRecord: TableRecord {
    func encode(to columns: inout Columns)
}

extension PersistableRecord {
    var columns: Columns {
        var columns = Columns()
        encode(to: &columns)
        return columns
    }
}

extension Database {
    /// Inserts a record; returns its row id. With `conflict`, a row already there with the same
    /// values in those columns is updated with every other column but those `kept` instead.
    @discardableResult
    func insert<Record: PersistableRecord>(
        _ record: Record, onConflict conflictColumns: [Record.Column] = [], keeping kept: [Record.Column] = []
    ) throws(StoreError) -> Int64 {
        let columns = record.columns
        var sql = Database.insertion(Record.self, columns: columns)
        if !conflictColumns.isEmpty {
            let conflict = conflictColumns.map(\.rawValue)
            let unchanged = conflict + kept.map(\.rawValue)
            let updated = columns.names.filter { !unchanged.contains($0) }.map { "\($0) = excluded.\($0)" }
            sql += " ON CONFLICT (\(conflict.joined(separator: ", "))) DO UPDATE SET \(updated.joined(separator: ", "))"
        }
        try prepare(sql).bind(columns).run()
        return lastInsertRowID
    }

    /// Inserts records of one table through one statement, prepared once (a Maildir pass
    /// remembers thousands of messages); a row already there is left as it is (`ignore`) or
    /// replaced whole.
    func insert<Record: PersistableRecord>(_ records: [Record], or alternative: Alternative) throws(StoreError) {
        guard let first = records.first else { return }
        let statement = try prepare(
            Database.insertion(Record.self, columns: first.columns, or: alternative))
        for record in records { try statement.bind(record.columns).run() }
    }

    /// What an insert does with a row already there of the same key.
    enum Alternative: String {
        case ignore = "OR IGNORE"
        case replace = "OR REPLACE"
    }

    private static func insertion<Record: PersistableRecord>(
        _ record: Record.Type, columns: Columns, or alternative: Alternative? = nil
    ) -> String {
        """
        INSERT \(alternative.map { $0.rawValue + " " } ?? "")INTO \(Record.table) (\(columns.names.joined(separator: ", ")))
        VALUES (\(columns.names.map { ":" + $0 }.joined(separator: ", ")))
        """
    }

    /// Updates the row `id` of the record's table with the columns it encodes; `also` adds
    /// assignments computed by SQLite (a counter moved on).
    func update(_ record: some PersistableRecord, id: Int64, also: [String] = []) throws(StoreError) {
        var columns = record.columns
        let assignments = columns.names.map { "\($0) = :\($0)" } + also
        columns.set("id", .int(id))
        try prepare("UPDATE \(type(of: record).table) SET \(assignments.joined(separator: ", ")) WHERE id = :id")
            .bind(columns).run()
    }
}
