import Foundation
import InvitesModel

/// The row of `calendar_items` of an invitation a scheduling server put into your calendar: the
/// item it was found in, and whether that item has gone since.
struct CalendarItemRecord: FetchableRecord, PersistableRecord {
    enum Column: String, ColumnName {
        case inviteID = "invite_id", calendar, item, gone, foundAt = "found_at", updatedAt = "updated_at"
    }

    static let table = "calendar_items"
    static let key: [Column] = [.inviteID]
    var inviteID: Int64
    var item: CalendarItem
    var now: Date

    /// The item of a row joined to its invitation's (`LEFT JOIN`): `nil` when there is none.
    static func item(_ row: Row<Column>) -> CalendarItem? {
        guard let calendar = row.text(.calendar), let path = row.text(.item) else { return nil }
        return CalendarItem(calendar: calendar, path: path, gone: row.optionalInt(.gone).map { $0 != 0 } ?? false)
    }

    func encode(to columns: inout Columns) {
        columns.set(Column.inviteID, .int(inviteID))
        columns.set(Column.calendar, .text(item.calendar))
        columns.set(Column.item, .text(item.path))
        columns.set(Column.gone, .bool(item.gone))
        columns.set(Column.foundAt, .integer(now.unixSeconds))
        columns.set(Column.updatedAt, .integer(now.unixSeconds))
    }
}

extension CalendarItemRecord {
    /// The record a row of its columns holds (``TableRecord/selection(_:replacing:only:)``); in an
    /// extension, so that the type keeps its memberwise initialiser for new rows.
    init(row: Row<Column>) {
        inviteID = row.int64(.inviteID)
        item = CalendarItem(calendar: row.text(.calendar) ?? "", path: row.text(.item) ?? "", gone: row.bool(.gone))
        now = row.date(.updatedAt)
    }
}
