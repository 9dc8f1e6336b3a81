import Foundation
import InvitesModel

/// Whether an RRULE can ever add an occurrence to its series, decided from its parts alone.
///
/// A stranger can write a rule whose parts contradict each other: `BYMONTH=2;BYMONTHDAY=30`,
/// `BYYEARDAY=366;BYMONTH=2` (day 366 is always 31 December), `BYDAY=MO;BYSETPOS=6` (no month
/// has six Mondays). libical looks for the next instance until the year 2582 (or 20000), one
/// step at a time: one second at a time for `FREQ=SECONDLY`, which never ends in practice.
/// Such a rule is known here before libical is asked, and the series is its DTSTART (and
/// RDATEs) alone.
///
/// The Gregorian calendar repeats every 400 years, weekdays and all, and a rule's INTERVAL
/// reaches a fixed set of places in that cycle, so "never" is decided exactly by looking at one
/// cycle: the fourteen kinds of year (leap or not, and the weekday they start on), the 4,800
/// months, the 146,097 days. The rule is read as invites expands it: BY parts that limit
/// (RFC 5545 §3.3.10's table) as filters, BY parts that expand as libical expands them, BYSETPOS
/// as libical applies it (to the days of a month or year) and, from DAILY down, to each
/// interval's instances; BYSETPOS under WEEKLY, which libical ignores, is ignored. A rule whose
/// parts libical refuses (BYWEEKNO outside YEARLY, BYYEARDAY beside BYMONTH…) or that moves
/// missing days elsewhere (SKIP) is not judged here: it is not expanded at all, or libical's own
/// bounds hold for it. Never is said only when it is certain.
enum ImpossibleRule {
    /// Why `rule`, on a series starting at `start`, can never add an occurrence, in a few
    /// words; `nil` when it can, or when that is not decided here.
    static func reason(_ rule: RecurrenceRule, start: RecurrenceRule.Start) -> String? {
        guard !rule.otherCalendar else { return nil }
        if !rule.byMonth.isEmpty, !rule.byMonth.contains(where: { (1...12).contains($0) }) {
            return "BYMONTH=\(list(rule.byMonth)) names no month of a year"
        }
        if !rule.byWeekNumber.isEmpty, !rule.byWeekNumber.contains(where: { abs($0) <= 53 }) {
            return "BYWEEKNO=\(list(rule.byWeekNumber)) names no week of a year"
        }
        if !rule.byYearDay.isEmpty, !rule.byYearDay.contains(where: { abs($0) <= 366 }) {
            return "BYYEARDAY=\(list(rule.byYearDay)) names no day of a year"
        }
        if !rule.bySecond.isEmpty, !rule.bySecond.contains(where: { $0 < 60 }) {
            return "BYSECOND=60 names only a leap second, which no clock here shows"
        }
        switch rule.frequency {
        case .secondly, .minutely, .hourly, .daily: return fixedSteps(rule, start: start)
        case .weekly: return weekly(rule, start: start)
        case .monthly: return monthly(rule, start: start)
        case .yearly: return yearly(rule, start: start)
        }
    }

    // MARK: A day and finer

    private static func fixedSteps(_ rule: RecurrenceRule, start: RecurrenceRule.Start) -> String? {
        // libical refuses BYWEEKNO below YEARLY and BYYEARDAY under DAILY; so does the
        // expansion (FixedStepRule).
        guard rule.byWeekNumber.isEmpty, rule.frequency < .daily || rule.byYearDay.isEmpty,
            let unit = rule.frequency.seconds
        else { return nil }
        if let positions = positionsOnly(rule) { return positions }
        let filter = DayFilter(rule)
        if filter.passesNoDay { return "no day is " + dayParts(rule) }
        let perInterval = FixedStepRule.intervalSet(rule, start: start).count
        if !rule.bySetPosition.isEmpty, !rule.bySetPosition.contains(where: { abs($0) <= perInterval }) {
            let unitName = ["second", "minute", "hour", "day"][rule.frequency.rawValue]
            return "BYSETPOS=\(list(rule.bySetPosition)) is beyond the \(perInterval) instance"
                + "\(perInterval == 1 ? "" : "s") of each \(unitName)"
        }
        // The steps fall at the times of day that are the first step's modulo their greatest
        // common divisor with a day; one of those must be a time the rule allows.
        let step = rule.interval * unit
        let first = start.seconds - floorModulo(start.seconds, unit)
        let common = gcd(step, 86_400)
        if let allowed = FixedStepRule.allowedTimes(rule),
            !allowed.contains(where: { $0 % common == floorModulo(first, common) })
        {
            return "its steps of \(step) seconds from \(clock(floorModulo(first, 86_400))) never fall on "
                + timeParts(rule)
        }
        // Steps of whole days keep their time of day, and reach one day in so many.
        if step % 86_400 == 0, !filter.passesEveryDay,
            !reachesPassingDay(filter, from: start.day, every: step / 86_400)
        {
            return "its steps of \(step / 86_400) days from \(start.date) never reach a day that is " + dayParts(rule)
        }
        return nil
    }

    // MARK: Weeks, months, years

    private static func weekly(_ rule: RecurrenceRule, start: RecurrenceRule.Start) -> String? {
        guard rule.byMonthDay.isEmpty, rule.byYearDay.isEmpty, rule.byWeekNumber.isEmpty, !rule.byMonth.isEmpty
        else { return nil }
        // libical takes BYDAY's weekdays, whatever their position, in each week the rule reaches.
        let weekdays = rule.byDay.isEmpty ? [GregorianYear.weekday(ofDay: start.day)] : rule.byDay.map(\.weekday)
        let weekStart = start.day - floorModulo(GregorianYear.weekday(ofDay: start.day) - rule.weekStart, 7)
        let cycleWeeks = GregorianYear.cycleDays / 7
        let weeks = cycleWeeks / gcd(rule.interval, cycleWeeks)
        for week in 0..<weeks {
            let first = weekStart + floorModulo(week * rule.interval, cycleWeeks) * 7
            for offset in 0..<7 where weekdays.contains(GregorianYear.weekday(ofDay: first + offset)) {
                if rule.byMonth.contains(LocalDate(daysSinceEpoch: first + offset).month) { return nil }
            }
        }
        return "no week it reaches has a day in BYMONTH=\(list(rule.byMonth))"
    }

    private static func monthly(_ rule: RecurrenceRule, start: RecurrenceRule.Start) -> String? {
        guard rule.byYearDay.isEmpty, rule.byWeekNumber.isEmpty, !rule.skipsToOtherDays else { return nil }
        let date = start.date
        let firstMonth = date.year * 12 + date.month - 1
        let months = 4_800 / gcd(rule.interval, 4_800)
        var seen: Set<Int> = []
        var widest = 0
        for step in 0..<months {
            let index = firstMonth + floorModulo(step * rule.interval, 4_800)
            let year = GregorianYear(floorDivide(index, 12))
            let month = floorModulo(index, 12) + 1
            guard seen.insert(year.kind * 12 + month).inserted else { continue }
            let days = monthDays(rule, year: year, month: month, start: date)
            widest = max(widest, days.count)
            if survives(days.count, rule.bySetPosition) { return nil }
        }
        return verdict(rule, widest: widest, period: "month")
    }

    private static func yearly(_ rule: RecurrenceRule, start: RecurrenceRule.Start) -> String? {
        guard !rule.skipsToOtherDays else { return nil }
        if !rule.byYearDay.isEmpty {
            // libical reads BYYEARDAY beside BYMONTH, BYMONTHDAY or BYWEEKNO as unimplemented.
            guard rule.byMonth.isEmpty, rule.byMonthDay.isEmpty, rule.byWeekNumber.isEmpty else { return nil }
        }
        if !rule.byWeekNumber.isEmpty { return weeksOfYear(rule) }
        let date = start.date
        let years = 400 / gcd(rule.interval, 400)
        var seen: Set<Int> = []
        var widest = 0
        for step in 0..<years {
            let year = GregorianYear(date.year + floorModulo(step * rule.interval, 400))
            guard seen.insert(year.kind).inserted else { continue }
            let days = yearDays(rule, year: year, start: date)
            widest = max(widest, days.count)
            if survives(days.count, rule.bySetPosition) { return nil }
        }
        return verdict(rule, widest: widest, period: "year")
    }

    /// BYWEEKNO: week `n` holds 4 January plus `7(n-1)` days, give or take six (week 1 is the
    /// first with four days of January, whatever WKST), so the months it can touch are known
    /// without numbering any year's weeks; the rest is left to libical.
    private static func weeksOfYear(_ rule: RecurrenceRule) -> String? {
        guard !rule.byMonth.isEmpty else { return nil }
        var months: Set<Int> = []
        for week in rule.byWeekNumber where abs(week) <= 53 {
            // Days of a year from 1 January of a common year: week 1 holds day 4, the last
            // week day 362 (28 December).
            let middle = week > 0 ? 4 + 7 * (week - 1) : 362 + 7 * (week + 1)
            for day in (middle - 6)...(middle + 6) {
                months.insert(LocalDate(daysSinceEpoch: GregorianYear(2001).firstDay + day - 1).month)
            }
        }
        guard !rule.byMonth.contains(where: months.contains) else { return nil }
        return "no day of BYWEEKNO=\(list(rule.byWeekNumber)) is in BYMONTH=\(list(rule.byMonth))"
    }

    /// The reason a month or year rule gives no day: BYSETPOS, or its other parts.
    private static func verdict(_ rule: RecurrenceRule, widest: Int, period: String) -> String {
        if widest > 0 {
            return "BYSETPOS=\(list(rule.bySetPosition)) is beyond the \(widest) day"
                + "\(widest == 1 ? "" : "s") a \(period) of it has at most"
        }
        let parts = dayParts(rule)
        let every = rule.interval > 1 ? "every \(rule.interval) \(period)s, " : ""
        return parts.isEmpty
            ? "no \(period) it reaches has its first day" : "no \(period) it reaches (\(every)\(parts)) has such a day"
    }

    /// The days of month `month` of `year` the rule gives, as libical expands a MONTHLY rule:
    /// BYMONTHDAY (DTSTART's day when there is neither it nor BYDAY), limited by BYDAY.
    private static func monthDays(_ rule: RecurrenceRule, year: GregorianYear, month: Int, start: LocalDate) -> [Int] {
        guard rule.byMonth.isEmpty || rule.byMonth.contains(month) else { return [] }
        let length = GregorianYear.monthLength(month, leap: year.isLeap)
        let first = LocalDate.daysSinceEpoch(year: year.year, month: month, day: 1)
        var days: [Int]
        if !rule.byMonthDay.isEmpty {
            days = resolve(rule.byMonthDay, length: length)
        } else if !rule.byDay.isEmpty {
            days = Array(1...length)
        } else {
            days = start.day <= length ? [start.day] : []
        }
        if !rule.byDay.isEmpty {
            days = days.filter { matchesDay(rule.byDay, index: $0, of: length, weekday: first + $0 - 1) }
        }
        return days
    }

    /// The days of `year` (from 1) the rule gives, as libical expands a YEARLY rule without
    /// BYWEEKNO.
    private static func yearDays(_ rule: RecurrenceRule, year: GregorianYear, start: LocalDate) -> [Int] {
        if !rule.byYearDay.isEmpty {
            let days = resolve(rule.byYearDay, length: year.length)
            guard !rule.byDay.isEmpty else { return days }
            return days.filter { matchesDay(rule.byDay, index: $0, of: year.length, weekday: year.firstDay + $0 - 1) }
        }
        let months = rule.byMonth.isEmpty ? [start.month] : rule.byMonth.filter { (1...12).contains($0) }
        var days: [Int] = []
        if rule.byMonthDay.isEmpty, !rule.byDay.isEmpty, rule.byMonth.isEmpty {
            // BYDAY alone: its weekdays in the whole year, positions counted in the year.
            return (1...year.length).filter {
                matchesDay(rule.byDay, index: $0, of: year.length, weekday: year.firstDay + $0 - 1)
            }
        }
        for month in months.sorted() {
            let length = GregorianYear.monthLength(month, leap: year.isLeap)
            let first = LocalDate.daysSinceEpoch(year: year.year, month: month, day: 1)
            let offset = first - year.firstDay
            var inMonth: [Int]
            if !rule.byMonthDay.isEmpty {
                inMonth = resolve(rule.byMonthDay, length: length)
            } else if !rule.byDay.isEmpty {
                inMonth = Array(1...length)
            } else {
                inMonth = start.day <= length ? [start.day] : []
            }
            if !rule.byDay.isEmpty {
                inMonth = inMonth.filter { day in
                    // Positions count in the month under BYMONTH, in the year without it.
                    rule.byMonth.isEmpty
                        ? matchesDay(rule.byDay, index: offset + day, of: year.length, weekday: first + day - 1)
                        : matchesDay(rule.byDay, index: day, of: length, weekday: first + day - 1)
                }
            }
            days += inMonth.map { offset + $0 }
        }
        return days
    }

    /// Whether the day `index` (from 1) of a stretch of `length` days, the day `weekday` since
    /// 1970, is one of `entries`: its weekday, and its place among that weekday's days when
    /// the entry has a position.
    private static func matchesDay(
        _ entries: [RecurrenceRule.WeekdayNumber], index: Int, of length: Int, weekday day: Int
    ) -> Bool {
        let weekday = GregorianYear.weekday(ofDay: day)
        return entries.contains { entry in
            guard entry.weekday == weekday else { return false }
            if entry.ordinal > 0 { return (index - 1) / 7 + 1 == entry.ordinal }
            if entry.ordinal < 0 { return (length - index) / 7 + 1 == -entry.ordinal }
            return true
        }
    }

    /// Days named from the start (`1`) or the end (`-1`) of a stretch of `length` days, those
    /// that exist, in order, once each.
    private static func resolve(_ numbers: [Int], length: Int) -> [Int] {
        Set(numbers.map { $0 > 0 ? $0 : length + 1 + $0 }.filter { (1...length).contains($0) }).sorted()
    }

    /// Whether a set of `count` instances keeps one under BYSETPOS (any, without it).
    private static func survives(_ count: Int, _ positions: [Int]) -> Bool {
        guard !positions.isEmpty else { return count > 0 }
        return positions.contains { abs($0) <= count }
    }

    /// Whether steps of `every` days from `first` ever reach a day `filter` passes: the
    /// filter repeats every 400 years, so a passing day of one cycle in the right residue
    /// will do.
    private static func reachesPassingDay(_ filter: DayFilter, from first: Int, every: Int) -> Bool {
        let common = gcd(every, GregorianYear.cycleDays)
        guard common > 1 else { return !filter.passesNoDay }
        var found = false
        filter.forEachPassingDay(inCycleFrom: first) { day in
            found = (day - first) % common == 0
            return !found
        }
        return found
    }

    /// The positions-only BYDAY of a rule finer than a week: libical compares its entries with
    /// a weekday, and none matches.
    private static func positionsOnly(_ rule: RecurrenceRule) -> String? {
        guard !rule.byDay.isEmpty, rule.byDay.allSatisfy({ $0.ordinal != 0 }) else { return nil }
        return "BYDAY=\(days(rule.byDay)) gives positions, which only MONTHLY and YEARLY rules have"
    }

    // MARK: Words

    /// The parts that choose days, as written: `BYMONTH=2 and BYMONTHDAY=30`.
    static func dayParts(_ rule: RecurrenceRule) -> String {
        var parts: [String] = []
        if !rule.byMonth.isEmpty { parts.append("BYMONTH=" + list(rule.byMonth)) }
        if !rule.byWeekNumber.isEmpty { parts.append("BYWEEKNO=" + list(rule.byWeekNumber)) }
        if !rule.byYearDay.isEmpty { parts.append("BYYEARDAY=" + list(rule.byYearDay)) }
        if !rule.byMonthDay.isEmpty { parts.append("BYMONTHDAY=" + list(rule.byMonthDay)) }
        if !rule.byDay.isEmpty { parts.append("BYDAY=" + days(rule.byDay)) }
        return parts.joined(separator: " and ")
    }

    private static func timeParts(_ rule: RecurrenceRule) -> String {
        var parts: [String] = []
        if !rule.byHour.isEmpty { parts.append("BYHOUR=" + list(rule.byHour)) }
        if !rule.byMinute.isEmpty { parts.append("BYMINUTE=" + list(rule.byMinute)) }
        if !rule.bySecond.isEmpty { parts.append("BYSECOND=" + list(rule.bySecond)) }
        return parts.joined(separator: " and ")
    }

    private static func list(_ numbers: [Int]) -> String {
        numbers.map(String.init).joined(separator: ",")
    }

    private static func days(_ entries: [RecurrenceRule.WeekdayNumber]) -> String {
        entries.map { ($0.ordinal == 0 ? "" : String($0.ordinal)) + RecurrenceRule.weekdayCodes[$0.weekday] }
            .joined(separator: ",")
    }

    private static func clock(_ seconds: Int) -> String {
        String(format: "%02d:%02d:%02d", seconds / 3_600, seconds / 60 % 60, seconds % 60)
    }

    // MARK: Arithmetic

    static func gcd(_ first: Int, _ second: Int) -> Int {
        var (a, b) = (abs(first), abs(second))
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }

    static func floorModulo(_ value: Int, _ modulus: Int) -> Int {
        (value % modulus + modulus) % modulus
    }

    static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
        (value - floorModulo(value, divisor)) / divisor
    }
}
