import Foundation

/// The one time format of the JSON output and of push payloads: RFC 3339 / ISO 8601 with an
/// offset or `Z`.
public enum RFC3339 {
    /// Parses `2018-04-10T08:00:00-08:00`, `…Z`, with or without fractional seconds; a time
    /// without an offset is refused, since it does not name an instant.
    public static func parse(_ text: String) -> Date? {
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        if let date = plain.date(from: text) { return date }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return fractional.date(from: text)
    }

    /// The date part of an ISO 8601 time as written, before any offset is applied.
    public static func localDate(_ text: String) -> LocalDate? {
        LocalDate(iso: text.prefix(10))
    }

    /// `2018-04-10T16:00:00Z`.
    public static func utc(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
            Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }
}
