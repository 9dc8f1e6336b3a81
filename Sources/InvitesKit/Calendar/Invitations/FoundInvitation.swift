import Foundation
import InvitesModel

/// An invitation a scheduling server put into one of your calendars: a UID whose ORGANIZER is
/// not you and among whose ATTENDEEs you are, with the bytes that hold it.
package struct FoundInvitation: Sendable {
    /// The calendar and the file it was found in.
    package var item: CalendarItem
    package var uid: String
    /// The item's whole text (a vdir item), or a VCALENDAR of the UID's VEVENTs and the
    /// VTIMEZONEs beside them (a single calendar file): what the inbox keeps as its message.
    package var data: Data
    /// Your PARTSTAT on each of its VEVENTs, by key (`nil` the master, else the inbox's key of
    /// the RECURRENCE-ID): where you answered, elsewhere or in place.
    package var partstats: [String?: String]
    /// The master says `STATUS:CANCELLED`.
    package var cancelled: Bool

    package init(item: CalendarItem, uid: String, data: Data, partstats: [String?: String], cancelled: Bool) {
        self.item = item
        self.uid = uid
        self.data = data
        self.partstats = partstats
        self.cancelled = cancelled
    }
}
