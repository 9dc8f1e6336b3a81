import Foundation
import InvitesFormats
import InvitesModel

/// The time `propose --at` (and `review`'s `p`) takes, in the display zone: a date and a time
/// (`2026-12-14 15:00` or `2026-12-14T15:00`), a time alone on the invitation's own date
/// (`15:00`), a date alone at the invitation's own time of day (`2026-12-15`), or RFC 3339.
package enum ProposedTime {
    /// The start it names for an invitation that now starts at `current`; `nil` when the text is
    /// none of these.
    package static func start(_ text: String, current: Date, zone: DisplayZone) -> Date? {
        let text = text.trimmingCharacters(in: .whitespaces)
        if let instant = RFC3339.parse(text) { return instant }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone.timeZone
        let now = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: current)
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "T" }).map(String.init)
        var date = LocalDate(year: now.year ?? 1970, month: now.month ?? 1, day: now.day ?? 1)
        var clock = (now.hour ?? 0, now.minute ?? 0)
        switch parts.count {
        case 1:
            if let day = LocalDate(iso: parts[0]) {
                date = day
            } else if let time = ProposedTime.clock(parts[0]) {
                clock = time
            } else {
                return nil
            }
        case 2:
            guard let day = LocalDate(iso: parts[0]), let time = ProposedTime.clock(parts[1]) else { return nil }
            (date, clock) = (day, time)
        default:
            return nil
        }
        guard (1...3000).contains(date.year) else { return nil }
        return calendar.date(
            from: DateComponents(year: date.year, month: date.month, day: date.day, hour: clock.0, minute: clock.1))
    }

    /// `15:00` or `9:30`.
    private static func clock(_ text: String) -> (Int, Int)? {
        let pieces = text.split(separator: ":")
        guard pieces.count == 2, pieces[1].count == 2, let hour = Int(pieces[0]), let minute = Int(pieces[1]),
            (0..<24).contains(hour), (0..<60).contains(minute)
        else { return nil }
        return (hour, minute)
    }
}
