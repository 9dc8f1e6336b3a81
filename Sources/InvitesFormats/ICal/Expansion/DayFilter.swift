import Foundation
import InvitesModel

/// The days a rule finer than a week can fall on: its BYMONTH, BYMONTHDAY, BYYEARDAY and BYDAY,
/// each a filter on the day (RFC 5545 §3.3.10, "limit" under FREQ=DAILY and finer).
///
/// A day passes or not by its place in its year alone, so a year's passing days depend only on
/// whether it is a leap year and the weekday it starts on: fourteen kinds of year, each worked
/// out once. Every kind comes round in each 400 years of the Gregorian calendar, so a filter
/// that no kind passes passes no day at all, ever; and the days that pass are found a year at a
/// time, however far apart (a leap day is one day in 1,461), never day by day.
///
/// BYDAY with a position (`1MO`) is for MONTHLY and YEARLY rules; in a finer rule libical
/// compares it with a weekday and it matches none, and so here.
struct DayFilter: Sendable {
    /// What the filter is made of, as masks; the key of the years worked out for it.
    private struct Parts: Hashable, Sendable {
        /// January is bit 0; all twelve without BYMONTH.
        var months: UInt16 = 0xFFF
        /// Monday is bit 0; all seven without BYDAY.
        var weekdays: UInt8 = 0x7F
        /// BYMONTHDAY, split by sign: bit `n` stands for day `n`, or day `-n`; `nil` for any.
        var monthDaysFromStart: UInt32?
        var monthDaysFromEnd: UInt32 = 0
        /// BYYEARDAY likewise, 64 days a word.
        var yearDaysFromStart: [UInt64]?
        var yearDaysFromEnd: [UInt64] = []
    }

    private let parts: Parts
    /// The passing days of each kind of year (day of the year, from 1), by ``GregorianYear/kind``;
    /// empty when only weekdays (or nothing) filter, which needs no year worked out.
    private let byKind: [[Int]]
    /// Whether no BY part filters days.
    let passesEveryDay: Bool
    /// Whether no day of any year passes.
    let passesNoDay: Bool

    /// Years worked out for the filters met so far, shared by every expansion (a calendar has
    /// the same few rules many times); emptied when it grows past a few hundred.
    nonisolated(unsafe) private static var worked: [Parts: [[Int]]] = [:]
    private static let workedLock = NSLock()

    /// The filter of `rule`'s day parts (BYWEEKNO, which no rule finer than YEARLY may have, is
    /// not among them).
    init(_ rule: RecurrenceRule) {
        var parts = Parts()
        if !rule.byMonth.isEmpty {
            parts.months = 0
            for month in rule.byMonth where (1...12).contains(month) { parts.months |= 1 << (month - 1) }
        }
        if !rule.byDay.isEmpty {
            parts.weekdays = 0
            for day in rule.byDay where day.ordinal == 0 { parts.weekdays |= 1 << day.weekday }
        }
        if !rule.byMonthDay.isEmpty {
            var fromStart: UInt32 = 0
            for day in rule.byMonthDay {
                if day > 0 { fromStart |= 1 << day } else { parts.monthDaysFromEnd |= 1 << -day }
            }
            parts.monthDaysFromStart = fromStart
        }
        if !rule.byYearDay.isEmpty {
            var fromStart = [UInt64](repeating: 0, count: 7)
            var fromEnd = [UInt64](repeating: 0, count: 7)
            for day in rule.byYearDay where abs(day) <= 366 {
                if day > 0 { fromStart[day / 64] |= 1 << (day % 64) } else { fromEnd[-day / 64] |= 1 << (-day % 64) }
            }
            parts.yearDaysFromStart = fromStart
            parts.yearDaysFromEnd = fromEnd
        }
        self.parts = parts
        let byWeekdayAlone = parts.months == 0xFFF && parts.monthDaysFromStart == nil && parts.yearDaysFromStart == nil
        passesEveryDay = byWeekdayAlone && parts.weekdays == 0x7F
        guard !byWeekdayAlone else {
            // Weekdays alone repeat every week: nothing to work out.
            byKind = []
            passesNoDay = parts.weekdays == 0
            return
        }
        byKind = DayFilter.years(for: parts)
        passesNoDay = byKind.allSatisfy(\.isEmpty)
    }

    /// Whether the day `day` (days since 1970) passes.
    func passes(day: Int) -> Bool {
        guard !byKind.isEmpty else { return parts.weekdays & (1 << GregorianYear.weekday(ofDay: day)) != 0 }
        let year = GregorianYear(containing: day)
        let days = byKind[year.kind]
        let index = DayFilter.firstIndex(in: days, atLeast: day - year.firstDay + 1)
        return index < days.count && days[index] == day - year.firstDay + 1
    }

    /// The first passing day at or after `day`, no later than `last`; `nil` when there is none.
    func firstPassingDay(from day: Int, through last: Int) -> Int? {
        guard day <= last, !passesNoDay else { return nil }
        guard !byKind.isEmpty else {
            for next in day...min(day + 6, last) where passes(day: next) { return next }
            return nil
        }
        // Some kind of year has a passing day, and every kind comes round within 40 years.
        var year = GregorianYear(containing: day)
        while year.firstDay <= last {
            let days = byKind[year.kind]
            let index = DayFilter.firstIndex(in: days, atLeast: day - year.firstDay + 1)
            if index < days.count {
                let found = year.firstDay + days[index] - 1
                return found <= last ? found : nil
            }
            year = year.next
        }
        return nil
    }

    /// Every passing day of one 400-year cycle from `day`, in order, while `body` returns true.
    func forEachPassingDay(inCycleFrom day: Int, _ body: (Int) -> Bool) {
        let last = day + GregorianYear.cycleDays - 1
        var next = day
        while let found = firstPassingDay(from: next, through: last) {
            guard body(found) else { return }
            next = found + 1
        }
    }

    /// The passing days of the fourteen kinds of year, worked out once per filter.
    private static func years(for parts: Parts) -> [[Int]] {
        workedLock.lock()
        let known = worked[parts]
        workedLock.unlock()
        if let known { return known }
        let kinds = (0..<14).map { passingDays(parts, leap: $0 >= 7, firstWeekday: $0 % 7) }
        workedLock.lock()
        if worked.count >= 256 { worked = [:] }
        worked[parts] = kinds
        workedLock.unlock()
        return kinds
    }

    private static func passingDays(_ parts: Parts, leap: Bool, firstWeekday: Int) -> [Int] {
        var days: [Int] = []
        let length = leap ? 366 : 365
        var dayOfYear = 1
        for month in 1...12 {
            let monthLength = GregorianYear.monthLength(month, leap: leap)
            guard parts.months & (1 << (month - 1)) != 0 else {
                dayOfYear += monthLength
                continue
            }
            for dayOfMonth in 1...monthLength {
                defer { dayOfYear += 1 }
                let weekday = (firstWeekday + dayOfYear - 1) % 7
                guard parts.weekdays & (1 << weekday) != 0 else { continue }
                if let fromStart = parts.monthDaysFromStart {
                    let fromEnd = monthLength + 1 - dayOfMonth
                    guard fromStart & (1 << dayOfMonth) != 0 || parts.monthDaysFromEnd & (1 << fromEnd) != 0 else {
                        continue
                    }
                }
                if let fromStart = parts.yearDaysFromStart {
                    let fromEnd = length + 1 - dayOfYear
                    guard
                        fromStart[dayOfYear / 64] & (1 << (dayOfYear % 64)) != 0
                            || parts.yearDaysFromEnd[fromEnd / 64] & (1 << (fromEnd % 64)) != 0
                    else { continue }
                }
                days.append(dayOfYear)
            }
        }
        return days
    }

    /// The index of the first of the sorted `days` that is at least `wanted`, by bisection.
    private static func firstIndex(in days: [Int], atLeast wanted: Int) -> Int {
        var lower = 0
        var upper = days.count
        while lower < upper {
            let middle = (lower + upper) / 2
            if days[middle] < wanted { lower = middle + 1 } else { upper = middle }
        }
        return lower
    }

}

/// One year of the proleptic Gregorian calendar, as rules count in it.
struct GregorianYear: Equatable, Sendable {
    /// Days in 400 years: the calendar repeats itself, weekdays and all, after as many.
    static let cycleDays = 146_097

    let year: Int
    /// Days since 1970 of 1 January.
    let firstDay: Int

    init(_ year: Int) {
        self.year = year
        firstDay = LocalDate.daysSinceEpoch(year: year, month: 1, day: 1)
    }

    init(containing day: Int) {
        self.init(LocalDate(daysSinceEpoch: day).year)
    }

    var isLeap: Bool { GregorianYear.isLeap(year) }
    var length: Int { isLeap ? 366 : 365 }
    /// The weekday of 1 January, Monday 0.
    var firstWeekday: Int { GregorianYear.weekday(ofDay: firstDay) }
    /// Which of the fourteen kinds of year this is: 0–6 common, 7–13 leap, by its first weekday.
    var kind: Int { (isLeap ? 7 : 0) + firstWeekday }
    var next: GregorianYear { GregorianYear(year + 1) }

    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    static func monthLength(_ month: Int, leap: Bool) -> Int {
        switch month {
        case 2: return leap ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Monday 0 … Sunday 6; 1970-01-01 was a Thursday.
    static func weekday(ofDay day: Int) -> Int {
        ((day % 7 + 7) % 7 + 3) % 7
    }
}
