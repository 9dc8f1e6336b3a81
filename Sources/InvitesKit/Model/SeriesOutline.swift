import Foundation

/// What a listing says of an invitation's recurrence, read from the master VEVENT as the
/// organizer last sent it, when the invitation is parsed (``EventProperties/outline``): its
/// RRULEs as written and how many RDATEs it adds.
public struct SeriesOutline: Sendable, Hashable, Codable {
    /// Each RRULE of the master as written (`FREQ=WEEKLY;BYDAY=TU`).
    public var rules: [String]
    /// How many dates RDATE adds to the series.
    public var extraDates: Int

    /// A series with nothing: a one-off invite, a push payload, an invitation of instances.
    public static let none = SeriesOutline(rules: [], extraDates: 0)

    public init(rules: [String], extraDates: Int) {
        self.rules = rules
        self.extraDates = extraDates
    }

    /// Whether the invitation recurs at all.
    public var recurs: Bool { !rules.isEmpty || extraDates > 0 }

    /// Whether a rule has neither COUNT nor UNTIL, so that the series is never over.
    public var isEndless: Bool {
        rules.contains { rule in
            let names = rule.uppercased().split(separator: ";").map { $0.prefix { $0 != "=" } }
            return !names.contains("COUNT") && !names.contains("UNTIL")
        }
    }
}
