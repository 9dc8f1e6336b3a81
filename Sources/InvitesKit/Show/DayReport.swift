import Foundation
import InvitesModel

/// One day of your calendar with the invitations waiting on it: what `invites day` draws.
public struct DayReport: Sendable {
    /// An occurrence of your calendars on the day.
    public struct Event: Sendable, Hashable {
        public var occurrence: Occurrence
        /// It makes you busy where a waiting invitation lies.
        public var conflict: Bool
    }

    /// A waiting invitation's occurrence on the day.
    public struct Invitation: Sendable, Hashable {
        public var stored: StoredInvite
        /// Its stretch: an all-day one from midnight to midnight in the display zone.
        public var interval: DateInterval
        public var dates: Occurrence.AllDayDates?
        /// The occurrences of your calendars it conflicts with, by the rules `show` uses.
        public var conflicts: [Occurrence]
    }

    public var date: LocalDate
    /// The day, midnight to midnight in the display zone.
    public var day: DateInterval
    /// Your working hours that day; `nil` on a day off.
    public var working: DateInterval?
    public var events: [Event]
    public var invitations: [Invitation]
    /// The free stretches within the working hours.
    public var free: [DateInterval]
    public var warnings: [CalendarWarning]

    /// How many of the invitations conflict with something.
    public var conflicting: Int { invitations.filter { !$0.conflicts.isEmpty }.count }
}
