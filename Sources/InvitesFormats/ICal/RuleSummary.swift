import Foundation
import InvitesModel

/// An RRULE in a few words for a listing: `weekly`, `every 2 weeks on Mon, Wed`,
/// `monthly on the last Fri, 6 times`, `daily until 1 Jul 2024`.
///
/// `list` shows a series on one line; its first date alone reads like a one-off meeting that
/// is long over. The words cover what organizers' software writes (FREQ, INTERVAL, BYDAY with
/// or without a position, BYMONTHDAY, BYMONTH, COUNT, UNTIL); any other part is shown as
/// written, in parentheses, rather than described wrongly.
package enum RuleSummary {
    /// The rule in words; UNTIL is a date in `zone`. Beside an all-day start (`allDay`) the
    /// rule is said as it is expanded there (``DayRule``): `FREQ=SECONDLY` is `daily`, never
    /// `every second`, and BYHOUR, BYMINUTE and BYSECOND are left out.
    package static func text(_ rule: String, zone: TimeZone, allDay: Bool = false) -> String {
        var parts: [(String, String)] = []
        for part in rule.split(separator: ";") {
            guard let equals = part.firstIndex(of: "=") else { continue }
            parts.append((part[..<equals].uppercased(), String(part[part.index(after: equals)...])))
        }
        if allDay { parts = byDays(parts) }
        func value(_ name: String) -> String? { parts.first { $0.0 == name }?.1 }
        let frequency = (value("FREQ") ?? "").uppercased()
        let interval = value("INTERVAL").flatMap { Int($0) } ?? 1
        let units = [
            "SECONDLY": ("second", "every second"), "MINUTELY": ("minute", "every minute"),
            "HOURLY": ("hour", "hourly"), "DAILY": ("day", "daily"), "WEEKLY": ("week", "weekly"),
            "MONTHLY": ("month", "monthly"), "YEARLY": ("year", "yearly"),
        ]
        guard let (unit, adverb) = units[frequency] else { return "repeating (\(rule))" }
        var text = interval > 1 ? "every \(interval) \(unit)s" : adverb
        var onWhat: [String] = []
        if let days = value("BYDAY") {
            let codes = days.split(separator: ",").map { $0.uppercased() }
            onWhat.append(
                Set(codes) == ["MO", "TU", "WE", "TH", "FR"]
                    ? "weekdays" : codes.map { day($0) }.joined(separator: ", "))
        }
        if let monthDays = value("BYMONTHDAY") {
            onWhat.append(monthDays.split(separator: ",").map { monthDay(String($0)) }.joined(separator: ", "))
        }
        if !onWhat.isEmpty { text += " on " + onWhat.joined(separator: " and ") }
        if let months = value("BYMONTH") {
            text += " in " + months.split(separator: ",").map { month(String($0)) }.joined(separator: ", ")
        }
        let described: Set<String> = ["FREQ", "INTERVAL", "BYDAY", "BYMONTHDAY", "BYMONTH", "COUNT", "UNTIL", "WKST"]
        let rest = parts.filter { !described.contains($0.0) }.map { "\($0.0)=\($0.1)" }
        if !rest.isEmpty { text += " (\(rest.joined(separator: ";")))" }
        if let count = value("COUNT").flatMap({ Int($0) }) {
            text += count == 1 ? ", once" : ", \(count) times"
        } else if let until = value("UNTIL"), let date = untilDate(until, zone: zone) {
            text += " until " + date
        }
        return text
    }

    /// The parts as ``DayRule`` reads them beside a DATE start: SECONDLY, MINUTELY and HOURLY
    /// become DAILY (every as many whole days as the step spans, at least one), COUNT the days
    /// its instants reach, and the parts that name times of day go.
    package static func byDays(_ parts: [(String, String)]) -> [(String, String)] {
        let units = ["SECONDLY": 1, "MINUTELY": 60, "HOURLY": 3_600]
        var kept = parts.filter { !["BYHOUR", "BYMINUTE", "BYSECOND"].contains($0.0) }
        guard let frequency = kept.first(where: { $0.0 == "FREQ" }), let unit = units[frequency.1.uppercased()]
        else { return kept }
        // INTERVAL and COUNT are a stranger's numbers: clamped as libical keeps them (a short
        // and an int), so that the products stay far inside 64 bits.
        let interval = kept.first { $0.0 == "INTERVAL" }.flatMap { Int($0.1) }.map { min(max($0, 1), 32_767) } ?? 1
        let step = interval * unit
        let day = 86_400
        kept = kept.map { name, value in
            switch name {
            case "FREQ": return (name, "DAILY")
            case "INTERVAL": return (name, String(max(step / day, 1)))
            case "COUNT" where step < day:
                guard let count = Int(value).map({ min(max($0, 1), Int(Int32.max)) }) else { return (name, value) }
                return (name, String((count - 1) * step / day + 1))
            default: return (name, value)
            }
        }
        return kept
    }

    private static let weekdays = [
        "MO": "Mon", "TU": "Tue", "WE": "Wed", "TH": "Thu", "FR": "Fri", "SA": "Sat", "SU": "Sun",
    ]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `MO` is `Mon`, `1MO` `the 1st Mon`, `-1FR` `the last Fri`, `-2FR` `the 2nd last Fri`.
    private static func day(_ text: String) -> String {
        let code = String(text.suffix(2)).uppercased()
        let name = weekdays[code] ?? text
        let position = text.dropLast(2)
        guard !position.isEmpty, let number = Int(position.replacingOccurrences(of: "+", with: "")) else { return name }
        return "the " + ordinal(number) + " " + name
    }

    /// `15` is `the 15th`, `-1` `the last day`.
    private static func monthDay(_ text: String) -> String {
        guard let number = Int(text) else { return text }
        return number < 0 ? "the " + ordinal(number) + " day" : "the " + ordinal(number)
    }

    private static func month(_ text: String) -> String {
        guard let number = Int(text), (1...12).contains(number) else { return text }
        return months[number - 1]
    }

    /// `1st`, `2nd`, `23rd`, `11th`; `last` for -1, `2nd last` for -2.
    private static func ordinal(_ number: Int) -> String {
        if number == -1 { return "last" }
        if number < 0 { return ordinal(-number) + " last" }
        let suffix: String
        switch (number % 10, number % 100) {
        case (_, 11...13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(number)\(suffix)"
    }

    /// UNTIL as a date: `20240701`, or `20240701T215959Z` read in `zone`.
    private static func untilDate(_ text: String, zone: TimeZone) -> String? {
        let digits = text.prefix(8)
        guard digits.count == 8, let year = Int(digits.prefix(4)), let month = Int(digits.dropFirst(4).prefix(2)),
            let day = Int(digits.suffix(2)), (1...12).contains(month)
        else { return nil }
        var date = LocalDate(year: year, month: month, day: day)
        // A UTC UNTIL (`20240701T215959Z`) falls on its date in the display zone.
        let clock = Array(text.dropFirst(9).prefix(6))
        if text.count == 16, text.hasSuffix("Z"), clock.count == 6, let hours = Int(String(clock[0..<2])),
            let minutes = Int(String(clock[2..<4])), let seconds = Int(String(clock[4..<6]))
        {
            let utc = TimeZone(identifier: "UTC") ?? zone
            let instant = date.midnight(in: utc).addingTimeInterval(
                TimeInterval(hours * 3_600 + minutes * 60 + seconds))
            date = LocalDate(instant, in: zone)
        }
        return "\(date.day) \(months[date.month - 1]) \(date.year)"
    }
}
