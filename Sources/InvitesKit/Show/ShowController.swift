import Foundation
import InvitesFormats
import InvitesModel

/// `show` and `check` as a library call: a handle in, a ``ShowReport`` out. Nothing here prints;
/// the command line renders the report (khal's `controllers.py` beside its `cli.py`).
package struct ShowController {
    /// The settings a report depends on, already read and checked by whoever calls.
    package struct Settings: Sendable {
        package var calendars: [CalendarSource]
        package var display: DisplayZone
        package var me: MyAddresses
        /// How far before an occurrence's start and after its end to look.
        package var before: TimeInterval
        package var after: TimeInterval
        /// How many of a series' next occurrences to check.
        package var horizon: Int

        package init(
            calendars: [CalendarSource], display: DisplayZone, me: MyAddresses, before: TimeInterval = 7_200,
            after: TimeInterval = 7_200, horizon: Int = 10
        ) {
            self.calendars = calendars
            self.display = display
            self.me = me
            self.before = before
            self.after = after
            self.horizon = horizon
        }
    }

    package var store: InboxStore
    /// Where calendar indexes and kept answers live; `nil` reads every calendar afresh.
    package var cache: CalendarIndexStorage?
    package var settings: Settings
    package var clock: @Sendable () -> Date
    /// Why accepting the invitation would be refused (``Responder/collision(of:lookups:)``);
    /// `nil` does not look.
    package var collision: ((StoredInvite) throws -> CalendarError?)?
    /// Vdir versions known without stamping each item (``CalendarQuery/known``): `watch`'s.
    package var known: KnownVersions?

    package init(
        store: InboxStore, cache: CalendarIndexStorage?, settings: Settings, clock: @escaping @Sendable () -> Date
    ) {
        self.store = store
        self.cache = cache
        self.settings = settings
        self.clock = clock
    }

    /// Reads the calendars once for the hour from now, as the first report would: what the next
    /// reports start from (each vdir's index, kept and followed with ``known``; the answer for
    /// today) is then in place. `watch` does it as it starts, so that the first invitation
    /// mailed to it is told in the time of the others: it waited 0.6 s for a read of every item
    /// of a vdir of 100,000, and the second 0.2 s for a stat of each.
    package func prepare() throws(CalendarError) {
        _ = try query(of: settings.calendars).occurrences(in: DateInterval(start: clock(), duration: 3_600))
    }

    /// A query of `sources` as every report of this controller asks it: the cache, and the
    /// vdirs followed in ``known``.
    private func query(of sources: [CalendarSource]) -> CalendarQuery {
        var query = CalendarQuery(
            sources: sources, display: settings.display, me: settings.me, index: cache, clock: clock)
        query.known = known
        return query
    }

    /// The report for the invitation a handle (or sender id, or UID prefix) names.
    package func report(for reference: String) throws -> ShowReport {
        try report(for: try store.resolve(reference))
    }

    /// The report for an invitation already found.
    package func report(for stored: StoredInvite) throws -> ShowReport {
        // A task holds no time: nothing in your calendar is read to collide with it.
        let task = stored.invite.source != .push && stored.invite.properties?.isTask == true
        let finder = ConflictFinder(
            query: query(of: task ? [] : settings.calendars), before: settings.before, after: settings.after)
        let series = try finder.series(for: stored, horizon: settings.horizon, now: clock())
        guard let shown = series.shown else {
            throw CalendarError.unreadable(path: stored.handle, reason: "the invitation has no occurrence to show")
        }
        let ranges = RangeOverrides(stored)
        let occurrences =
            series.reports.count > 1
            ? zip(series.reports, series.occurrences).map { nearby, own -> ShowReport.CheckedOccurrence in
                let key = RecurrenceKey.key(of: own, display: settings.display)
                let state: InviteStatus =
                    own.free == .cancelled ? .cancelled : stored.answer(for: key, ranges: ranges)
                // An occurrence a range of the organizer's moved is moved though no instance names it.
                let moved =
                    stored.instance(key).flatMap { $0.organizer == nil ? nil : $0.isMoved }
                    ?? (ranges.covering(key) != nil && own.dates == nil
                        && own.recurrenceID.map { $0 != own.start } == true)
                return ShowReport.CheckedOccurrence(
                    key: key, state: state, moved: moved, original: own.recurrenceID, nearby: nearby)
            }
            : []
        // One read of the answers and your delegates' news beside them, which only the news needs.
        let history = try store.history(
            actions: AnswerAction.answers.union(AnswerAction.delegateAnswers), limit: nil, handle: stored.handle)
        let answers = history.filter { AnswerAction.answers.contains($0.action) }
        let answered = answers.first { $0.recurrenceID == stored.invite.recurrenceID }
        let proposals = try store.history(actions: [.proposed, .proposalDeclined], handle: stored.handle)
        let proposal = proposals.first { $0.action == .proposed }
        let declined = proposals.first { $0.action == .proposalDeclined && $0.at >= (proposal?.at ?? .distantPast) }
        var report = ShowReport(
            stored: stored, occurrences: occurrences, shown: shown, warnings: series.warnings, answered: answered,
            changes: answered.map { ShowController.changes(of: stored.invite, since: $0) } ?? [],
            details: InvitationDetails(stored.invite, me: settings.me, time: HumanTime(zone: settings.display)),
            proposal: proposal, proposalDeclined: declined, collision: try collision?(stored))
        report.delegates = Delegation.standing(in: answers)
        report.report = TaskProgress.report(
            for: stored.invite.recurrenceID, in: stored, standing: TaskProgress.standing(in: answers))
        report.delegateNews = DelegateReply.news(in: history)
        return report
    }

    /// What the organizer changed in the series since an answer: its title, its time.
    static func changes(of invite: Invite, since answered: HistoryEntry) -> [ShowReport.Change] {
        var changes: [ShowReport.Change] = []
        if answered.title != invite.title { changes.append(.title(was: answered.title)) }
        if answered.start != invite.start || answered.end != invite.end {
            changes.append(.time(wasStart: answered.start, wasEnd: answered.end))
        }
        return changes
    }
}
