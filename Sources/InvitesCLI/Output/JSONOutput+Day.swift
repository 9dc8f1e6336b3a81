import Foundation
import InvitesKit
import InvitesModel

extension JSONOutput {
    /// `day --json`: the day's events, the invitations waiting on it, and the free stretches.
    struct Day: Encodable {
        var date: String
        var workday: Workday
        var events: [DayEvent]
        var invitations: [Invitation]
        var free: [Stretch]

        struct Workday: Encodable {
            /// `09:00-17:00` and `mon-fri`, the settings in force.
            var hours: String
            var days: String
            /// Whether the date is a working day; `start` and `end` are its working hours.
            var working: Bool
            @Nullable var start: String?
            @Nullable var end: String?
        }

        struct DayEvent: Encodable {
            var uid: String
            var title: String
            var start: String
            var end: String
            var allDay: Bool
            var free: Bool
            /// Whether it conflicts with an invitation waiting that day.
            var conflict: Bool
        }

        struct Invitation: Encodable {
            var handle: String
            var uid: String
            var title: String
            var start: String
            var end: String
            var allDay: Bool
            /// The UIDs of your events it conflicts with.
            var conflicts: [String]
        }

        struct Stretch: Encodable {
            var start: String
            var end: String
            var minutes: Int
        }

        init(_ report: DayReport, working: WorkingHours) {
            date = report.date.description
            workday = Workday(
                hours: working.hoursText, days: working.daysText, working: report.working != nil,
                start: report.working.map { RFC3339.utc($0.start) }, end: report.working.map { RFC3339.utc($0.end) })
            events = report.events.map { event in
                let occurrence = event.occurrence
                let (start, end) = JSONOutput.times(occurrence.start, occurrence.end, occurrence.dates)
                return DayEvent(
                    uid: occurrence.uid, title: occurrence.title, start: start, end: end,
                    allDay: occurrence.isAllDay, free: occurrence.free != nil, conflict: event.conflict)
            }
            invitations = report.invitations.map { invitation in
                let (start, end) = JSONOutput.times(
                    invitation.interval.start, invitation.interval.end, invitation.dates)
                return Invitation(
                    handle: invitation.stored.handle, uid: invitation.stored.invite.uid,
                    title: invitation.stored.invite.title, start: start, end: end, allDay: invitation.dates != nil,
                    conflicts: invitation.conflicts.map(\.uid))
            }
            free = report.free.map {
                Stretch(start: RFC3339.utc($0.start), end: RFC3339.utc($0.end), minutes: Int($0.duration / 60))
            }
        }
    }
}
