import Foundation
import InvitesFormats
import InvitesModel

/// `invites day` as a library call: a date in, a ``DayReport`` out.
package struct DayController {
    package var store: InboxStore
    package var query: CalendarQuery
    package var working: WorkingHours

    package init(store: InboxStore, query: CalendarQuery, working: WorkingHours) {
        self.store = store
        self.query = query
        self.working = working
    }

    /// The controller over your calendars, with the cache that makes a second look fast.
    package init(
        store: InboxStore, calendars: [CalendarSource], display: DisplayZone, me: MyAddresses, cache: CacheStore?,
        working: WorkingHours, clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.init(
            store: store,
            query: CalendarQuery(sources: calendars, display: display, me: me, index: cache, clock: clock),
            working: working)
    }

    /// The day's occurrences, the waiting invitations on it and where they conflict, and the
    /// free stretches of the working hours.
    package func report(for date: LocalDate) throws -> DayReport {
        let zone = query.display.timeZone
        let day = DateInterval(start: date.midnight(in: zone), end: date.adding(days: 1).midnight(in: zone))
        let found = try query.occurrences(in: day)
        // A task holds no time: it waits, but not on a day.
        let meetings = try store.list(statuses: [.pending]).filter { $0.invite.properties?.isTask != true }
        let invitations = meetings.flatMap { stored in
            waiting(stored, on: day).map { own -> DayReport.Invitation in
                let nearby = ConflictRules.report(
                    inviteUID: stored.invite.uid, invite: own.interval, window: own.interval,
                    occurrences: found.occurrences)
                return DayReport.Invitation(
                    stored: stored, interval: own.interval, dates: own.dates,
                    conflicts: nearby.entries.filter(\.conflict).map(\.occurrence))
            }
        }.sorted { ($0.interval.start, $0.stored.handle) < ($1.interval.start, $1.stored.handle) }
        // A waiting invitation your server already put in your calendar is drawn once, as the
        // invitation: its own copy is neither a second row nor time you committed to.
        let own = found.occurrences.filter { occurrence in
            !invitations.contains { $0.stored.invite.uid == occurrence.uid && $0.interval.start == occurrence.start }
        }
        let events = own.map { occurrence in
            DayReport.Event(
                occurrence: occurrence,
                conflict: invitations.contains { invitation in invitation.conflicts.contains(occurrence) })
        }
        let hours = working.interval(on: date, in: zone)
        return DayReport(
            date: date, day: day, working: hours, events: events, invitations: invitations,
            free: hours.map { FreeTime.stretches(within: $0, occurrences: own) } ?? [],
            warnings: found.warnings)
    }

    /// The occurrences of a waiting invitation that fall on the day and still wait for an
    /// answer: not cancelled, not answered on their own.
    func waiting(_ stored: StoredInvite, on day: DateInterval) -> [(
        interval: DateInterval, dates: Occurrence.AllDayDates?
    )] {
        let finder = ConflictFinder(query: query)
        guard stored.invite.source != .push else {
            let interval = finder.interval(of: stored.invite)
            let meets = ConflictRules.intersects(interval.start, interval.end, day.start, day.end)
            return stored.status == .pending && meets ? [(interval, stored.invite.dates)] : []
        }
        let copy = ITIPComposer.organizerCopy(of: stored, display: query.display)
        return query.occurrences(of: copy, uid: stored.invite.uid, in: day).compactMap { occurrence in
            guard occurrence.free != .cancelled,
                stored.answer(for: RecurrenceKey.key(of: occurrence, display: query.display)) == .pending
            else { return nil }
            return (DateInterval(start: occurrence.start, end: max(occurrence.end, occurrence.start)), occurrence.dates)
        }
    }
}
