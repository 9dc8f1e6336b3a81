import Foundation

/// `--from WHEN`: this occurrence and every later one, answered as one.
///
/// The answer is given occurrence by occurrence, within a bound: your calendar gets one override
/// per occurrence (RECURRENCE-ID and your PARTSTAT), which khal, vdirsyncer and every RFC 5545
/// reader take as they are, and the organizer gets one REPLY with one VEVENT per occurrence,
/// which every organizer's software reads. `RECURRENCE-ID;RANGE=THISANDFUTURE` in a REPLY would
/// say it in one component, but many organizers ignore the range (RFC 5546 §3.2.3 leaves an
/// attendee's REPLY per instance; Google, Outlook and Nextcloud read a REPLY's RECURRENCE-ID as
/// one occurrence), and splitting the series with an RRULE UNTIL is the organizer's to do, not
/// an attendee's: a split copy would no longer match the series the organizer updates.
package enum FromWhen {
    /// How far past WHEN an answer reaches: a year of occurrences.
    package static let reach: TimeInterval = 366 * 86_400
    /// At most this many occurrences, so that a daily series (or a stranger's `FREQ=SECONDLY`)
    /// stays a bounded message and a bounded calendar item.
    package static let limit = 100

    /// The keys `--from` covers: the occurrences whose original start is `start` or later and
    /// within `reach` of it, in time order, at most `limit`.
    package static func covered(
        _ occurrences: [(key: String, original: Date)], from start: Date, reach: TimeInterval = FromWhen.reach,
        limit: Int = FromWhen.limit
    ) -> [String] {
        let end = start.addingTimeInterval(reach)
        var keys: [String] = []
        for occurrence in occurrences.sorted(by: { $0.original < $1.original })
        where occurrence.original >= start && occurrence.original < end && !keys.contains(occurrence.key) {
            guard keys.count < max(limit, 0) else { break }
            keys.append(occurrence.key)
        }
        return keys
    }
}
