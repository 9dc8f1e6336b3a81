import Foundation

/// A row of the cache's `window_cache`: what one calendar held over a stretch of days
/// (``WindowCache``).
struct WindowCacheRecord: PersistableRecord {
    enum Column: String, ColumnName {
        case key, lower, upper, data, updatedAt = "updated_at"
    }

    static let table = "window_cache"
    static let primaryKey: [Column] = [.key, .lower, .upper]
    var key: String
    var days: Range<Int>
    var data: Data
    var updatedAt: Int

    func encode(to columns: inout Columns) {
        columns.set(Column.key, .text(key))
        columns.set(Column.lower, .integer(days.lowerBound))
        columns.set(Column.upper, .integer(days.upperBound))
        columns.set(Column.data, .blob(data))
        columns.set(Column.updatedAt, .integer(updatedAt))
    }
}
