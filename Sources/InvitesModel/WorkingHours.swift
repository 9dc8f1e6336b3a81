import Foundation

/// When you work: the hours of the day and the days of the week within which `day` lists free
/// stretches and `propose --free` looks for a new time (the `workday` and `workdays` settings).
package struct WorkingHours: Sendable, Hashable {
    /// Minutes after midnight, wall clock in the display zone: `start < end`, both within a day.
    package var start: Int
    package var end: Int
    /// ISO weekdays (1 is Monday, 7 is Sunday), each once, in week order. An array, not a
    /// set: these settings are resolved at every start, and a `Set<Int>` there made Swift's
    /// runtime search every protocol conformance of the binary, 4 % of a Maildir pass.
    package var days: [Int]

    /// 09:00-17:00, Monday to Friday.
    package static let standard = WorkingHours(start: 9 * 60, end: 17 * 60, days: [1, 2, 3, 4, 5])

    package init(start: Int, end: Int, days: [Int]) {
        self.start = start
        self.end = end
        self.days = (1...7).filter(days.contains)
    }

    private static let dayNames = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    /// `09:00-17:00`: two wall-clock times, the first before the second; `nil` otherwise.
    package static func hours(_ text: String) -> (start: Int, end: Int)? {
        let parts = text.split(separator: "-").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let start = minutes(parts[0]), let end = minutes(parts[1]), start < end else {
            return nil
        }
        return (start, end)
    }

    /// `mon-fri`, `mon,wed,fri`, `sat-sun`, `mon-fri,sun`: the days, each range in week order
    /// (`fri-mon` wraps over the weekend); `nil` for a word that is no day.
    package static func days(_ text: String) -> [Int]? {
        var chosen = [Bool](repeating: false, count: 8)
        for item in text.lowercased().split(separator: ",") {
            let ends: [Int?] = item.split(separator: "-", omittingEmptySubsequences: false).map {
                WorkingHours.weekday(named: $0.trimmingCharacters(in: .whitespaces))
            }
            guard (1...2).contains(ends.count), let first = ends[0], let last = ends[ends.count - 1] else {
                return nil
            }
            var day = first
            chosen[day] = true
            while day != last {
                day = day % 7 + 1
                chosen[day] = true
            }
        }
        let days = (1...7).filter { chosen[$0] }
        return days.isEmpty ? nil : days
    }

    /// `mon`, `tues`, `monday`: the ISO weekday a word of at least three letters begins.
    private static func weekday(named word: String) -> Int? {
        let names = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        guard word.count >= 3 else { return nil }
        return names.firstIndex { $0.hasPrefix(word) }.map { $0 + 1 }
    }

    private static func minutes(_ text: String) -> Int? {
        let parts = text.split(separator: ":")
        guard parts.count == 2, parts[0].count <= 2, parts[1].count == 2, let hour = Int(parts[0]),
            let minute = Int(parts[1]), (0...24).contains(hour), (0..<60).contains(minute), hour * 60 + minute <= 1_440
        else { return nil }
        return hour * 60 + minute
    }

    /// `09:00-17:00`.
    package var hoursText: String {
        String(format: "%02d:%02d-%02d:%02d", start / 60, start % 60, end / 60, end % 60)
    }

    /// `mon-fri`, or the days listed.
    package var daysText: String {
        if let first = days.first, let last = days.last, days.count > 2, last - first + 1 == days.count {
            return WorkingHours.dayNames[first - 1] + "-" + WorkingHours.dayNames[last - 1]
        }
        return days.map { WorkingHours.dayNames[$0 - 1] }.joined(separator: ",")
    }

    /// The ISO weekday of a date.
    package static func weekday(of date: LocalDate) -> Int {
        let days = LocalDate.daysSinceEpoch(year: date.year, month: date.month, day: date.day)
        // 1970-01-01 was a Thursday (4).
        return ((days % 7) + 7 + 3) % 7 + 1
    }

    /// The working stretch of a date in a zone; `nil` on a day off. Wall-clock times that a DST
    /// change skips or repeats are taken as the zone's calendar takes them.
    package func interval(on date: LocalDate, in zone: TimeZone) -> DateInterval? {
        guard days.contains(WorkingHours.weekday(of: date)) else { return nil }
        let midnight = date.midnight(in: zone)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        guard let from = calendar.date(byAdding: .minute, value: start, to: midnight),
            let to = calendar.date(byAdding: .minute, value: end, to: midnight), from < to
        else { return nil }
        return DateInterval(start: from, end: to)
    }
}
