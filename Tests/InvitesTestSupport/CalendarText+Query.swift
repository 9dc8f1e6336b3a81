import Foundation
import InvitesFormats
import InvitesKit
import InvitesModel

extension CalendarText {
    /// What `invites` reads from `lines`, as a calendar file, over `[from, to)`.
    package static func occurrences(
        _ lines: [String], calendar: [String] = [], from: String, to: String, zone: DisplayZone = .utc
    ) throws -> CalendarQuery.Result {
        let path = try file(lines, calendar: calendar)
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let query = CalendarQuery(sources: [try CalendarSource.named(path)], display: zone, me: MyAddresses([]))
        return try query.occurrences(in: DateInterval(start: .utc(from), end: .utc(to)))
    }

    /// Each occurrence as `start/end` in UTC (dates for all-day ones), in order.
    package static func spans(_ result: CalendarQuery.Result, uid: String? = nil) -> [String] {
        result.occurrences.filter { uid == nil || $0.uid == uid }.map { occurrence in
            if let dates = occurrence.dates { return "\(dates.first)/\(dates.endExclusive)" }
            return "\(RFC3339.utc(occurrence.start))/\(RFC3339.utc(occurrence.end))"
        }
    }
}
