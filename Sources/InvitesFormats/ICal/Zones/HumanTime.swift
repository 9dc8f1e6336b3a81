import Foundation
import InvitesModel

/// Times as the human output writes them, in the display zone: `Tue 10 Apr 2018 08:00-12:00 PDT`.
package struct HumanTime: Sendable {
    package let zone: DisplayZone

    package init(zone: DisplayZone) {
        self.zone = zone
    }

    private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The wall-clock fields of an instant in the display zone. Computed here rather than with
    /// DateFormatter, which on Linux rebuilds an ICU formatter on every call.
    private func fields(_ date: Date) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, weekday: String) {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + zone.timeZone.secondsFromGMT(for: date)
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        let inDay = seconds - days * 86_400
        let date = LocalDate(daysSinceEpoch: days)
        return (
            date.year, date.month, date.day, inDay / 3600, inDay % 3600 / 60, HumanTime.weekdays[((days % 7) + 7) % 7]
        )
    }

    /// The wall-clock time of an instant in the display zone, and the days from 1970-01-01 to
    /// its date there, for rulers that tick on the zone's hours and days.
    package func wallClock(_ date: Date) -> (hour: Int, minute: Int, daysSinceEpoch: Int) {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + zone.timeZone.secondsFromGMT(for: date)
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        let inDay = seconds - days * 86_400
        return (inDay / 3600, inDay % 3600 / 60, days)
    }

    /// `Tue`: the day of the week an instant falls on in the display zone.
    package func weekday(_ date: Date) -> String {
        fields(date).weekday
    }

    /// `Tue 22:00`: a time with its day of the week, where a stretch crosses midnight.
    package func weekdayClock(_ date: Date) -> String {
        weekday(date) + " " + clock(date)
    }

    /// A stretch of a few hours: `07:00-15:00` within one day, `Sun 22:00 - Tue 02:00` across
    /// midnight, so that an all-day invite's window does not read as `22:00-02:00`.
    package func stretch(start: Date, end: Date) -> String {
        let first = LocalDate(start, in: zone.timeZone)
        let last = LocalDate(end, in: zone.timeZone)
        guard first == last else { return weekdayClock(start) + " - " + weekdayClock(end) }
        return clock(start) + "-" + clock(end)
    }

    /// `HH:mm` in the display zone.
    package func clock(_ date: Date) -> String {
        let parts = fields(date)
        return String(format: "%02d:%02d", parts.hour, parts.minute)
    }

    /// `Tue 10 Apr 2018`.
    package func day(_ date: Date) -> String {
        let parts = fields(date)
        return "\(parts.weekday) \(parts.day) \(HumanTime.months[parts.month - 1]) \(parts.year)"
    }

    /// A stretch of time: one day written once, a stretch over midnight with both days, an
    /// all-day stretch by its dates.
    package func span(start: Date, end: Date, dates: Occurrence.AllDayDates? = nil) -> String {
        if let dates {
            let last = dates.endExclusive.adding(days: -1)
            let first = day(dates.first.midnight(in: zone.timeZone))
            return last <= dates.first
                ? "\(first) (all day)" : "\(first) - \(day(last.midnight(in: zone.timeZone))) (all day)"
        }
        let abbreviation = zone.abbreviation(at: start)
        if LocalDate(start, in: zone.timeZone) == LocalDate(end, in: zone.timeZone) || end == start {
            return "\(day(start)) \(clock(start))-\(clock(end)) \(abbreviation)"
        }
        let endParts = fields(end)
        let endDay = "\(endParts.weekday) \(endParts.day) \(HumanTime.months[endParts.month - 1])"
        return "\(day(start)) \(clock(start)) - \(endDay) \(clock(end)) \(abbreviation)"
    }
}
