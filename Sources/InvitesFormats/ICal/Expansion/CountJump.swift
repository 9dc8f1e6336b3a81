internal import CLibical
import Foundation
import InvitesModel

/// Starts a COUNT-bounded rule near the window instead of at DTSTART.
///
/// libical cannot start such a rule anywhere but DTSTART (`icalrecur_iterator_set_start`
/// refuses COUNT), so a daily series from two years ago is walked step by step to reach today.
/// For the periodic rules — DAILY, and WEEKLY on plain weekdays, with any INTERVAL — the
/// instances before a given day can be counted instead: DTSTART moves to a later instance and
/// COUNT shrinks by the instances skipped, which yields exactly the same later instances.
/// (EXDATEs do not change COUNT, RFC 5545 §3.3.10, so they need no care here.)
enum CountJump {
    enum Outcome {
        /// The rule is not one this can jump, or the day is too close to DTSTART to bother.
        case unchanged
        case moved
        /// Every instance of the rule lies before the day.
        case exhausted
    }

    /// Moves `start` and `rule.count` so that iteration begins at the last whole period before
    /// `day` (days since 1970 of a wall date).
    static func apply(_ rule: inout icalrecurrencetype, start: inout icaltimetype, before day: Int) -> Outcome {
        guard rule.count > 0, let text = icalrecurrencetype_as_string_r(&rule) else { return .unchanged }
        let description = String(cString: text)
        free(text)
        var parts: [String: String] = [:]
        for part in description.uppercased().split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { return .unchanged }
            parts[String(pair[0])] = String(pair[1])
        }
        guard Set(parts.keys).isSubset(of: ["FREQ", "COUNT", "INTERVAL", "WKST", "BYDAY"]) else { return .unchanged }
        let interval = parts["INTERVAL"].flatMap { Int($0) } ?? 1
        guard interval >= 1 else { return .unchanged }
        let first = LocalDate.daysSinceEpoch(year: Int(start.year), month: Int(start.month), day: Int(start.day))
        let skippedDays: Int
        let skippedInstances: Int
        switch parts["FREQ"] {
        case "DAILY" where parts["BYDAY"] == nil:
            let periods = (day - first) / interval - 1
            guard periods > 0 else { return .unchanged }
            skippedDays = periods * interval
            skippedInstances = periods
        case "WEEKLY":
            let weekdays = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
            guard let weekStart = weekdays.firstIndex(of: parts["WKST"] ?? "MO") else { return .unchanged }
            let startWeekday = ((first + 3) % 7 + 7) % 7
            func offset(_ weekday: Int) -> Int { (weekday - weekStart + 7) % 7 }
            var offsets: Set<Int> = [offset(startWeekday)]
            if let days = parts["BYDAY"] {
                offsets = []
                for name in days.split(separator: ",") {
                    guard let weekday = weekdays.firstIndex(of: String(name)) else { return .unchanged }
                    offsets.insert(offset(weekday))
                }
            }
            let startOffset = offset(startWeekday)
            guard offsets.contains(startOffset), let earliest = offsets.min() else { return .unchanged }
            let weekOrigin = first - startOffset
            let weeks = (day - weekOrigin) / (7 * interval) - 1
            guard weeks > 0 else { return .unchanged }
            skippedInstances = offsets.filter { $0 >= startOffset }.count + (weeks - 1) * offsets.count
            skippedDays = weeks * 7 * interval + earliest - startOffset
        default:
            return .unchanged
        }
        guard skippedInstances > 0 else { return .unchanged }
        if skippedInstances >= Int(rule.count) { return .exhausted }
        // Below COUNT, an Int32, so it fits; the days are checked, as a window may reach far past
        // any year libical holds.
        guard let days = Int32(exactly: skippedDays) else { return .unchanged }
        rule.count -= Int32(skippedInstances)
        icaltime_adjust(&start, days, 0, 0, 0)
        return .moved
    }
}
