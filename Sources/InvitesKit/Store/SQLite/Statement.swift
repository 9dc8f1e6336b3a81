internal import CSQLite
import Foundation

/// A prepared SQLite statement; finalised when it goes away.
final class Statement {
    private let raw: OpaquePointer
    private let database: Database

    init(raw: OpaquePointer, database: Database) {
        self.raw = raw
        self.database = database
    }

    deinit {
        sqlite3_finalize(raw)
    }

    /// A value to bind to a `?` placeholder.
    enum Value {
        case int(Int64)
        case text(String)
        case blob(Data)
        case null
    }

    /// Binds values to the placeholders in order, after clearing earlier bindings.
    @discardableResult
    func bind(_ values: [Value]) throws(StoreError) -> Statement {
        try database.check(sqlite3_reset(raw))
        try database.check(sqlite3_clear_bindings(raw))
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
        return self
    }

    /// Binds each column's value to its `:name` placeholder, after clearing earlier bindings; a
    /// name the statement does not hold is a programming error.
    @discardableResult
    func bind(_ columns: Columns) throws(StoreError) -> Statement {
        try database.check(sqlite3_reset(raw))
        try database.check(sqlite3_clear_bindings(raw))
        for (name, value) in zip(columns.names, columns.values) {
            let index = sqlite3_bind_parameter_index(raw, ":" + name)
            guard index > 0 else { preconditionFailure("the statement has no placeholder :\(name)") }
            try bind(value, at: index)
        }
        return self
    }

    private func bind(_ value: Value, at index: Int32) throws(StoreError) {
        switch value {
        case .int(let number):
            try database.check(sqlite3_bind_int64(raw, index, number))
        case .text(let text):
            try database.check(sqlite3_bind_text(raw, index, text, -1, CSQLite_transient()))
        case .blob(let data):
            let code = data.withUnsafeBytes { bytes in
                sqlite3_bind_blob64(raw, index, bytes.baseAddress, sqlite3_uint64(bytes.count), CSQLite_transient())
            }
            try database.check(code)
        case .null:
            try database.check(sqlite3_bind_null(raw, index))
        }
    }

    /// Ends the statement's run where it stands, so that it holds no read open until its
    /// next use. Its failure was reported by the step that met it.
    func reset() {
        sqlite3_reset(raw)
    }

    /// Advances to the next row; `false` when there are no more.
    func step() throws(StoreError) -> Bool {
        database.clock?.start()
        let code = sqlite3_step(raw)
        try database.check(code)
        return code == SQLITE_ROW
    }

    /// Runs a statement that returns no rows.
    func run() throws(StoreError) {
        while try step() {}
    }

    /// The index of each result column by its name, read once from the prepared statement.
    private lazy var columns: [String: Int32] = {
        var names: [String: Int32] = [:]
        for index in 0..<sqlite3_column_count(raw) {
            if let name = sqlite3_column_name(raw, index) { names[String(cString: name)] = index }
        }
        return names
    }()

    /// The index of a result column; a name the query does not select is a programming error.
    private func column(_ name: String) -> Int32 {
        guard let index = columns[name] else { preconditionFailure("the query selects no column \(name)") }
        return index
    }

    // Records read their columns by name (GRDB's `FetchableRecord`), so that a query's column
    // order and a decoder never have to be kept in step by hand.
    func int(_ name: String) -> Int { int(column(name)) }
    func optionalInt(_ name: String) -> Int? { optionalInt(column(name)) }
    func text(_ name: String) -> String? { text(column(name)) }
    func blob(_ name: String) -> Data { blob(column(name)) }

    func int(_ column: Int32) -> Int {
        Int(sqlite3_column_int64(raw, column))
    }

    func optionalInt(_ column: Int32) -> Int? {
        sqlite3_column_type(raw, column) == SQLITE_NULL ? nil : int(column)
    }

    func text(_ column: Int32) -> String? {
        guard let pointer = sqlite3_column_text(raw, column) else { return nil }
        let count = Int(sqlite3_column_bytes(raw, column))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    /// `body` of a text column's bytes as SQLite holds them (empty for NULL), without a string.
    func withText<Result>(_ column: Int32, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        guard let pointer = sqlite3_column_text(raw, column) else {
            return body(UnsafeRawBufferPointer(start: nil, count: 0))
        }
        return body(UnsafeRawBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(raw, column))))
    }

    func blob(_ column: Int32) -> Data {
        guard let pointer = sqlite3_column_blob(raw, column) else { return Data() }
        return Data(bytes: pointer, count: Int(sqlite3_column_bytes(raw, column)))
    }
}
