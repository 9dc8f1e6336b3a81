import Foundation
import InvitesModel

/// The stretches of time your calendar leaves free, by the same rules that decide conflicts.
///
/// An occurrence makes you busy unless it is free (transparent, cancelled, declined): exactly
/// the occurrences that ``ConflictRules`` lets conflict. A zero-length occurrence conflicts with
/// whatever covers its instant, so it takes a minute here: no free stretch holds it.
package enum FreeTime {
    /// The parts of `within` that no busy occurrence covers, in time order; occurrences of
    /// `excluding` (the invite itself, once in your calendar) are not in the way.
    package static func stretches(within: DateInterval, occurrences: [Occurrence], excluding uid: String? = nil)
        -> [DateInterval]
    {
        let busy =
            occurrences.filter { $0.free == nil && $0.uid != uid }.map { occurrence in
                DateInterval(start: occurrence.start, end: max(occurrence.end, occurrence.start.addingTimeInterval(60)))
            }.sorted { $0.start < $1.start }
        var free: [DateInterval] = []
        var cursor = within.start
        for interval in busy {
            if interval.start > cursor {
                let end = min(interval.start, within.end)
                if end > cursor { free.append(DateInterval(start: cursor, end: end)) }
            }
            cursor = max(cursor, interval.end)
            if cursor >= within.end { break }
        }
        if cursor < within.end { free.append(DateInterval(start: cursor, end: within.end)) }
        return free
    }
}
