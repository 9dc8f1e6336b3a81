import Foundation

/// What a task invitation (a VTODO with ORGANIZER and ATTENDEE, RFC 5546 §3.4) says beyond a
/// meeting's fields: when it is due, how urgent it is, how far along the organizer has it.
///
/// A task is an invitation like a meeting (one per UID, series and instances alike), told apart
/// by these facts being there: ``EventProperties/task`` is `nil` for every meeting, so that an
/// invitation kept before tasks were read stays a meeting without a migration.
package struct TaskFacts: Sendable, Hashable, Codable {
    /// DUE as an instant; `nil` for a task without one.
    package var due: Date?
    /// DUE as a date (`YYYY-MM-DD`) when it is one (`DUE;VALUE=DATE`): due by the end of that
    /// day wherever you are, shown as a date.
    package var dueDay: String?
    /// PRIORITY (RFC 5545 §3.8.1.9): 1 the highest to 9 the lowest; `nil` for none, 0
    /// ("undefined") or a value out of that range.
    package var priority: Int?
    /// PERCENT-COMPLETE (RFC 5545 §3.8.1.8) the organizer wrote, 0 to 100; `nil` for none or a
    /// value out of range.
    package var percent: Int?
    /// STATUS, upper-cased (`NEEDS-ACTION`, `IN-PROCESS`, `COMPLETED`, `CANCELLED`), as sent.
    package var status: String?

    package init(
        due: Date? = nil, dueDay: String? = nil, priority: Int? = nil, percent: Int? = nil, status: String? = nil
    ) {
        self.due = due
        self.dueDay = dueDay
        self.priority = priority
        self.percent = percent
        self.status = status
    }

    /// The PRIORITY kept of a stranger's number: 1 to 9, else none.
    package static func priority(_ value: Int) -> Int? {
        (1...9).contains(value) ? value : nil
    }

    /// The PERCENT-COMPLETE kept of a stranger's number: 0 to 100, else none.
    package static func percent(_ value: Int) -> Int? {
        (0...100).contains(value) ? value : nil
    }

    /// How a priority reads (RFC 5545 §3.8.1.9 maps 1-4, 5 and 6-9 to high, medium and low).
    package static func priorityWords(_ priority: Int) -> String {
        switch priority {
        case 1...4: return "\(priority) (high)"
        case 5: return "5 (medium)"
        default: return "\(priority) (low)"
        }
    }
}
