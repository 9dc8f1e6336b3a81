internal import CLibical
import Foundation

/// What an RRULE means on an all-day (DATE) DTSTART: it repeats by whole days at the finest.
///
/// RFC 5545 §3.3.10 says BYSECOND, BYMINUTE and BYHOUR must be ignored beside a DATE, and gives
/// FREQ=SECONDLY, MINUTELY or HOURLY no meaning there. libical iterates such a rule anyway and
/// yields the date once per instant: `FREQ=SECONDLY` gives each day 86,400 times, so a stranger's
/// `FREQ=SECONDLY;UNTIL=99991231T235959Z` kept `show` busy for minutes walking a few days. The
/// days libical names are the days its instants fall on, counted from midnight; this says the
/// same as a DAILY rule, which costs one step a day:
/// - FREQ=SECONDLY, MINUTELY or HOURLY becomes FREQ=DAILY, with INTERVAL the whole days its own
///   interval spans (at least one: `FREQ=HOURLY;INTERVAL=48` is every other day);
/// - COUNT counts the days its instants reach (`FREQ=HOURLY;COUNT=30`: two days), as libical's
///   dates do, deduplicated;
/// - BYSECOND, BYMINUTE and BYHOUR are dropped, under every FREQ;
/// - the other parts (UNTIL, BYDAY, BYMONTH, …) stay as written.
enum DayRule {
    /// `rule` as it is read beside a DATE DTSTART.
    static func normalised(_ rule: icalrecurrencetype) -> icalrecurrencetype {
        var rule = DayRule.withoutTimes(rule)
        let unit: Int
        switch rule.freq {
        case ICAL_SECONDLY_RECURRENCE: unit = 1
        case ICAL_MINUTELY_RECURRENCE: unit = 60
        case ICAL_HOURLY_RECURRENCE: unit = 3_600
        default: return rule
        }
        // INTERVAL is a C short and COUNT an int: the products stay far inside 64 bits.
        let step = max(Int(rule.interval), 1) * unit
        let day = 86_400
        rule.freq = ICAL_DAILY_RECURRENCE
        if step < day {
            rule.interval = 1
            if rule.count > 0 {
                let days = (Int(rule.count) - 1) * step / day + 1
                rule.count = Int32(clamping: days)
            }
        } else {
            rule.interval = Int16(clamping: step / day)
        }
        return rule
    }

    /// `rule` without BYHOUR, BYMINUTE and BYSECOND: each list emptied whole, since libical
    /// puts DTSTART's value in the first place of an empty list and keeps the rest (a list
    /// emptied at its first place only, `9,17`, was read as DTSTART's hour and 17).
    static func withoutTimes(_ rule: icalrecurrencetype) -> icalrecurrencetype {
        var rule = rule
        let empty = Int16(truncatingIfNeeded: ICAL_RECURRENCE_ARRAY_MAX.rawValue)
        withUnsafeMutableBytes(of: &rule.by_second) { $0.bindMemory(to: Int16.self).update(repeating: empty) }
        withUnsafeMutableBytes(of: &rule.by_minute) { $0.bindMemory(to: Int16.self).update(repeating: empty) }
        withUnsafeMutableBytes(of: &rule.by_hour) { $0.bindMemory(to: Int16.self).update(repeating: empty) }
        return rule
    }
}
