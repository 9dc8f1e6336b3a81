import Foundation

/// A rule whose steps have a fixed length (SECONDLY, MINUTELY, HOURLY, DAILY), expanded here
/// rather than by libical.
///
/// libical steps such a rule one interval at a time and tries each step against the BY parts,
/// inside one call, until one matches or the year 2582 comes: `FREQ=SECONDLY;BYMONTH=2;
/// BYMONTHDAY=29` takes 126 million steps from one leap day to the next, and a rule that never
/// matches takes eighteen billion (hours of one core); a DAILY rule with BYHOUR, BYMINUTE and
/// BYSECOND tries each of their times on every day its other parts refuse. libical also starts
/// such a rule near a window in the wrong place when INTERVAL does not divide a minute, an hour
/// or a day (`icalrecur_iterator_set_start` aligns on one field), so a window's answer
/// depended on where the window began; and under DAILY it takes a negative BYMONTHDAY as a
/// day that never comes.
///
/// Here the days come first: the days its BY parts allow are found a year at a time
/// (``DayFilter``), and only in those days are the intervals (DTSTART plus whole INTERVALs, in
/// wall-clock time as libical counts them) looked at, or, when fewer, the times of day its
/// BYHOUR, BYMINUTE and BYSECOND allow. What a step is follows RFC 5545 §3.3.10: the parts
/// coarser than FREQ limit, the finer ones expand each interval (BYSECOND in a minute, BYMINUTE
/// and BYSECOND in an hour, all three in a day, DTSTART's where absent), BYSETPOS picks from
/// each interval's set, nothing before DTSTART counts, COUNT counts from DTSTART.
struct FixedStepRule {
    /// The rule's times, as wall-clock seconds since 1970 read as UTC.
    private let start: Int
    private let step: Int
    /// The start of the first interval: DTSTART on its unit's boundary.
    private let first: Int
    /// The instances of an interval, in seconds from its start, after BYSETPOS.
    private let offsets: [Int]
    private let filter: DayFilter
    /// The times of day (seconds) at which an interval may start; `nil` for any.
    private let allowed: [Int]?
    /// The same, by time of day over the unit, for looking one up.
    private let allowedSet: [Bool]
    private let unit: Int
    private let count: Int?
    /// The last wall time an instance may have; `nil` for none.
    private let until: Int?
    /// Whether COUNT may be counted rather than walked where every interval is alike.
    private let jumps: Bool

    /// The expansion of `rule` (SECONDLY to DAILY, without BYWEEKNO, and without BYYEARDAY
    /// under DAILY: libical refuses both) from `start`; `until` is the rule's UNTIL as a wall
    /// time, when it is one. `jumps` is off only to check the jump over COUNT.
    init?(_ rule: RecurrenceRule, start: RecurrenceRule.Start, until: Int?, jumps: Bool = true) {
        guard rule.frequency <= .daily, rule.byWeekNumber.isEmpty, let unit = rule.frequency.seconds,
            rule.frequency < .daily || rule.byYearDay.isEmpty
        else { return nil }
        self.unit = unit
        self.start = start.seconds
        step = rule.interval * unit
        first = start.seconds - ImpossibleRule.floorModulo(start.seconds, unit)
        offsets = FixedStepRule.offsets(rule, start: start)
        filter = DayFilter(rule)
        let allowed = FixedStepRule.allowedTimes(rule)
        self.allowed = allowed
        var allowedSet = [Bool](repeating: allowed == nil, count: 86_400 / unit)
        for time in allowed ?? [] { allowedSet[time / unit] = true }
        self.allowedSet = allowedSet
        count = rule.count
        self.until = until
        self.jumps = jumps
    }

    /// The instances of one interval, in seconds from its start, in order, after BYSETPOS.
    static func offsets(_ rule: RecurrenceRule, start: RecurrenceRule.Start) -> [Int] {
        let set = intervalSet(rule, start: start)
        guard !rule.bySetPosition.isEmpty else { return set }
        let picked = Set(
            rule.bySetPosition.compactMap { position -> Int? in
                let index = position > 0 ? position - 1 : set.count + position
                return set.indices.contains(index) ? set[index] : nil
            })
        return picked.sorted()
    }

    /// The instances of one interval, in seconds from its start, in order, before BYSETPOS:
    /// BYSECOND's seconds of a minute; BYMINUTE's and BYSECOND's of an hour; BYHOUR's,
    /// BYMINUTE's and BYSECOND's of a day (DTSTART's where a part is absent); a second has
    /// itself. A date has its midnight.
    static func intervalSet(_ rule: RecurrenceRule, start: RecurrenceRule.Start) -> [Int] {
        guard !start.isDate else { return [0] }
        let seconds = rule.bySecond.isEmpty ? [start.secondOfDay % 60] : Set(rule.bySecond.filter { $0 < 60 }).sorted()
        let minutes = rule.byMinute.isEmpty ? [start.secondOfDay / 60 % 60] : Set(rule.byMinute).sorted()
        let hours = rule.byHour.isEmpty ? [start.secondOfDay / 3_600] : Set(rule.byHour).sorted()
        let inHour = minutes.flatMap { minute in seconds.map { minute * 60 + $0 } }
        switch rule.frequency {
        case .minutely: return seconds
        case .hourly: return inHour
        case .daily: return hours.flatMap { hour in inHour.map { hour * 3_600 + $0 } }
        default: return [0]
        }
    }

    /// The times of day (seconds) at which an interval passes the rule's limiting BYHOUR,
    /// BYMINUTE and BYSECOND, in order; `nil` when it has none.
    static func allowedTimes(_ rule: RecurrenceRule) -> [Int]? {
        let hours = rule.byHour.isEmpty ? Array(0..<24) : Set(rule.byHour).sorted()
        let minutes = rule.byMinute.isEmpty ? Array(0..<60) : Set(rule.byMinute).sorted()
        let seconds = rule.bySecond.isEmpty ? Array(0..<60) : Set(rule.bySecond.filter { $0 < 60 }).sorted()
        switch rule.frequency {
        case .secondly:
            guard rule.hasTimeParts else { return nil }
            return hours.flatMap { hour in
                minutes.flatMap { minute in seconds.map { hour * 3_600 + minute * 60 + $0 } }
            }
        case .minutely:
            guard !rule.byHour.isEmpty || !rule.byMinute.isEmpty else { return nil }
            return hours.flatMap { hour in minutes.map { hour * 3_600 + $0 * 60 } }
        case .hourly:
            guard !rule.byHour.isEmpty else { return nil }
            return hours.map { $0 * 3_600 }
        default:
            return nil
        }
    }

    /// Hands `body` each instance from `lower` to `upper` (wall seconds, both included), in
    /// order, until it returns false; with COUNT, the instances before `lower` are counted
    /// from DTSTART. Each interval or day looked at without an instance in the stretch, and
    /// each instance before it, is a step `spend` must allow.
    func forEach(from lower: Int, through upper: Int, spend: () -> Bool, _ body: (Int) -> Bool) {
        let last = min(upper, until ?? upper)
        guard !offsets.isEmpty, !filter.passesNoDay, last >= start else { return }
        var counted = 0
        var interval = max(ImpossibleRule.floorDivide(max(count == nil ? lower : start, start) - first, step), 0)
        if let count, jumps, lower > start, filter.passesEveryDay, allowed == nil {
            // Every interval gives every offset: the instances before `lower` are counted,
            // not walked.
            let skipped = ImpossibleRule.floorDivide(lower - first, step)
            if skipped >= 1 {
                let firstInterval = offsets.filter { first + $0 >= start }.count
                let (later, overflow) = (skipped - 1).multipliedReportingOverflow(by: offsets.count)
                if overflow || firstInterval + later >= count { return }
                counted = firstInterval + later
                interval = skipped
            }
        }
        /// The instances of the interval starting at `begin`; false once the expansion is over.
        func visit(_ begin: Int) -> Bool {
            var any = false
            for offset in offsets {
                let time = begin + offset
                guard time >= start else { continue }
                guard time <= last else { return false }
                if let count {
                    guard counted < count else { return false }
                    counted += 1
                }
                if time < lower {
                    guard spend() else { return false }
                    continue
                }
                any = true
                guard body(time) else { return false }
            }
            return any || spend()
        }
        var day = ImpossibleRule.floorDivide(first + interval * step, 86_400)
        let lastDay = ImpossibleRule.floorDivide(last, 86_400)
        while let found = filter.firstPassingDay(from: day, through: lastDay) {
            let dayStart = found * 86_400
            // The first interval starting on that day or later.
            interval = max(interval, ImpossibleRule.floorDivide(dayStart - first + step - 1, step))
            let begin = first + interval * step
            guard begin <= last else { return }
            if begin >= dayStart + 86_400 {
                // No interval starts that day: on to the day of the next one.
                guard spend() else { return }
                day = ImpossibleRule.floorDivide(begin, 86_400)
                continue
            }
            let perDay = (dayStart + 86_400 - begin + step - 1) / step
            if let allowed, allowed.count < perDay {
                // Fewer allowed times than intervals in the day: each allowed time on the
                // grid is an interval.
                for time in allowed where dayStart + time >= begin && (dayStart + time - first) % step == 0 {
                    guard visit(dayStart + time) else { return }
                }
                guard spend() else { return }
            } else {
                var current = begin
                while current < dayStart + 86_400 {
                    if allowedSet[(current - dayStart) / unit] {
                        guard visit(current) else { return }
                    } else {
                        guard spend() else { return }
                    }
                    current += step
                }
            }
            interval = ImpossibleRule.floorDivide(dayStart + 86_400 - first + step - 1, step)
            day = found + 1
        }
    }
}
