internal import CLibical
import Foundation
import InvitesModel

/// How one RRULE of a DATE-TIME or DATE series is stepped through, decided before libical is
/// asked: not at all when it can never match (``ImpossibleRule``); here when its steps have a
/// fixed length, a day or less (``FixedStepRule``); by libical, week by week with the times of
/// day laid on here, when a WEEKLY rule has BYHOUR, BYMINUTE or BYSECOND; by libical otherwise.
///
/// What libical then does inside one `icalrecur_iterator_next` is bounded by the caller's
/// UNTIL (no later than the window's end) and, for WEEKLY, by charging the weeks it stepped
/// over to the expansion's budget (``skippedPeriods(from:to:)``); MONTHLY and YEARLY rules
/// that can match find their next month or year within one 400-year cycle of them.
struct RuleSteps {
    /// Why the rule can never match; `nil` when it can.
    private(set) var never: String?
    /// The expansion of a SECONDLY, MINUTELY, HOURLY or DAILY rule.
    private(set) var fixedSteps: FixedStepRule?
    /// Whether the rule has steps of a day or less but is not one ``FixedStepRule`` reads
    /// (BYWEEKNO, or BYYEARDAY under DAILY, which libical refuses too; a part it does not
    /// know): only DTSTART is used.
    private(set) var refused = false
    /// The times of day (seconds, in order) of a WEEKLY rule with BYHOUR, BYMINUTE or
    /// BYSECOND, laid on each of its days; `nil` for any other rule.
    private(set) var times: [Int]?
    /// UNTIL as the last wall time an instance may have, when it is a wall time (a UTC UNTIL
    /// of a zoned series is compared as an instant by the caller and is already gone).
    private(set) var wallUntil: Int?
    private var frequency: RecurrenceRule.Frequency?
    private var interval = 1
    private var weekdays = 1

    /// Reads `rule`, of a series starting at the floating wall time `start`; `jumps` is off
    /// only to check the jump over COUNT (``FixedStepRule``).
    init(rule: icalrecurrencetype, start: icaltimetype, jumps: Bool = true) {
        let parsed = RecurrenceRule(rule)
        let wallStart = RecurrenceRule.Start(start)
        if icaltime_is_null_time(rule.until) == 0 {
            let untilDay = LocalDate.daysSinceEpoch(
                year: Int(rule.until.year), month: Int(rule.until.month), day: Int(rule.until.day))
            // A DATE UNTIL of a DATE-TIME series: libical takes no instance on that date.
            wallUntil =
                rule.until.is_date != 0 && !wallStart.isDate
                ? untilDay * 86_400 - 1 : ICalTimeValue.wallSeconds(rule.until)
        }
        guard let parsed else {
            refused = rule.freq.rawValue <= ICAL_DAILY_RECURRENCE.rawValue
            return
        }
        frequency = parsed.frequency
        interval = parsed.interval
        weekdays = max(Set(parsed.byDay.map(\.weekday)).count, 1)
        never = ImpossibleRule.reason(parsed, start: wallStart)
        guard never == nil else { return }
        if parsed.frequency <= .daily {
            fixedSteps = FixedStepRule(parsed, start: wallStart, until: wallUntil, jumps: jumps)
            refused = fixedSteps == nil
        } else if parsed.frequency == .weekly, parsed.hasTimeParts, !wallStart.isDate {
            let hours = parsed.byHour.isEmpty ? [wallStart.secondOfDay / 3_600] : parsed.byHour
            let minutes = parsed.byMinute.isEmpty ? [wallStart.secondOfDay / 60 % 60] : parsed.byMinute
            let seconds = parsed.bySecond.isEmpty ? [wallStart.secondOfDay % 60] : parsed.bySecond.filter { $0 < 60 }
            times = Set(
                hours.flatMap { hour in minutes.flatMap { minute in seconds.map { hour * 3_600 + minute * 60 + $0 } } }
            ).sorted()
        }
    }

    /// The steps libical took inside one call that returned the day `day` after the day
    /// `previous` (days since 1970) without yielding anything between them: the weekdays of
    /// the weeks of a WEEKLY rule. `nil` for a rule whose steps are whole months or years,
    /// which libical skips without trying each day.
    func skippedPeriods(from previous: Int, to day: Int) -> Int? {
        guard frequency == .weekly else { return nil }
        return ((day - previous) / (7 * interval) - 1) * weekdays
    }

    /// The rule libical steps through to give the days of a WEEKLY rule whose times
    /// are laid on here: without BYHOUR, BYMINUTE and BYSECOND, without COUNT (the instances,
    /// not the days, are counted), and with UNTIL at the end of its day (the times compare
    /// with it here).
    static func days(of rule: icalrecurrencetype) -> icalrecurrencetype {
        var days = DayRule.withoutTimes(rule)
        days.count = 0
        if icaltime_is_null_time(days.until) == 0, days.until.is_date == 0 {
            days.until.hour = 23
            days.until.minute = 59
            days.until.second = 59
        }
        return days
    }

    /// The floating wall time `seconds` after 1970 (the wall clock read as UTC), or its date.
    static func time(wallSeconds seconds: Int, isDate: Bool = false) -> icaltimetype {
        var time = icaltime_from_timet_with_zone(time_t(seconds), isDate ? 1 : 0, ZoneResolver.utc)
        time.zone = nil
        return time
    }
}
