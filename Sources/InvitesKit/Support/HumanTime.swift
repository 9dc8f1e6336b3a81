import Foundation

/// Times as the human output writes them, in the display zone: `Tue 10 Apr 2018 08:00-12:00 PDT`.
public struct HumanTime: Sendable {
    public let zone: DisplayZone

    public init(zone: DisplayZone) {
        self.zone = zone
    }

    private func formatter(_ pattern: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone.timeZone
        formatter.dateFormat = pattern
        return formatter
    }

    /// `HH:mm` in the display zone.
    public func clock(_ date: Date) -> String { formatter("HH:mm").string(from: date) }

    /// `Tue 10 Apr 2018`.
    public func day(_ date: Date) -> String { formatter("EEE d MMM yyyy").string(from: date) }

    /// A stretch of time: one day written once, a stretch over midnight with both days, an
    /// all-day stretch by its dates.
    public func span(start: Date, end: Date, dates: Occurrence.AllDayDates? = nil) -> String {
        if let dates {
            let last = dates.endExclusive.adding(days: -1)
            let first = day(dates.first.midnight(in: zone.timeZone))
            return last <= dates.first ? "\(first) (all day)" : "\(first) - \(day(last.midnight(in: zone.timeZone))) (all day)"
        }
        let abbreviation = zone.abbreviation(at: start)
        if LocalDate(start, in: zone.timeZone) == LocalDate(end, in: zone.timeZone) || end == start {
            return "\(day(start)) \(clock(start))-\(clock(end)) \(abbreviation)"
        }
        let endDay = formatter("EEE d MMM").string(from: end)
        return "\(day(start)) \(clock(start)) - \(endDay) \(clock(end)) \(abbreviation)"
    }
}
