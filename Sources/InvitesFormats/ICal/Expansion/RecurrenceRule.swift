import Foundation
import InvitesModel

/// An RRULE's parts as numbers, read from its text as libical writes it back
/// (`FREQ=MONTHLY;COUNT=3;BYDAY=-1FR`), for the rules invites applies itself: which rules can
/// never match (``ImpossibleRule``) and the expansion of rules of a day or finer
/// (``FixedStepRule``), where libical steps interval by interval.
///
/// Reading stops at anything libical would not have written: a part it does not know, a
/// number out of its range. `nil` then: a rule of a day or finer is not expanded (only its
/// DTSTART counts), any other is left to libical as it was.
struct RecurrenceRule: Equatable, Sendable {
    /// FREQ, finest first.
    enum Frequency: Int, Comparable, Sendable {
        case secondly, minutely, hourly, daily, weekly, monthly, yearly

        static func < (lhs: Frequency, rhs: Frequency) -> Bool { lhs.rawValue < rhs.rawValue }

        /// The length of one step in seconds, for the frequencies of fixed length.
        var seconds: Int? {
            switch self {
            case .secondly: return 1
            case .minutely: return 60
            case .hourly: return 3_600
            case .daily: return 86_400
            default: return nil
            }
        }
    }

    /// One BYDAY entry: `-1FR` is ordinal -1, weekday 4.
    struct WeekdayNumber: Equatable, Sendable {
        /// 0 for a plain weekday; otherwise the position in the month or year, from the end
        /// when negative.
        var ordinal: Int
        /// Monday is 0, Sunday 6 (as ``RulePattern`` counts them).
        var weekday: Int
    }

    /// DTSTART's wall clock, from which the rule's steps are counted.
    struct Start: Equatable, Sendable {
        /// Days since 1970-01-01.
        var day: Int
        var secondOfDay: Int
        var isDate: Bool

        init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, isDate: Bool = false) {
            self.day = LocalDate.daysSinceEpoch(year: year, month: month, day: day)
            self.secondOfDay = isDate ? 0 : hour * 3_600 + minute * 60 + second
            self.isDate = isDate
        }

        /// The wall clock read as UTC, in seconds since 1970.
        var seconds: Int { day * 86_400 + secondOfDay }
        var date: LocalDate { LocalDate(daysSinceEpoch: day) }
    }

    var frequency: Frequency
    var interval = 1
    var count: Int?
    /// UNTIL as written (`20240701T215959Z`, `20240701`).
    var until: String?
    var bySecond: [Int] = []
    var byMinute: [Int] = []
    var byHour: [Int] = []
    var byDay: [WeekdayNumber] = []
    var byMonthDay: [Int] = []
    var byYearDay: [Int] = []
    var byWeekNumber: [Int] = []
    var byMonth: [Int] = []
    var bySetPosition: [Int] = []
    /// WKST, Monday 0.
    var weekStart = 0
    /// Whether a SKIP other than OMIT (RFC 7529) moves days that do not exist instead of
    /// dropping them.
    var skipsToOtherDays = false
    /// Whether RSCALE names a calendar other than the Gregorian one.
    var otherCalendar = false

    static let weekdayCodes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

    /// Reads `text`; `nil` when a part or a value is not one libical writes.
    init?(_ text: String) {
        var frequency: Frequency?
        for part in text.split(separator: ";", omittingEmptySubsequences: true) {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { return nil }
            let name = pair[0].trimmingCharacters(in: .whitespaces).uppercased()
            let value = pair[1].trimmingCharacters(in: .whitespaces).uppercased()
            switch name {
            case "FREQ":
                let names = ["SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY"]
                guard let index = names.firstIndex(of: value) else { return nil }
                frequency = Frequency(rawValue: index)
            case "INTERVAL":
                guard let number = Int(value), (1...Int(Int16.max)).contains(number) else { return nil }
                interval = number
            case "COUNT":
                guard let number = Int(value), (1...Int(Int32.max)).contains(number) else { return nil }
                count = number
            case "UNTIL": until = value
            case "BYSECOND":
                guard let list = RecurrenceRule.numbers(value, in: 0...60) else { return nil }
                bySecond = list
            case "BYMINUTE":
                guard let list = RecurrenceRule.numbers(value, in: 0...59) else { return nil }
                byMinute = list
            case "BYHOUR":
                guard let list = RecurrenceRule.numbers(value, in: 0...23) else { return nil }
                byHour = list
            case "BYMONTHDAY":
                guard let list = RecurrenceRule.numbers(value, in: -31...31, zero: false) else { return nil }
                byMonthDay = list
            case "BYYEARDAY":
                guard let list = RecurrenceRule.numbers(value, in: -385...385, zero: false) else { return nil }
                byYearDay = list
            case "BYWEEKNO":
                guard let list = RecurrenceRule.numbers(value, in: -55...55, zero: false) else { return nil }
                byWeekNumber = list
            case "BYMONTH":
                guard let list = RecurrenceRule.numbers(value, in: 1...13) else { return nil }
                byMonth = list
            case "BYSETPOS":
                guard let list = RecurrenceRule.numbers(value, in: -385...385, zero: false) else { return nil }
                bySetPosition = list
            case "BYDAY":
                var days: [WeekdayNumber] = []
                for item in value.split(separator: ",") {
                    guard let day = RecurrenceRule.weekdayNumber(item) else { return nil }
                    days.append(day)
                }
                guard !days.isEmpty else { return nil }
                byDay = days
            case "WKST":
                guard let index = RecurrenceRule.weekdayCodes.firstIndex(of: value) else { return nil }
                weekStart = index
            case "SKIP": skipsToOtherDays = value != "OMIT"
            case "RSCALE": otherCalendar = value != "GREGORIAN"
            default: return nil
            }
        }
        guard let frequency else { return nil }
        self.frequency = frequency
    }

    /// Whether the rule has any BYHOUR, BYMINUTE or BYSECOND.
    var hasTimeParts: Bool { !byHour.isEmpty || !byMinute.isEmpty || !bySecond.isEmpty }

    /// `1,15,-1` in `range`; `nil` for anything else, or for 0 when `zero` is false.
    private static func numbers(_ text: String, in range: ClosedRange<Int>, zero: Bool = true) -> [Int]? {
        var list: [Int] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let digits = item.hasPrefix("+") ? item.dropFirst() : item[...]
            guard digits.count <= 4, let number = Int(digits), range.contains(number), zero || number != 0 else {
                return nil
            }
            list.append(number)
        }
        return list.isEmpty ? nil : list
    }

    /// `MO`, `1MO`, `+2TU`, `-1FR`.
    private static func weekdayNumber(_ text: Substring) -> WeekdayNumber? {
        guard text.count >= 2, let weekday = weekdayCodes.firstIndex(of: String(text.suffix(2))) else { return nil }
        let position = text.dropLast(2)
        guard !position.isEmpty else { return WeekdayNumber(ordinal: 0, weekday: weekday) }
        let digits = position.hasPrefix("+") ? position.dropFirst() : position
        guard digits.count <= 3, let ordinal = Int(digits), ordinal != 0, abs(ordinal) <= 55 else { return nil }
        return WeekdayNumber(ordinal: ordinal, weekday: weekday)
    }
}
