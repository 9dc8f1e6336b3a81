import InvitesModel

/// The days of the wall calendar a simple RRULE can fall on, and its time of day, read from a
/// VEVENT block's bytes: enough to tell that a weekly, monthly or yearly series has no instance
/// near a window without handing it to libical, which is where a cold run spends its time.
///
/// It is a superset, never the rule itself: INTERVAL, COUNT, UNTIL, EXDATE and BYSETPOS are
/// ignored, since each only takes instances away; a rule with a part that could add a day or a
/// time outside the pattern (BYHOUR, BYWEEKNO, an ordinal BYDAY, RSCALE…) has no pattern. The
/// caller gives none to a block with RDATE, RECURRENCE-ID or a DTEND in another zone than its
/// DTSTART. The equivalence tests compare answers with and without it.
struct RulePattern: Equatable, Sendable {
    /// Monday is bit 0.
    var weekdays: UInt8
    /// January is bit 0.
    var months: UInt16
    /// Day 1 is bit 0.
    var monthDays: UInt32
    /// DTSTART, as wall-clock seconds since 1970 read as UTC; always an instance.
    var start: Int
    /// The wall length of an instance, at most ``longest``.
    var length: Int
    /// The offsets from UTC the series' times can be read with
    /// (``BlockPrefilter/widening(_:)``): `0...0` for a UTC DTSTART, whose wall times are its
    /// instants; `nil` when not known, for which ``slack`` stands. In 32 bits, as offsets are
    /// below a day: a cold vdir run moves 100,000 patterns, and more than 128 bytes an item
    /// are moved by a call to memcpy rather than in registers.
    var offsets: ClosedRange<Int32>?

    /// How far an instance's instant can lie from its wall time read as UTC, in either
    /// direction, whatever its zone: the largest UTC offset (14 h), a DST shift and a nominal
    /// day's extra hour, with hours to spare.
    static let slack = 20 * 3_600
    /// Longer instances are not worth a pattern: they reach across any window anyway.
    static let longest = 7 * 86_400

    private static let allWeekdays: UInt8 = 0x7F
    private static let allMonths: UInt16 = 0xFFF
    private static let allMonthDays: UInt32 = 0x7FFF_FFFF

    /// The pattern of `rule` for a series starting at wall time `start`; `nil` when the rule
    /// is not simple enough or no day could be ruled out.
    init?(rule: ArraySlice<UInt8>, start: Int, length: Int, offsets: ClosedRange<Int>? = nil) {
        guard length >= 0, length <= RulePattern.longest else { return nil }
        var frequency: ArraySlice<UInt8> = []
        var weekdays: UInt8?
        var months: UInt16?
        var monthDays: UInt32?
        // Read in place, byte by byte: a vdir bounds 100,000 rules. A rule libical stops
        // reading at an empty part gets no pattern.
        let read = BlockPrefilter.ruleParts(rule) { key, value in
            if BlockPrefilter.isWord(key, "FREQ") {
                frequency = value
            } else if BlockPrefilter.isWord(key, "BYDAY") {
                weekdays = RulePattern.weekdayMask(value)
                return weekdays != nil
            } else if BlockPrefilter.isWord(key, "BYMONTH") {
                months = RulePattern.numberMask(value, in: 1...12).map(UInt16.init)
                return months != nil
            } else if BlockPrefilter.isWord(key, "BYMONTHDAY") {
                monthDays = RulePattern.numberMask(value, in: 1...31).map(UInt32.init)
                return monthDays != nil
            } else {
                return ["INTERVAL", "COUNT", "UNTIL", "WKST", "BYSETPOS"].contains { BlockPrefilter.isWord(key, $0) }
            }
            return true
        }
        guard read else { return nil }
        let first = LocalDate(daysSinceEpoch: RulePattern.day(of: start))
        if BlockPrefilter.isWord(frequency, "WEEKLY") {
            // RFC 5545 allows no BYMONTHDAY here; whatever libical makes of one is not guessed.
            guard monthDays == nil else { return nil }
            weekdays = weekdays ?? 1 << RulePattern.weekday(ofDay: RulePattern.day(of: start))
        } else if BlockPrefilter.isWord(frequency, "MONTHLY") {
            guard weekdays == nil else { return nil }
            monthDays = monthDays ?? 1 << (first.day - 1)
        } else if BlockPrefilter.isWord(frequency, "YEARLY") {
            guard weekdays == nil else { return nil }
            months = months ?? (monthDays == nil ? 1 << (first.month - 1) : RulePattern.allMonths)
            monthDays = monthDays ?? 1 << (first.day - 1)
        } else if !BlockPrefilter.isWord(frequency, "DAILY") {
            return nil
        }
        self.weekdays = weekdays ?? RulePattern.allWeekdays
        self.months = months ?? RulePattern.allMonths
        self.monthDays = monthDays ?? RulePattern.allMonthDays
        self.start = start
        self.length = length
        self.offsets = offsets.map { Int32($0.lowerBound)...Int32($0.upperBound) }
        guard
            self.weekdays != RulePattern.allWeekdays || self.months != RulePattern.allMonths
                || self.monthDays != RulePattern.allMonthDays
        else { return nil }
    }

    init(
        weekdays: UInt8, months: UInt16, monthDays: UInt32, start: Int, length: Int, offsets: ClosedRange<Int32>? = nil
    ) {
        self.weekdays = weekdays
        self.months = months
        self.monthDays = monthDays
        self.start = start
        self.length = length
        self.offsets = offsets
    }

    /// Whether an instance may intersect `window` (instants): false only when no day of the
    /// pattern puts one close enough.
    func mayHaveInstance(in window: Range<Int>) -> Bool {
        // The wall times, read as UTC, that an instance intersecting the window can start at
        // (both bounds excluded: a second lower, for an instant at the window's start).
        let (before, after) =
            offsets.map { BlockPrefilter.widening(Int($0.lowerBound)...Int($0.upperBound)) }
            ?? (RulePattern.slack, RulePattern.slack)
        let lower = window.lowerBound - length - after - 1
        let upper = window.upperBound + before
        if start > lower, start < upper { return true }
        guard upper - lower <= 62 * 86_400 else { return true }
        let firstDay = RulePattern.day(of: start)
        let timeOfDay = start - firstDay * 86_400
        var day = max(RulePattern.day(of: lower), firstDay)
        while day * 86_400 + timeOfDay < upper {
            if day * 86_400 + timeOfDay > lower, matches(day: day) { return true }
            day += 1
        }
        return false
    }

    private func matches(day: Int) -> Bool {
        let date = LocalDate(daysSinceEpoch: day)
        return weekdays & (1 << RulePattern.weekday(ofDay: day)) != 0 && months & (1 << (date.month - 1)) != 0
            && monthDays & (1 << (date.day - 1)) != 0
    }

    private static func day(of seconds: Int) -> Int {
        seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
    }

    /// Monday 0 … Sunday 6; 1970-01-01 was a Thursday.
    private static func weekday(ofDay day: Int) -> Int {
        ((day + 3) % 7 + 7) % 7
    }

    /// `MO,WE,FR` as a mask; `nil` for an ordinal (`1MO`, `-1FR`) or anything else.
    private static func weekdayMask(_ value: ArraySlice<UInt8>) -> UInt8? {
        let names: [StaticString] = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
        var mask: UInt8 = 0
        let read = items(of: value) { item in
            guard let index = names.firstIndex(where: { BlockPrefilter.isWord(item, $0) }) else { return false }
            mask |= 1 << index
            return true
        }
        return read && mask != 0 ? mask : nil
    }

    /// `1,15` as a mask (bit 0 for the first number of `range`); `nil` for a negative number,
    /// one out of range, or anything else.
    private static func numberMask(_ value: ArraySlice<UInt8>, in range: ClosedRange<Int>) -> UInt64? {
        var mask: UInt64 = 0
        let read = items(of: value) { item in
            guard item.count <= 2, item.allSatisfy({ (0x30...0x39).contains($0) }) else { return false }
            let number = item.reduce(0) { $0 * 10 + Int($1 - 0x30) }
            guard range.contains(number) else { return false }
            mask |= 1 << UInt64(number - range.lowerBound)
            return true
        }
        return read && mask != 0 ? mask : nil
    }

    /// Hands `body` each non-empty comma-separated item of `value` in turn, without making a
    /// list of them; false as soon as `body` is.
    private static func items(of value: ArraySlice<UInt8>, _ body: (ArraySlice<UInt8>) -> Bool) -> Bool {
        var start = value.startIndex
        while start < value.endIndex {
            let end = value[start...].firstIndex(of: UInt8(ascii: ",")) ?? value.endIndex
            if end > start, !body(value[start..<end]) { return false }
            start = end + 1
        }
        return true
    }
}
