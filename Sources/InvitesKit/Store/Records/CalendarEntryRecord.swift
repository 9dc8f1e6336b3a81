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
        columns["invite_id"] = .int(inviteID)
        columns["calendar"] = .text(record.calendar)
        columns["zones"] = .text(String(decoding: zones, as: UTF8.self))
        columns["version"] = .blob(record.version)
        columns["pending"] = .bool(record.pending)
        columns["written_at"] = .integer(now.unixSeconds)
    }
}
