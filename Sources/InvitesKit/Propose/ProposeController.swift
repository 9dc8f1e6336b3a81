import Foundation
import InvitesFormats
import InvitesModel

/// `propose` (and `review`'s `p`) as a library call: an invitation and a new time in, the
/// COUNTER queued in the outbox and its history entry out (RFC 5546 §3.2.7).
///
/// The command only reads its arguments: the time the invitation has now (``current(_:key:)``),
/// the proposal for a start the user typed (``proposal(startingAt:was:for:key:comment:)``) or
/// the first free time (``firstFree(_:was:key:comment:)``), and ``record(_:for:was:)`` are here,
/// with the calendars they read and the composer they call.
package struct ProposeController {
    /// What the controller reads and writes with.
    package struct Settings: Sendable {
        package var calendars: [CalendarSource]
        package var display: DisplayZone
        package var me: MyAddresses
        /// Your name for the COUNTER's ATTENDEE and the mail's From line (the `name` setting).
        package var name: String?
        package var working: WorkingHours

        package init(
            calendars: [CalendarSource], display: DisplayZone, me: MyAddresses, name: String?, working: WorkingHours
        ) {
            self.calendars = calendars
            self.display = display
            self.me = me
            self.name = name
            self.working = working
        }
    }

    /// What proposing did: the proposal, the time it replaces, and its history entry.
    package struct Made: Sendable {
        package var stored: StoredInvite
        package var proposal: Proposal
        package var was: DateInterval
        package var entry: HistoryEntry
    }

    package var store: InboxStore
    package var cache: CacheStore?
    package var settings: Settings
    package var clock: @Sendable () -> Date

    package init(
        store: InboxStore, cache: CacheStore?, settings: Settings, clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.store = store
        self.cache = cache
        self.settings = settings
        self.clock = clock
    }

    private var display: DisplayZone { settings.display }

    /// Refuses what cannot be countered: a push payload, an announcement, an organizer who
    /// forbids counters (`X-MICROSOFT-DISALLOW-COUNTER:TRUE`).
    package func check(_ stored: StoredInvite) throws(ProposalError) {
        try Proposal.check(stored, details: stored.invite.properties)
    }

    /// The time the invitation (or the occurrence `key`) has now: the organizer's instance when
    /// they sent one, else the series' time moved to the occurrence; midnight to midnight for
    /// all-day ones.
    package func current(_ stored: StoredInvite, key: String?) -> DateInterval {
        let invite = stored.invite
        let whole = ConflictFinder(
            query: CalendarQuery(sources: [], display: display, me: MyAddresses([]), index: nil)
        ).interval(of: invite)
        guard let key else { return whole }
        if let organizer = stored.instance(key)?.organizer {
            guard let dates = organizer.dates else { return DateInterval(start: organizer.start, end: organizer.end) }
            return DateInterval(
                start: dates.first.midnight(in: display.timeZone),
                end: dates.endExclusive.midnight(in: display.timeZone))
        }
        if let date = LocalDate(iso: key) {
            return DateInterval(start: date.midnight(in: display.timeZone), duration: whole.duration)
        }
        return DateInterval(start: RecurrenceKey.instant(of: key) ?? whole.start, duration: whole.duration)
    }

    /// The proposal of a new start, keeping the length the invitation has now; an all-day
    /// invitation moves by whole days.
    package func proposal(
        startingAt start: Date, was: DateInterval, for stored: StoredInvite, key: String?,
        comment: String?
    ) -> Proposal {
        let length = was.duration
        guard stored.invite.dates != nil else {
            return Proposal(recurrenceID: key, start: start, end: start.addingTimeInterval(length), comment: comment)
        }
        let first = LocalDate(start, in: display.timeZone)
        let days = max(Int((length / 86_400).rounded()), 1)
        let dates = Occurrence.AllDayDates(first: first, endExclusive: first.adding(days: days))
        return Proposal(
            recurrenceID: key, start: first.midnight(in: display.timeZone),
            end: dates.endExclusive.midnight(in: display.timeZone), dates: dates, comment: comment)
    }

    /// `--free`: the first stretch as long as the invitation that is free in your calendars,
    /// within working hours, from the invitation's day on (and never before now); for a series,
    /// another time of the occurrence's own day.
    package func firstFree(_ stored: StoredInvite, was: DateInterval, key: String?, comment: String?) throws -> Proposal
    {
        let finder = FreeSlotFinder(
            query: CalendarQuery(
                sources: settings.calendars, display: display, me: settings.me, index: cache, clock: clock),
            working: settings.working)
        let now = clock()
        let time = HumanTime(zone: display)
        let uid = stored.invite.uid
        if stored.invite.properties?.outline.recurs == true {
            return try sameDay(stored, was: was, key: key, comment: comment, finder: finder)
        }
        let from = max(LocalDate(was.start, in: display.timeZone).midnight(in: display.timeZone), now)
        if stored.invite.dates != nil {
            let days = max(Int((was.duration / 86_400).rounded()), 1)
            guard
                let dates = try finder.firstDays(
                    days, from: LocalDate(from, in: display.timeZone), uid: uid,
                    avoiding: LocalDate(was.start, in: display.timeZone))
            else {
                throw ProposalError.noFreeTime(
                    handle: stored.handle, from: time.day(from), days: FreeSlotFinder.horizon)
            }
            return Proposal(
                recurrenceID: key, start: dates.first.midnight(in: display.timeZone),
                end: dates.endExclusive.midnight(in: display.timeZone), dates: dates, comment: comment)
        }
        guard let slot = try finder.first(length: was.duration, from: from, uid: uid, avoiding: was.start) else {
            throw ProposalError.noFreeTime(handle: stored.handle, from: time.day(from), days: FreeSlotFinder.horizon)
        }
        return Proposal(recurrenceID: key, start: slot.start, end: slot.end, comment: comment)
    }

    /// `--free` for a series: another time on the occurrence's own day (the one `--occurrence`
    /// names, else the next: ``occurrenceToMove(_:key:)``), so that a weekly Monday meeting is
    /// not offered a Friday; none there is said, rather than another weekday offered.
    private func sameDay(
        _ stored: StoredInvite, was current: DateInterval, key: String?, comment: String?, finder: FreeSlotFinder
    ) throws -> Proposal {
        let now = clock()
        let day = LocalDate(current.start, in: display.timeZone)
        let refused = ProposalError.noFreeTimeThatDay(
            handle: stored.handle, day: HumanTime(zone: display).day(current.start))
        if stored.invite.dates != nil {
            let days = max(Int((current.duration / 86_400).rounded()), 1)
            guard let dates = try finder.firstDays(days, from: day, uid: stored.invite.uid, avoiding: day, starts: 1)
            else { throw refused }
            return Proposal(
                recurrenceID: key, start: dates.first.midnight(in: display.timeZone),
                end: dates.endExclusive.midnight(in: display.timeZone), dates: dates, comment: comment)
        }
        let from = max(day.midnight(in: display.timeZone), now)
        guard
            let slot = try finder.first(
                length: current.duration, from: from, uid: stored.invite.uid, avoiding: current.start, days: 1)
        else { throw refused }
        return Proposal(recurrenceID: key, start: slot.start, end: slot.end, comment: comment)
    }

    /// Proposes a new start for the invitation or the occurrence `key`, keeping its length: the
    /// one the user typed (`at`, as ``ProposedTime`` reads it), else the first free time; the
    /// COUNTER queued. A start already gone is refused (``ProposedTimeError``), as is what cannot
    /// be countered (``check(_:)``).
    package func propose(_ stored: StoredInvite, at: String?, key: String?, comment: String?) throws -> Made {
        try check(stored)
        let key = at == nil ? occurrenceToMove(stored, key: key) : key
        let was = current(stored, key: key)
        guard let at else {
            return try record(try firstFree(stored, was: was, key: key, comment: comment), for: stored, was: was)
        }
        guard let start = ProposedTime.start(at, current: was.start, zone: display) else {
            throw ProposedTimeError.unreadable(at)
        }
        let proposal = self.proposal(startingAt: start, was: was, for: stored, key: key, comment: comment)
        // All-day, today is still to come.
        let now = clock()
        if stored.invite.dates != nil ? proposal.end <= now : proposal.start < now {
            throw ProposedTimeError.past(at, now: now)
        }
        return try record(proposal, for: stored, was: was)
    }

    /// The occurrence `--free` moves: the one named, else for a series the next one, since a
    /// free time is sought on one occurrence's day; the proposal then names that occurrence
    /// (its RECURRENCE-ID) and the time it replaces, not the series' first start years back.
    package func occurrenceToMove(_ stored: StoredInvite, key: String?) -> String? {
        guard key == nil, stored.invite.properties?.outline.recurs == true else { return key }
        let finder = ConflictFinder(
            query: CalendarQuery(sources: [], display: display, me: MyAddresses([]), index: nil, clock: clock))
        return finder.occurrences(of: stored.invite, horizon: 2, now: clock()).first.map {
            RecurrenceKey.key(of: $0, display: display)
        }
    }

    /// Composes the COUNTER and queues it with its history entry, in one transaction.
    package func record(_ proposal: Proposal, for stored: StoredInvite, was: DateInterval) throws -> Made {
        guard proposal.start != was.start else { throw ProposalError.sameTime(handle: stored.handle) }
        let now = clock()
        let draft = try proposal.draft(
            for: stored, was: was, me: settings.me, name: settings.name, now: now, display: display)
        let entry = try store.record(
            apart: proposal.entry(for: stored, now: now), for: stored, draft: draft, now: now)
        return Made(stored: stored, proposal: proposal, was: was, entry: entry)
    }
}
