import Foundation

/// `list` and `status` as library calls: the invitations of the inbox, each with its state, its
/// recurrence in words and whether it is over.
///
/// Pending means waiting for your answer and not over: an invitation whose last occurrence has
/// ended can no longer be attended, so it leaves the pending list and the `status` count (it
/// stays in `list --all`). An announcement (METHOD:PUBLISH) is never pending.
///
/// What it reads of a message it reads once, for every invitation the message carries: a
/// message of 3,000 invitations costs one parse and one expansion, not 3,000 of each.
public struct ListController {
    public var store: InboxStore
    public var display: DisplayZone
    public var now: Date
    private let outlines = SeriesOutlineReader()
    private let futures = Futures()

    public init(store: InboxStore, display: DisplayZone, now: Date) {
        self.store = store
        self.display = display
        self.now = now
    }

    /// One row of a listing.
    public struct Row: Sendable {
        public var stored: StoredInvite
        public var outline: SeriesOutline
        /// Whether every occurrence has ended.
        public var isOver: Bool

        /// Waits for your answer and can still be attended.
        public var isPending: Bool { stored.needsAnswer && !isOver }

        /// Never answered, and over: what `list --all` shows as `past`.
        public var isPast: Bool { stored.state == .pending && isOver }
    }

    /// The invitations in `statuses` (all of them for `nil`), the last changed first. `pending`
    /// selects those ``Row/isPending``, `past` those ``Row/isPast``; the other statuses select
    /// by ``StoredInvite/state``.
    public func list(statuses: Set<InviteStatus>?, past: Bool = false) throws -> [Row] {
        let chosen = try store.list(statuses: nil).filter { stored in
            guard let statuses else { return true }
            return statuses.contains(stored.state) || (statuses.contains(.pending) && stored.needsAnswer)
                || (past && stored.state == .pending)
        }
        return rows(chosen).filter { row in
            guard let statuses else { return true }
            return (statuses.contains(.pending) && row.isPending) || (past && row.isPast)
                || (row.stored.state != .pending && statuses.contains(row.stored.state))
        }
    }

    /// How many invitations are pending: what `status` prints.
    public func pendingCount() throws -> Int {
        rows(try store.awaitingAnswer()).filter(\.isPending).count
    }

    /// The row of one invitation, as a listing would show it.
    public func row(_ stored: StoredInvite) -> Row {
        rows([stored])[0]
    }

    /// The rows of some invitations, the series among them that might be over expanded together
    /// per message.
    private func rows(_ invitations: [StoredInvite]) -> [Row] {
        var rows = invitations.map { stored in
            let outline = outlines.outline(of: stored)
            return Row(stored: stored, outline: outline, isOver: lastKnownEnd(stored) <= now)
        }
        // A series whose known occurrences are over may have more to come: those with an end
        // (COUNT, UNTIL, RDATE) are asked of their message; one without an end never is over.
        var asked: [Data: Set<String>] = [:]
        for row in rows where row.isOver && row.outline.recurs && !row.outline.isEndless {
            asked[row.stored.invite.raw, default: []].insert(row.stored.invite.uid)
        }
        for index in rows.indices where rows[index].isOver && rows[index].outline.recurs {
            let invite = rows[index].stored.invite
            rows[index].isOver =
                !rows[index].outline.isEndless
                && !futures.continues(invite.uid, in: invite.raw, asking: asked[invite.raw] ?? [], after: now, display)
        }
        return rows
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

    /// Which series of a message have an occurrence that ends after now, each message expanded
    /// once for all the series asked of it.
    private final class Futures {
        private var known: [Data: (asked: Set<String>, live: Set<String>, ranOut: Bool)] = [:]

        /// Whether `uid` has an occurrence, not cancelled, that ends after `now`. Expansion
        /// stops at a few instances per series, which is enough to tell; where the steps before
        /// now ran out and none was found, the series is taken as going on rather than dropped
        /// from the pending list.
        func continues(
            _ uid: String, in message: Data, asking uids: Set<String>, after now: Date, _ display: DisplayZone
        )
            -> Bool
        {
            if let answer = known[message], answer.asked.contains(uid) {
                return answer.live.contains(uid) || answer.ranOut
            }
            let asked = uids.union([uid])
            let query = CalendarQuery(sources: [], display: display, me: MyAddresses([]), clock: { now })
            // Up to the last time libical holds (the end of the year 3000): COUNT and UNTIL bound
            // the steps, and the expansion's own budget bounds the rest.
            let latest = Date(timeIntervalSince1970: PushPayloadParser.storable.upperBound)
            let found = query.occurrences(
                inMessage: message, of: asked, in: DateInterval(start: now, end: max(now, latest)),
                instanceLimit: 16)
            let live = Set(found.occurrences.filter { $0.end > now && $0.free != .cancelled }.map(\.uid))
            known[message] = (asked, live, found.ranOut)
            return live.contains(uid) || found.ranOut
        }
    }
}
