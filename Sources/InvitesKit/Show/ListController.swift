import Foundation
import InvitesFormats
import InvitesModel

/// `list` and `status` as library calls: the invitations of the inbox, each with its state, its
/// recurrence in words and whether it is over.
///
/// Pending means waiting for your answer and not over: an invitation whose last occurrence has
/// ended can no longer be attended, so it leaves the pending list and the `status` count (it
/// stays in `list --all`). An announcement (METHOD:PUBLISH) is never pending.
///
/// What it reads of a message it reads once, for every invitation the message carries: a
/// message of 3,000 invitations costs one parse and one expansion, not 3,000 of each.
package struct ListController {
    package var store: InboxStore
    package var display: DisplayZone
    package var now: Date
    private let futures = Futures()

    package init(store: InboxStore, display: DisplayZone, now: Date) {
        self.store = store
        self.display = display
        self.now = now
    }

    /// One row of a listing.
    package struct Row: Sendable {
        package var stored: StoredInvite
        package var outline: SeriesOutline
        /// Whether every occurrence has ended.
        package var isOver: Bool
        /// A series' next occurrence (not cancelled, ending after now), where its first has
        /// begun: what a listing shows for an ongoing series rather than a date years back.
        package var next: Occurrence?
        /// The delegate of each component you delegated and have not answered since (`nil` is
        /// the series; ``Delegation``).
        package var delegates: [String?: String] = [:]
        /// For a task, the series' standing report of progress (``TaskProgress``), if any.
        package var report: TaskReport?
        /// What each of those delegates answered, when their REPLY reached you
        /// (``DelegateReply/news(in:)``).
        package var delegateNews: [String?: String] = [:]
        /// For a series that has begun, a time before which it is not over in any zone: the end
        /// of the latest occurrence its expansion found, not cancelled, less a margin for
        /// all-day and floating times; the last time kept for a series without an end.
        package var liveUntil: Date?

        /// Waits for your answer and can still be attended.
        package var isPending: Bool { stored.needsAnswer && !isOver }

        /// Never answered, and over: what `list --all` shows as `past`.
        package var isPast: Bool { stored.state == .pending && isOver }
    }

    /// The invitations in `statuses` (all of them for `nil`), the last changed first. `pending`
    /// selects those ``Row/isPending``, `past` those ``Row/isPast``; the other statuses select
    /// by ``StoredInvite/state``.
    package func list(statuses: Set<InviteStatus>?, past: Bool = false) throws -> [Row] {
        // The default listing reads only what can still be pending, as `status` does.
        let read =
            statuses == [.pending] && !past ? try store.awaitingAnswer(liveAt: now) : try store.list(statuses: nil)
        let chosen = read.filter { stored in
            guard let statuses else { return true }
            return statuses.contains(stored.state) || (statuses.contains(.pending) && stored.needsAnswer)
                || (past && stored.state == .pending)
        }
        // Only invitations with a delegation or a task's report of progress in their history are
        // read for it, found in one query.
        let marked = Set(try store.history(actions: AnswerAction.taskReports.union([.delegated])).map(\.handle))
        var listed = rows(chosen)
        for index in listed.indices where marked.contains(listed[index].stored.handle) {
            let stored = listed[index].stored
            let history = try store.history(
                actions: AnswerAction.answers.union(AnswerAction.delegateAnswers), handle: stored.handle)
            listed[index].delegates = Delegation.standing(in: history)
            listed[index].delegateNews = DelegateReply.news(in: history)
            listed[index].report = TaskProgress.report(
                for: stored.invite.recurrenceID, in: stored, standing: TaskProgress.standing(in: history))
        }
        return listed.filter { row in
            guard let statuses else { return true }
            return (statuses.contains(.pending) && row.isPending) || (past && row.isPast)
                || (row.stored.state != .pending && statuses.contains(row.stored.state))
        }
    }

    /// How many invitations are pending: what `status` prints.
    ///
    /// Most of what waits is still to come, and an invitation whose facts are kept and whose
    /// known end is ahead is pending exactly when it needs an answer: such rows are counted
    /// from the rows alone. Only the others (facts to work out, a series under way) are read
    /// whole, for their message and series outline: decoding the kept properties was a tenth
    /// of a `status`.
    ///
    /// A series under way is expanded once: what the expansion found (``Row/liveUntil``) is kept
    /// with its facts, and the next counts compare it with the clock until then. A status bar
    /// asks every few seconds, and expanding the series that wait was most of a `status`.
    package func pendingCount() throws -> Int {
        var settled = 0
        var others: [String] = []
        for stored in try store.awaitingAnswer(liveAt: now, reading: .rows) {
            if let facts = stored.facts, lastKnownEnd(stored) > now || isLive(stored, facts) {
                settled += stored.needsAnswer ? 1 : 0
            } else {
                others.append(stored.handle)
            }
        }
        let read = rows(try store.invites(handles: others))
        keepLiveUntil(of: read)
        return settled + read.filter(\.isPending).count
    }

    /// Whether the kept facts say a series that has begun is not over: the expansion that kept
    /// ``InvitationFacts/liveUntil`` found an occurrence, not cancelled, ending after it in any
    /// zone, and one that begins later finds that occurrence too (its window holds fewer of
    /// the instances before it), so ``rows(_:)`` would find it not over.
    private func isLive(_ stored: StoredInvite, _ facts: InvitationFacts) -> Bool {
        guard let until = facts.liveUntil else { return false }
        return stored.invite.start <= now && until > now
    }

    /// Keeps, with the facts of each row whose series was expanded (those ``keepFacts(of:)`` has
    /// just kept included), until when it is not over. A cache of what the expansion said: a store that cannot be written still counts, slower.
    private func keepLiveUntil(of rows: [Row]) {
        var kept: [String: (until: Date, revision: Int)] = [:]
        for row in rows {
            guard let until = row.liveUntil, until > now, row.stored.facts?.liveUntil != until else { continue }
            kept[row.stored.handle] = (until, row.stored.revision)
        }
        try? store.keep(liveUntil: kept)
    }

    /// The occurrence of a row still to come or under way: a series' next (``Row/next``), else
    /// the invitation's own time, an all-day one from midnight in the display zone; with its
    /// dates when it is all-day.
    package func upcoming(_ row: Row) -> (interval: DateInterval, dates: Occurrence.AllDayDates?) {
        if let next = row.next { return (DateInterval(start: next.start, end: max(next.end, next.start)), next.dates) }
        let invite = row.stored.invite
        guard let dates = invite.dates else {
            return (DateInterval(start: invite.start, end: max(invite.end, invite.start)), nil)
        }
        let start = dates.first.midnight(in: display.timeZone)
        return (DateInterval(start: start, end: max(dates.endExclusive.midnight(in: display.timeZone), start)), dates)
    }

    /// How many pending invitations start within `seconds` from now (and have not started):
    /// what `status --format %d` prints, the shortest `nudge` threshold its span.
    package func dueCount(within seconds: TimeInterval) throws -> Int {
        try list(statuses: [.pending]).filter { row in
            let start = upcoming(row).interval.start
            return start > now && start.timeIntervalSince(now) <= seconds
        }.count
    }

    /// The row of one invitation, as a listing would show it.
    package func row(_ stored: StoredInvite) -> Row {
        rows([stored])[0]
    }

    /// The rows of some invitations, the series among them that might be over expanded together
    /// per message.
    private func rows(_ invitations: [StoredInvite]) -> [Row] {
        var rows = invitations.map { stored in
            let outline = stored.invite.properties?.outline ?? .none
            return Row(stored: stored, outline: outline, isOver: lastKnownEnd(stored) <= now)
        }
        keepFacts(of: rows)
        // A series that has begun is asked of its message for its next occurrence, every such
        // series of a message in one expansion: a series whose known occurrences are over may
        // have more to come (COUNT, UNTIL, RDATE); one without an end never is over.
        // A series the organizer changed "this and all later" (RANGE=THISANDFUTURE) is asked of
        // the invitation as the inbox holds it, ranges included: its message alone has the old times.
        let messages = rows.map { row in
            guard row.outline.recurs, row.stored.invite.start <= now else { return row.stored.invite.raw }
            return RangeOverrides(row.stored).isEmpty
                ? TaskSeries.expandable(row.stored, display: display)
                : ITIPComposer.organizerCopy(of: row.stored, display: display)
        }
        var asked: [Data: Set<String>] = [:]
        for (row, message) in zip(rows, messages) where row.outline.recurs && row.stored.invite.start <= now {
            asked[message, default: []].insert(row.stored.invite.uid)
        }
        for index in rows.indices where rows[index].outline.recurs && rows[index].stored.invite.start <= now {
            let invite = rows[index].stored.invite
            let message = messages[index]
            let future = futures.next(invite.uid, in: message, asking: asked[message] ?? [], after: now, display)
            rows[index].next = future.next
            rows[index].liveUntil =
                rows[index].outline.isEndless
                ? Date(timeIntervalSince1970: StorableTime.seconds.upperBound)
                : future.latestEnd.map { $0.addingTimeInterval(-InvitationFactsReader.zoneMargin) }
            if rows[index].isOver {
                rows[index].isOver = !rows[index].outline.isEndless && future.next == nil && !future.ranOut
            }
        }
        return rows
    }

    /// Works out and keeps the facts of the rows that have none, so that the next call leaves
    /// out in SQL what is over. The facts are a cache of what the rows already say: a store that
    /// cannot be written (a read-only copy, a lock held too long) still lists, only slower.
    private func keepFacts(of rows: [Row]) {
        let missing = rows.filter { $0.stored.facts == nil }
        guard !missing.isEmpty else { return }
        let facts = InvitationFactsReader().facts(of: missing.map(\.stored), display: display)
        try? store.keep(Dictionary(zip(missing.map(\.stored.handle), facts)) { first, _ in first })
    }

    /// The latest end the inbox knows of: the first occurrence's, and each moved instance's.
    private func lastKnownEnd(_ stored: StoredInvite) -> Date {
        let invite = stored.invite
        let ends =
            [end(invite.end, invite.dates)]
            + stored.instances.compactMap { $0.organizer.flatMap { $0.cancelled ? nil : end($0.end, $0.dates) } }
        return ends.max() ?? invite.end
    }

    /// An end as an instant: an all-day end date is midnight at its start in the display zone.
    private func end(_ instant: Date, _ dates: Occurrence.AllDayDates?) -> Date {
        dates.map { $0.endExclusive.midnight(in: display.timeZone) } ?? instant
    }

    /// The next occurrence of each series of a message asked of it, each message expanded once
    /// for all the series asked of it.
    private final class Futures {
        private var known:
            [Data: (asked: Set<String>, next: [String: Occurrence], latestEnd: [String: Date], ranOut: Bool)] = [:]

        /// The first occurrence of `uid`, not cancelled, that ends after `now`, the latest end
        /// of those found, and whether the steps before now ran out (then a series with none
        /// found is taken as going on rather than dropped from the pending list). Expansion
        /// stops at a few instances per series, which is enough to tell.
        func next(
            _ uid: String, in message: Data, asking uids: Set<String>, after now: Date, _ display: DisplayZone
        ) -> (next: Occurrence?, latestEnd: Date?, ranOut: Bool) {
            if let answer = known[message], answer.asked.contains(uid) {
                return (answer.next[uid], answer.latestEnd[uid], answer.ranOut)
            }
            let asked = uids.union([uid])
            let query = CalendarQuery(sources: [], display: display, me: MyAddresses([]), clock: { now })
            // Up to the last time libical holds (the end of the year 3000): COUNT and UNTIL bound
            // the steps, and the expansion's own budget bounds the rest.
            let latest = Date(timeIntervalSince1970: StorableTime.seconds.upperBound)
            let found = query.occurrences(
                inMessage: message, of: asked, in: DateInterval(start: now, end: max(now, latest)),
                instanceLimit: 16)
            var next: [String: Occurrence] = [:]
            var latestEnd: [String: Date] = [:]
            for occurrence in found.occurrences where occurrence.end > now && occurrence.free != .cancelled {
                latestEnd[occurrence.uid] = max(latestEnd[occurrence.uid] ?? occurrence.end, occurrence.end)
                if let earlier = next[occurrence.uid], earlier.start <= occurrence.start { continue }
                next[occurrence.uid] = occurrence
            }
            known[message] = (asked, next, latestEnd, found.ranOut)
            return (next[uid], latestEnd[uid], found.ranOut)
        }
    }
}
