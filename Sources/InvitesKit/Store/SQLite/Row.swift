import Foundation
import InvitesModel

/// The names of a table's columns, each spelled once: what a record writes
/// (``PersistableRecord``), what it reads back (``FetchableRecord``) and what a query selects
/// for it (GRDB's `Column`).
protocol ColumnName: RawRepresentable<String>, CaseIterable, Hashable {}

/// One row of a query, read by the names of a record's columns: the columns a query selected for
/// the record under an alias (``TableRecord/selection(_:replacing:only:)``) are read back under
/// the same alias, so two records of one join never mix their `id`s.
struct Row<Column: ColumnName> {
    let statement: Statement
    let alias: String

    private func name(_ column: Column) -> String { "\(alias)_\(column.rawValue)" }

    func int(_ column: Column) -> Int { statement.int(name(column)) }
    func int64(_ column: Column) -> Int64 { Int64(statement.int(name(column))) }
    func optionalInt(_ column: Column) -> Int? { statement.optionalInt(name(column)) }
    func text(_ column: Column) -> String? { statement.text(name(column)) }
    func blob(_ column: Column) -> Data { statement.blob(name(column)) }
    func bool(_ column: Column) -> Bool { statement.int(name(column)) != 0 }
    func date(_ column: Column) -> Date { Date(unixSeconds: statement.int(name(column))) }
    func optionalDate(_ column: Column) -> Date? { statement.optionalInt(name(column)).map { Date(unixSeconds: $0) } }
    /// A key kept as `''` for "none" (the series' RECURRENCE-ID).
    func key(_ column: Column) -> String? { text(column).flatMap { $0.isEmpty ? nil : $0 } }
}

/// A record of one table, whose columns are named once, in ``Column``.
protocol TableRecord {
    associatedtype Column: ColumnName
    static var table: String { get }
}

extension TableRecord {
    /// The columns a query selects to read this record from the table named `alias` in it, each
    /// under that alias (`h.title AS h_title`); `replacing` gives a column's value as an
    /// expression of the query, `only` selects fewer (a record read in part).
    ///
    /// Written into one string, without `joined(separator:)`: every `status` builds these lists,
    /// and the standard library's `joined`, called unspecialized, looked up the collection's
    /// associated types through the binary's whole table of conformances the first time, a
    /// twelfth of what a `status` does past its start.
    static func selection(_ alias: String, replacing: [Column: String] = [:], only: [Column]? = nil) -> String {
        var selection = ""
        for column in only ?? Array(Column.allCases) {
            if !selection.isEmpty { selection += ", " }
            selection += (replacing[column] ?? alias + "." + column.rawValue) + " AS " + alias + "_" + column.rawValue
        }
        return selection
    }

    /// The row a statement stands on, as this record's columns selected under `alias`.
    static func row(_ statement: Statement, alias: String) -> Row<Column> { Row(statement: statement, alias: alias) }
}

/// A record read back by column name (GRDB's `FetchableRecord`), from the columns
/// ``TableRecord/selection(_:replacing:only:)`` selected.
protocol FetchableRecord: TableRecord {
    init(row: Row<Column>)
}

extension Columns {
    /// Gives a record's column its value.
    mutating func set<Column: ColumnName>(_ column: Column, _ value: Statement.Value) {
        set(column.rawValue, value)
    }
}

extension Row {
    /// The dates of an all-day event kept in two columns (ISO dates); `nil` when either is
    /// missing or unreadable.
    func allDayDates(_ first: Column, _ end: Column) -> Occurrence.AllDayDates? {
        guard let first = text(first).flatMap({ LocalDate(iso: $0) }),
            let end = text(end).flatMap({ LocalDate(iso: $0) })
        else { return nil }
        return Occurrence.AllDayDates(first: first, endExclusive: end)
    }
}

extension Database {
    /// Sets some columns of the rows of a record's table whose `key` column holds `value`; `also`
    /// adds assignments SQLite computes (a counter moved on).
    func update<Record: TableRecord>(
        _ record: Record.Type, _ values: Columns, where key: Record.Column, is value: Statement.Value,
        also: [String] = []
    ) throws(StoreError) {
        var columns = values
        let assignments = columns.names.map { "\($0) = :\($0)" } + also
        columns.set("where_key", value)
        try prepare(
            "UPDATE \(Record.table) SET \(assignments.joined(separator: ", ")) WHERE \(key.rawValue) = :where_key"
        )
        .bind(columns).run()
    }

    /// Sets the columns `values` names, as ``update(_:_:where:is:also:)`` does.
    func update<Record: TableRecord>(
        _ record: Record.Type, _ values: KeyValuePairs<Record.Column, Statement.Value>, where key: Record.Column,
        is value: Statement.Value
    ) throws(StoreError) {
        try update(record, Columns(values), where: key, is: value)
    }
}

extension Columns {
    /// Values for some of a record's columns, in this order.
    init<Column: ColumnName>(_ values: KeyValuePairs<Column, Statement.Value>) {
        self.init()
        for (column, value) in values { set(column, value) }
    }
}
