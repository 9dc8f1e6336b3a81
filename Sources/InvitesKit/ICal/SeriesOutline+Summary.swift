import Foundation

extension SeriesOutline {
    /// The recurrence in words (`weekly on Tue`, `daily, 5 times and 2 more dates`), or `nil`
    /// for a one-off invite.
    public func summary(zone: TimeZone) -> String? {
        guard recurs else { return nil }
        var text = rules.map { RuleSummary.text($0, zone: zone) }.joined(separator: " and ")
        if extraDates > 0 {
            let dates = "\(extraDates) more date\(extraDates == 1 ? "" : "s")"
            text += text.isEmpty ? "and " + dates : ", and " + dates
        }
        return text
    }
}
