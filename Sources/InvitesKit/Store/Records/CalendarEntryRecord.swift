import Foundation

/// The row of `calendar_entries` of an invitation: what an answer wrote into which calendar.
struct CalendarEntryRecord: PersistableRecord {
    static let table = "calendar_entries"
    static let key = ["invite_id"]
    var inviteID: Int64
    var record: CalendarRecord
    var now: Date

    func encode(to columns: inout Columns) {
        let zones = (try? JSONSerialization.data(withJSONObject: record.zones)) ?? Data("[]".utf8)
        columns.set("invite_id", .int(inviteID))
        columns.set("calendar", .text(record.calendar))
        columns.set("zones", .text(String(decoding: zones, as: UTF8.self)))
        columns.set("version", .blob(record.version))
        columns.set("pending", .bool(record.pending))
        columns.set("written_at", .integer(now.unixSeconds))
    }
}
