import Foundation

/// What a listing says of an invitation's recurrence, read from the master VEVENT as the
/// organizer last sent it, when the invitation is parsed (``EventProperties/outline``): its
/// RRULEs as written, which of them can never match, and how many RDATEs it adds.
package struct SeriesOutline: Sendable, Hashable, Codable {
    /// Each RRULE of the master as written (`FREQ=WEEKLY;BYDAY=TU`).
    package var rules: [String]
    /// How many dates RDATE adds to the series.
    package var extraDates: Int
    /// The rules among ``rules`` whose parts can never match (`BYMONTH=2;BYMONTHDAY=30`), each
    /// with why: they add no occurrence, and nothing ever expands them.
    package var neverMatching: [String: String]

    /// A series with nothing: a one-off invite, a push payload, an invitation of instances.
    package static let none = SeriesOutline(rules: [], extraDates: 0)

    package init(rules: [String], extraDates: Int, neverMatching: [String: String] = [:]) {
        self.rules = rules
        self.extraDates = extraDates
        self.neverMatching = neverMatching
    }

    private enum CodingKeys: String, CodingKey {
        case rules, extraDates, neverMatching
    }

    /// Reads an outline kept before rules that never match were told apart as one without any.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        rules = try container.decode([String].self, forKey: .rules)
        extraDates = try container.decode(Int.self, forKey: .extraDates)
        neverMatching = try container.decodeIfPresent([String: String].self, forKey: .neverMatching) ?? [:]
    }

    /// The rules that can add an occurrence.
    package var matchingRules: [String] { rules.filter { neverMatching[$0] == nil } }

    /// Whether the invitation recurs at all: a rule that never matches adds nothing to its
    /// first start.
    package var recurs: Bool { !matchingRules.isEmpty || extraDates > 0 }

    /// Whether a rule that can match has neither COUNT nor UNTIL, so that the series is never
    /// over.
    package var isEndless: Bool {
        matchingRules.contains { rule in
            let names = rule.uppercased().split(separator: ";").map { $0.prefix { $0 != "=" } }
            return !names.contains("COUNT") && !names.contains("UNTIL")
        }
    }
}
