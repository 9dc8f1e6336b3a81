internal import CLibical
import Foundation
import InvitesModel

/// Identifies an instance within its series the way EXDATE and RECURRENCE-ID name it: by
/// instant, or by date where one side is a DATE and the other a DATE-TIME.
struct InstanceKey {
    var instant: Int
    var date: LocalDate
    var isDate: Bool

    init(_ value: ICalTimeValue, display: ICalZone) {
        instant = value.instant(display: display)
        date = value.date
        isDate = value.isDate
    }

    func matches(_ other: InstanceKey) -> Bool {
        isDate == other.isDate ? instant == other.instant : date == other.date
    }
}
