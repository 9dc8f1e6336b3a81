import Foundation

/// The row of `calendar_entries` of an invitation: what an answer wrote into which calendar.
struct CalendarEntryRecord: FetchableRecord, PersistableRecord {
    enum Column: String, ColumnName {
        case inviteID = "invite_id", calendar, zones, version, pending, writtenAt = "written_at"
    }

    static let table = "calendar_entries"
    static let key: [Column] = [.inviteID]
    var inviteID: Int64
    var record: CalendarRecord
    var now: Date

    func encode(to columns: inout Columns) {
        let zones = (try? JSONSerialization.data(withJSONObject: record.zones)) ?? Data("[]".utf8)
        columns.set(Column.inviteID, .int(inviteID))
        columns.set(Column.calendar, .text(record.calendar))
        columns.set(Column.zones, .text(String(decoding: zones, as: UTF8.self)))
        columns.set(Column.version, .blob(record.version))
        columns.set(Column.pending, .bool(record.pending))
        columns.set(Column.writtenAt, .integer(now.unixSeconds))
    }
}

extension CalendarEntryRecord {
    /// The record a row of its columns holds (``TableRecord/selection(_:replacing:only:)``); in an
    /// extension, so that the type keeps its memberwise initialiser for new rows.
    init(row: Row<Column>) {
        inviteID = row.int64(.inviteID)
        let zones = (try? JSONSerialization.jsonObject(with: Data((row.text(.zones) ?? "[]").utf8))) as? [String] ?? []
        record = CalendarRecord(
            calendar: row.text(.calendar) ?? "", zones: zones, version: row.blob(.version), pending: row.bool(.pending))
        now = row.date(.writtenAt)
    }
}
