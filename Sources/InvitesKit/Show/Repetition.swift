import Foundation
import InvitesFormats
import InvitesModel

/// How an invitation repeats, said the way a person would: "weekly on Monday, 10 times".
///
/// Read from the RRULE's text, not from its expansion: the words describe the rule the
/// organizer wrote, including its end, which no list of the next occurrences shows. A rule these
/// words cannot say (BYHOUR, BYWEEKNO, an HOURLY series…) is named by its text.
package struct Repetition: Sendable, Hashable {
    /// The RRULE, as libical writes it (its parts in libical's order).
    package var rule: String
    /// The words for it.
    package var summary: String

    private static let dayNames = [
        "MO": "Monday", "TU": "Tuesday", "WE": "Wednesday", "TH": "Thursday", "FR": "Friday", "SA": "Saturday",
        "SU": "Sunday",
    ]
    private static let dayOrder = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
    private static let ordinals = [1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", -1: "last"]
    private static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    /// The words for `properties`' rule of a series starting at `start`, its dates in `time`'s
    /// zone; `nil` when it has no rule. An all-day series' rule is said as it is read beside a
    /// date (``DayRule``): `FREQ=HOURLY` there is daily.
    package init?(_ properties: EventProperties, start: Date, time: HumanTime, allDay: Bool = false) {
        guard let rule = properties.rule?.trimmingCharacters(in: .whitespaces), !rule.isEmpty else { return nil }
        self.rule = rule
        var pairs: [(String, String)] = []
        for part in rule.split(separator: ";") {
            let pieces = part.split(separator: "=", maxSplits: 1)
            if pieces.count == 2 { pairs.append((pieces[0].uppercased(), pieces[1].uppercased())) }
        }
        var parts: [String: String] = [:]
        for (name, value) in allDay ? RuleSummary.byDays(pairs) : pairs { parts[name] = value }
        var words: String
        if let reason = properties.rule.flatMap({ properties.outline.neverMatching[$0] }) {
            // Its parts contradict each other: nothing but the first start (and RDATEs) is left.
            words = "a rule that never matches: " + Printable.sanitize(reason)
        } else {
            words =
                Repetition.frequency(parts, start: start, time: time) ?? "repeats (" + Printable.sanitize(rule) + ")"
            if let count = parts["COUNT"].flatMap({ Int($0) }) {
                words += count == 1 ? ", once" : ", \(count) times"
            } else if let until = parts["UNTIL"], let date = LocalDate(iso: Repetition.isoDate(until)) {
                words += ", until " + time.day(date.midnight(in: time.zone.timeZone))
            }
        }
        if properties.addedDates > 0 {
            words += ", and \(properties.addedDates) more date\(properties.addedDates == 1 ? "" : "s")"
        }
        if properties.removedDates > 0 {
            words += ", \(properties.removedDates) skipped"
        }
        summary = words
    }

    /// `daily`, `every 2 weeks on Monday and Thursday`, `monthly on the last Friday`, …; `nil`
    /// for a rule with parts these words leave out.
    private static func frequency(_ parts: [String: String], start: Date, time: HumanTime) -> String? {
        let known: Set<String> = [
            "FREQ", "INTERVAL", "COUNT", "UNTIL", "BYDAY", "BYMONTHDAY", "BYMONTH", "BYSETPOS", "WKST",
        ]
        guard parts.keys.allSatisfy(known.contains) else { return nil }
        let interval = parts["INTERVAL"].flatMap { Int($0) } ?? 1
        guard interval >= 1 else { return nil }
        func every(_ one: String, _ unit: String) -> String { interval == 1 ? one : "every \(interval) \(unit)s" }
        let days = (parts["BYDAY"] ?? "").split(separator: ",").map(String.init)
        let startDate = LocalDate(start, in: time.zone.timeZone)
        switch parts["FREQ"] {
        case "DAILY":
            guard parts["BYMONTHDAY"] == nil, parts["BYMONTH"] == nil, parts["BYSETPOS"] == nil else { return nil }
            guard !days.isEmpty else { return every("daily", "day") }
            return weekdays(days).map { every("daily", "day") + " on " + $0 }
        case "WEEKLY":
            guard parts["BYMONTHDAY"] == nil, parts["BYMONTH"] == nil, parts["BYSETPOS"] == nil else { return nil }
            let on = days.isEmpty ? String(time.weekday(start).prefix(2)).uppercased() : nil
            guard let names = weekdays(on.map { [$0] } ?? days) else { return nil }
            return every("weekly", "week") + " on " + names
        case "MONTHLY":
            guard parts["BYMONTH"] == nil else { return nil }
            if let monthDay = parts["BYMONTHDAY"] {
                guard days.isEmpty, parts["BYSETPOS"] == nil, let day = Int(monthDay), day != 0, abs(day) <= 31 else {
                    return nil
                }
                return every("monthly", "month") + (day == -1 ? " on the last day" : " on day \(day)")
            }
            if days.isEmpty { return every("monthly", "month") + " on day \(startDate.day)" }
            guard days.count == 1, let nth = nthWeekday(days[0], position: parts["BYSETPOS"]) else { return nil }
            return every("monthly", "month") + " on the " + nth
        case "YEARLY":
            guard days.isEmpty, parts["BYSETPOS"] == nil else { return nil }
            let month = parts["BYMONTH"].flatMap { Int($0) } ?? startDate.month
            let day = parts["BYMONTHDAY"].flatMap { Int($0) } ?? startDate.day
            guard (1...12).contains(month), (1...31).contains(day) else { return nil }
            return every("yearly", "year") + " on \(day) " + months[month - 1]
        default:
            return nil
        }
    }

    /// `Monday and Thursday`, `weekdays`; `nil` when a day is not a plain weekday.
    private static func weekdays(_ codes: [String]) -> String? {
        let names = dayOrder.filter { codes.contains($0) }
        guard names.count == Set(codes).count, !names.isEmpty else { return nil }
        if names == ["MO", "TU", "WE", "TH", "FR"] { return "weekdays" }
        let words = names.compactMap { dayNames[$0] }
        return words.count == 1 ? words[0] : words.dropLast().joined(separator: ", ") + " and " + (words.last ?? "")
    }

    /// `first Monday` from `1MO`, or from `MO` with `BYSETPOS=1`; `last Friday` from `-1FR`.
    private static func nthWeekday(_ code: String, position: String?) -> String? {
        let day = String(code.suffix(2))
        let number = code.dropLast(2)
        guard let name = dayNames[day] else { return nil }
        let ordinal = number.isEmpty ? position.flatMap { Int($0) } : position == nil ? Int(number) : nil
        guard let ordinal, let word = ordinals[ordinal] else { return nil }
        return word + " " + name
    }

    /// `2024-10-07` from an UNTIL value (`20241007T080000Z` or `20241007`).
    private static func isoDate(_ value: String) -> String {
        let digits = value.prefix(8)
        guard digits.count == 8 else { return "" }
        return "\(digits.prefix(4))-\(digits.dropFirst(4).prefix(2))-\(digits.dropFirst(6))"
    }
}
