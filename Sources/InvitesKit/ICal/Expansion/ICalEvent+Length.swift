internal import CLibical
import Foundation

extension ICalEvent {
    /// The longest an instance can last, in seconds, for bounding how early a relevant one starts.
    var maximumLength: Int {
        let rdateDays = rdates.contains { $0.end != nil || $0.duration != nil } ? 366 * 86_400 : 0
        switch length {
        case .exact(let seconds): return max(seconds, rdateDays)
        case .nominal(let days, let seconds): return max(days * 86_400 + seconds + 7_200, rdateDays)
        }
    }

    /// The length in seconds of an instance starting at `start`.
    static func placeLength(_ length: Length, from start: ICalTimeValue, display: OpaquePointer) -> Int {
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
