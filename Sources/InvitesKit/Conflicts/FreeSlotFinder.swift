import Foundation
import InvitesModel

/// Finds the first time free in your calendars for an invitation of a given length: what
/// `propose --free` offers the organizer.
///
/// Free means what ``ConflictRules`` means: a stretch that no occurrence of yours making you busy
/// intersects, half-open, so back-to-back is free. It looks within working hours only, from a
/// given instant on, a day at a time for ``horizon`` days, and starts on a multiple of five
/// minutes; the stretch it returns is checked against the day's occurrences once more by the
/// rules themselves, so it can never be one `show` would call a conflict.
package struct FreeSlotFinder {
    package var query: CalendarQuery
    package var working: WorkingHours

    /// How many days it looks through.
    package static let horizon = 60
    /// Starts are on the five minutes of the clock.
    static let step: TimeInterval = 300

    package init(query: CalendarQuery, working: WorkingHours) {
        self.query = query
        self.working = working
    }

    /// The first stretch of `length` (at least a minute) within working hours, on or after
    /// `from`, that does not conflict; occurrences of `uid` (the invitation itself, once in your
    /// calendar) are not in the way, and a stretch starting at `avoiding` (its time now) is passed.
    /// It looks through `days` days (a series' occurrence keeps its day: one).
    package func first(
        length: TimeInterval, from: Date, uid: String, avoiding: Date? = nil, days: Int = FreeSlotFinder.horizon
    ) throws(CalendarError) -> DateInterval? {
        let length = max(length, 60)
        let zone = query.display.timeZone
        let firstDay = LocalDate(from, in: zone)
        for offset in 0..<min(max(days, 0), FreeSlotFinder.horizon) {
            guard let hours = working.interval(on: firstDay.adding(days: offset), in: zone), hours.end > from else {
                continue
            }
            let window = DateInterval(start: max(hours.start, from), end: hours.end)
            guard window.duration >= length else { continue }
            let occurrences = try query.occurrences(in: window).occurrences
            for stretch in FreeTime.stretches(within: window, occurrences: occurrences, excluding: uid) {
                var start = Date(
                    timeIntervalSince1970: (stretch.start.timeIntervalSince1970 / FreeSlotFinder.step).rounded(.up)
                        * FreeSlotFinder.step)
                while start.addingTimeInterval(length) <= stretch.end {
                    let candidate = DateInterval(start: start, duration: length)
                    if start != avoiding, FreeSlotFinder.isFree(candidate, occurrences: occurrences, uid: uid) {
                        return candidate
                    }
                    start.addTimeInterval(FreeSlotFinder.step)
                }
            }
        }
        return nil
    }

    /// The first run of `days` working days from `from` on whose dates no busy occurrence
    /// touches, for an all-day invitation; the dates `avoiding` (its dates now) are passed. It
    /// looks at runs starting on the first `starts` days.
    package func firstDays(
        _ days: Int, from: LocalDate, uid: String, avoiding: LocalDate? = nil, starts: Int = FreeSlotFinder.horizon
    ) throws(CalendarError) -> Occurrence.AllDayDates? {
        let days = max(days, 1)
        let zone = query.display.timeZone
        for offset in 0..<min(max(starts, 0), FreeSlotFinder.horizon) {
            let first = from.adding(days: offset)
            guard first != avoiding,
                (0..<days).allSatisfy({ working.interval(on: first.adding(days: $0), in: zone) != nil })
            else { continue }
            let span = DateInterval(start: first.midnight(in: zone), end: first.adding(days: days).midnight(in: zone))
            if FreeSlotFinder.isFree(span, occurrences: try query.occurrences(in: span).occurrences, uid: uid) {
                return Occurrence.AllDayDates(first: first, endExclusive: first.adding(days: days))
            }
        }
        return nil
    }

    /// Whether nothing conflicts with `stretch`, by the rules `show` uses.
    static func isFree(_ stretch: DateInterval, occurrences: [Occurrence], uid: String) -> Bool {
        ConflictRules.report(inviteUID: uid, invite: stretch, window: stretch, occurrences: occurrences).conflicts == 0
    }
}
