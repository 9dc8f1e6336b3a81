internal import CLibical
import Foundation
import InvitesModel

extension ICalEvent {
    /// The longest an instance can last, in seconds, for bounding how early a relevant one starts.
    var maximumLength: Int {
        let rdateDays = rdates.contains { $0.end != nil || $0.duration != nil } ? 366 * 86_400 : 0
        switch length {
        case .exact(let seconds): return max(seconds, rdateDays)
        case .nominal(let days, let seconds): return max(days * 86_400 + seconds + 7_200, rdateDays)
        }
    }

    /// How long before its DTSTART-based start an instance can begin: the span of a DTEND that is
    /// before DTSTART, so that an instance starting after a window still reaches back into it.
    var leadLength: Int {
        switch length {
        case .exact(let seconds): return max(-seconds, 0)
        case .nominal(let days, _): return days < 0 ? -days * 86_400 + 7_200 : 0
        }
    }

    /// An all-day instance from the date of `start` for `days` days; negative days (DTEND before
    /// DTSTART) end at that date and begin that many days before it. Midnight in `display`.
    static func allDay(
        from start: ICalTimeValue, days: Int, display: ICalZone
    ) -> (start: Int, end: Int, dates: Occurrence.AllDayDates) {
        var other = start.time
        icaltime_adjust(&other, ICalDuration.adjustment(days), 0, 0, 0)
        let first = ICalTimeValue(time: days < 0 ? other : start.time, zone: nil)
        let last = ICalTimeValue(time: days < 0 ? start.time : other, zone: nil)
        return (
            first.instant(display: display), last.instant(display: display),
            Occurrence.AllDayDates(first: first.date, endExclusive: last.date)
        )
    }

    /// The length in seconds of an instance starting at `start`.
    static func placeLength(_ length: Length, from start: ICalTimeValue, display: ICalZone) -> Int {
        switch length {
        case .exact(let seconds):
            return seconds
        case .nominal(let days, let seconds):
            guard days != 0 else { return seconds }
            var end = start.time
            icaltime_adjust(&end, ICalDuration.adjustment(days), 0, 0, 0)
            let endInstant = ICalTimeValue(time: end, zone: start.zone).instant(display: display)
            return endInstant - start.instant(display: display) + seconds
        }
    }
}
