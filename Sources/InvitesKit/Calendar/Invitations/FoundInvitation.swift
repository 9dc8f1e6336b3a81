import Foundation
import InvitesModel

/// An invitation a scheduling server put into one of your calendars: a UID whose ORGANIZER is
/// not you and among whose ATTENDEEs you are, with the bytes that hold it.
public struct FoundInvitation: Sendable {
    /// The calendar and the file it was found in.
    public var item: CalendarItem
    public var uid: String
    /// The item's whole text (a vdir item), or a VCALENDAR of the UID's VEVENTs and the
    /// VTIMEZONEs beside them (a single calendar file): what the inbox keeps as its message.
    public var data: Data
    /// Your PARTSTAT on each of its VEVENTs, by key (`nil` the master, else the inbox's key of
    /// the RECURRENCE-ID): where you answered, elsewhere or in place.
    public var partstats: [String?: String]
    /// The master says `STATUS:CANCELLED`.
    public var cancelled: Bool

    public init(item: CalendarItem, uid: String, data: Data, partstats: [String?: String], cancelled: Bool) {
        self.item = item
        self.uid = uid
        self.data = data
        self.partstats = partstats
        self.cancelled = cancelled
    }
}
