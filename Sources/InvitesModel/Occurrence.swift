import Foundation

/// One instance of an event in your calendar, placed on the time line.
///
/// A recurring event yields one occurrence per instance; an instance moved by a RECURRENCE-ID
/// override yields the override's times. `start` and `end` are instants; all-day instances also
/// keep the dates they were written with, because the JSON output reports dates for them.
package struct Occurrence: Sendable, Hashable {
    /// Why an occurrence does not make you busy.
    package enum FreeReason: String, Sendable, Hashable {
        case transparent
        case cancelled
        case declined
    }

    package var uid: String
    package var title: String
    package var start: Date
    package var end: Date
    /// The first date and the exclusive end date of an all-day instance; `nil` for timed ones.
    package var dates: AllDayDates?
    /// The original start of the instance within its series, when the event recurs.
    package var recurrenceID: Date?
    /// Set when the occurrence is shown as free rather than busy.
    package var free: FreeReason?
    /// The calendar file the occurrence came from.
    package var source: String

    /// The dates of an all-day instance, end exclusive as DTEND writes it.
    package struct AllDayDates: Sendable, Hashable {
        package var first: LocalDate
        package var endExclusive: LocalDate

        package init(first: LocalDate, endExclusive: LocalDate) {
            self.first = first
            self.endExclusive = endExclusive
        }
    }

    package init(
        uid: String, title: String, start: Date, end: Date, dates: AllDayDates? = nil,
        recurrenceID: Date? = nil, free: FreeReason? = nil, source: String
    ) {
        self.uid = uid
        self.title = title
        self.start = start
        self.end = end
        self.dates = dates
        self.recurrenceID = recurrenceID
        self.free = free
        self.source = source
    }

    package var isAllDay: Bool { dates != nil }
}
