internal import CLibical
import Foundation
import InvitesModel

extension InvitationComponents {
    /// An instance the organizer sent with `RECURRENCE-ID;RANGE=THISANDFUTURE`, and where it puts
    /// the occurrences it reaches: moved by `shift` seconds from their original start, `length`
    /// seconds long (RFC 5545 §3.8.4.4).
    struct RangePart {
        var original: Int
        var event: ICalComponent
        var shift: Int
        var length: Int
    }

    /// Writes `RANGE=THISANDFUTURE` on an instance's RECURRENCE-ID, as the organizer's cancel of
    /// this and every later occurrence said it (RFC 5546 §3.2.5), where the VEVENT was made from
    /// another copy: one override cancels them all in your calendar (khal 0.14 lists each later
    /// occurrence CANCELLED), and the master stays byte for byte.
    static func markRange(_ event: ICalComponent) {
        guard let property = event.firstProperty(ICAL_RECURRENCEID_PROPERTY),
            property.parameter(ICAL_RANGE_PARAMETER)?.uppercased() != "THISANDFUTURE"
        else { return }
        icalproperty_remove_parameter_by_kind(property.raw, ICAL_RANGE_PARAMETER)
        icalproperty_add_parameter(property.raw, icalparameter_new_range(ICAL_RANGE_THISANDFUTURE))
    }

    /// The range whose reach holds an occurrence originally at `original` (Unix seconds) but does
    /// not start there: the latest range strictly before it. Found by bisection among the
    /// ranges, read once however many occurrences are made.
    func rangeReaching(_ original: Int) -> RangePart? {
        // Only the parts added since the last look are read: a cancel of this and all later
        // adds a part per later occurrence held apart, and reading them all again for each
        // made `show` of 2,000 range cancels take 44 s.
        var cache = rangeCache ?? (0, [])
        if cache.parts < parts.count {
            for range in parts[cache.parts...].compactMap(readRange) {
                var lower = 0
                var upper = cache.ranges.count
                while lower < upper {
                    let middle = lower + (upper - lower) / 2
                    if cache.ranges[middle].original <= range.original { lower = middle + 1 } else { upper = middle }
                }
                cache.ranges.insert(range, at: lower)
            }
            cache.parts = parts.count
            rangeCache = cache
        }
        let ranges = cache.ranges
        var lower = 0
        var upper = ranges.count
        while lower < upper {
            let middle = lower + (upper - lower) / 2
            if ranges[middle].original < original { lower = middle + 1 } else { upper = middle }
        }
        return lower > 0 ? ranges[lower - 1] : nil
    }

    /// A part whose RECURRENCE-ID says `RANGE=THISANDFUTURE`, not cancelled, as the range it is.
    private func readRange(_ part: Part) -> RangePart? {
        guard part.key != nil,
            let property = part.event.firstProperty(ICAL_RECURRENCEID_PROPERTY),
            property.parameter(ICAL_RANGE_PARAMETER)?.uppercased() == "THISANDFUTURE",
            let event = ICalEvent(part.event, resolver: resolver, line: 0, warn: { _ in }),
            !event.cancelled, !event.start.isDate, let recurrenceID = event.recurrenceID
        else { return nil }
        let start = event.start.instant(display: display)
        let original = recurrenceID.instant(display: display)
        let (shift, overflow) = start.subtractingReportingOverflow(original)
        guard !overflow else { return nil }
        let length = ICalEvent.placeLength(event.length, from: event.start, display: display)
        return RangePart(original: original, event: part.event, shift: shift, length: max(length, 0))
    }
}
