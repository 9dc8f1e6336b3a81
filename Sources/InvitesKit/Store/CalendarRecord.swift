import Foundation

/// What an answer wrote into a calendar.
package struct CalendarRecord: Sendable, Hashable {
    /// The calendar written to.
    package var calendar: String
    /// The VTIMEZONE blocks inserted beside the events.
    package var zones: [String]
    /// The invite's bytes when it was written, to tell whether a later version needs a rewrite.
    package var version: Data
    /// Set while a calendar write is under way (or was cut off by a crash): the calendar may
    /// or may not hold the entry.
    package var pending = false

    package init(calendar: String, zones: [String], version: Data, pending: Bool = false) {
        self.calendar = calendar
        self.zones = zones
        self.version = version
        self.pending = pending
    }

    /// What to do with the calendar record in the same transaction as the history entry.
    package enum Change: Sendable {
        case keep
        case set(CalendarRecord)
        case remove
    }
}
