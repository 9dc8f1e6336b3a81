import Foundation

/// The instants invites keeps: from 0001-01-01 up to the end of the year 3000. libical holds no
/// later time (an accepted invite would be written into the calendar with an empty DTEND), and
/// no invitation means an earlier one; a stranger's time outside is refused where it is read.
package enum StorableTime {
    /// The range in Unix seconds.
    package static let seconds: Range<TimeInterval> = {
        let first = LocalDate.daysSinceEpoch(year: 1, month: 1, day: 1)
        let afterLast = LocalDate.daysSinceEpoch(year: 3001, month: 1, day: 1)
        return TimeInterval(first * 86_400)..<TimeInterval(afterLast * 86_400)
    }()

    /// All of it, as an interval: the window that asks a series for every occurrence.
    package static let interval = DateInterval(
        start: Date(timeIntervalSince1970: seconds.lowerBound), end: Date(timeIntervalSince1970: seconds.upperBound))
}
