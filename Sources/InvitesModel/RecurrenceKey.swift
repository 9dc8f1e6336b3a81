import Foundation

/// The inbox's name for an instance of a series: its RECURRENCE-ID as a UTC time
/// (`2026-12-14T09:00:00Z`), or a date (`2026-12-14`) for all-day series.
///
/// One form for every producer's way of writing the same instant (`TZID=`, `Z`, floating), so a
/// moved instance, its cancellation and your answer to it meet on one key.
package enum RecurrenceKey {
    /// The instant a key names; a date names its midnight in UTC.
    package static func instant(of key: String) -> Date? {
        if let time = RFC3339.parse(key) { return time }
        return LocalDate(iso: key).map { $0.midnight(in: TimeZone(identifier: "UTC") ?? .current) }
    }

    /// Whether the key names a date rather than a time.
    package static func isDate(_ key: String) -> Bool { LocalDate(iso: key) != nil }
}
