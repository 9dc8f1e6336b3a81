import Foundation

/// The nudge: an invitation still waiting for your answer told again as it is about to start,
/// at the durations before its start of the `nudge` setting (default 24 hours and 1 hour).
/// Calendars remind you of the events you accepted; none reminds you of the invitation you
/// never answered, and so you miss the meeting (nextcloud/calendar #7433).
///
/// Each threshold is told once per occurrence, across restarts (``NotifiedJournal`` keeps the
/// thresholds told); thresholds that came together (a `watch` started 90 minutes before a
/// meeting: the 24-hour one is long past) are one nudge.
package enum Nudge {
    /// The default thresholds: a day before, and an hour before.
    package static let standard: [Int] = [86_400, 3_600]

    /// How long after a nudge that could not be told (no notification server, a store that
    /// could not be read) it is tried again.
    static let retry: TimeInterval = 60

    /// The longest threshold the setting takes: a nudge is about a meeting about to start.
    package static let longest = 30 * 86_400

    /// The thresholds of `thresholds` (seconds before `start`) that have come by `now` and are
    /// not in `told`; none once the start has come.
    package static func due(_ thresholds: [Int], start: Date, now: Date, told: Set<Int>) -> [Int] {
        guard now < start else { return [] }
        return thresholds.filter { !told.contains($0) && start.addingTimeInterval(-TimeInterval($0)) <= now }
    }

    /// When the next threshold not told comes, after `now`; `nil` when none is left.
    package static func next(_ thresholds: [Int], start: Date, now: Date, told: Set<Int>) -> Date? {
        thresholds.filter { !told.contains($0) }.map { start.addingTimeInterval(-TimeInterval($0)) }
            .filter { $0 > now && $0 < start }.min()
    }

    /// When it starts, as a notification says it: `in 1 hour`, `in 1 hour 30 minutes`, `in 45
    /// minutes`, `in 23 hours`, `in 2 days`; `now` within the minute.
    package static func startsIn(_ interval: TimeInterval) -> String {
        let minutes = Int((max(interval, 0) / 60).rounded())
        func unit(_ count: Int, _ name: String) -> String { "\(count) \(name)\(count == 1 ? "" : "s")" }
        switch minutes {
        case ..<1: return "now"
        case ..<60: return "in " + unit(minutes, "minute")
        case ..<(48 * 60):
            // From ten hours on, whole hours: `in 24 hours` rather than `in 23 hours 59 minutes`.
            let hours = minutes >= 600 ? Int((Double(minutes) / 60).rounded()) : minutes / 60
            let rest = minutes >= 600 ? 0 : minutes % 60
            return "in " + unit(hours, "hour") + (rest > 0 ? " " + unit(rest, "minute") : "")
        default:
            return "in " + unit(Int((Double(minutes) / 1_440).rounded()), "day")
        }
    }
}
