import Foundation
import InvitesModel

/// Reads a moment as users type it for `--since`: `today`, `yesterday`, a stretch of time back
/// from now (`7d`, `2w`, `36h`, `1h30m`), a date (`2024-06-01`) or an RFC 3339 time.
///
/// `history --since 7d` is what someone reaching for "the last week" types first; a date alone
/// is midnight at its start in the display zone, as `today` and `yesterday` are.
package enum RelativeDate {
    /// The moment, or `nil` when the text is none of the forms above.
    package static func parse(_ text: String, now: Date, zone: TimeZone) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let today = LocalDate(now, in: zone)
        switch trimmed {
        case "today": return today.midnight(in: zone)
        case "yesterday": return today.adding(days: -1).midnight(in: zone)
        default: break
        }
        if let date = LocalDate(iso: trimmed) { return date.midnight(in: zone) }
        if let instant = RFC3339.parse(text) { return instant }
        if let back = span(trimmed) { return now.addingTimeInterval(-back) }
        return nil
    }

    /// `7d`, `2w`, `1h30m`: a duration, where weeks (`w`) are allowed too.
    private static func span(_ text: String) -> TimeInterval? {
        guard text != "0" else { return nil }
        if text.hasSuffix("w"), let weeks = Int(text.dropLast()), (0...10_000).contains(weeks) {
            return TimeInterval(weeks) * 7 * 86_400
        }
        return DurationParser.parse(text)
    }
}
