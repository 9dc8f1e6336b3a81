import Foundation
import InvitesModel

/// One day of your calendar with the invitations waiting on it: what `invites day` draws.
package struct DayReport: Sendable {
    /// An occurrence of your calendars on the day.
    package struct Event: Sendable, Hashable {
        package var occurrence: Occurrence
        /// It makes you busy where a waiting invitation lies.
        package var conflict: Bool
    }

    /// A waiting invitation's occurrence on the day.
    package struct Invitation: Sendable, Hashable {
        package var stored: StoredInvite
        /// Its stretch: an all-day one from midnight to midnight in the display zone.
        package var interval: DateInterval
        package var dates: Occurrence.AllDayDates?
        /// The occurrences of your calendars it conflicts with, by the rules `show` uses.
        package var conflicts: [Occurrence]
    }

    package var date: LocalDate
    /// The day, midnight to midnight in the display zone.
    package var day: DateInterval
    /// Your working hours that day; `nil` on a day off.
    package var working: DateInterval?
    package var events: [Event]
    package var invitations: [Invitation]
    /// The free stretches within the working hours.
    package var free: [DateInterval]
    package var warnings: [CalendarWarning]

    /// How many of the invitations conflict with something.
    package var conflicting: Int { invitations.filter { !$0.conflicts.isEmpty }.count }
}
