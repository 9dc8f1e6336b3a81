import Foundation
import InvitesModel

extension SeriesOutline {
    /// The recurrence in words (`weekly on Tue`, `daily, 5 times and 2 more dates`, `its rule
    /// never matches`), or `nil` for a one-off invite; an all-day series' rules as they are
    /// read beside a date (``RuleSummary/text(_:zone:allDay:)``).
    package func summary(zone: TimeZone, allDay: Bool = false) -> String? {
        guard !rules.isEmpty || extraDates > 0 else { return nil }
        if matchingRules.isEmpty, extraDates == 0 {
            return rules.count == 1 ? "its rule never matches" : "its rules never match"
        }
        var text = rules.map { rule in
            neverMatching[rule] == nil
                ? RuleSummary.text(rule, zone: zone, allDay: allDay) : "a rule that never matches"
        }.joined(separator: " and ")
        if extraDates > 0 {
            let dates = "\(extraDates) more date\(extraDates == 1 ? "" : "s")"
            text += text.isEmpty ? "and " + dates : ", and " + dates
        }
        return text
    }
}
