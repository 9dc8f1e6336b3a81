import Foundation

/// A row of the cache's `calendar_index`: the index of one calendar's files (``FileIndex``), or
/// where a large one is kept (``IndexFile``).
struct CalendarIndexRecord: PersistableRecord {
    enum Column: String, ColumnName {
        case key, data, updatedAt = "updated_at"
    }

    static let table = "calendar_index"
    static let primaryKey: [Column] = [.key]
    var key: String
    var data: Data
    var updatedAt: Int

    func encode(to columns: inout Columns) {
        columns.set(Column.key, .text(key))
        columns.set(Column.data, .blob(data))
        columns.set(Column.updatedAt, .integer(updatedAt))
    }
}
