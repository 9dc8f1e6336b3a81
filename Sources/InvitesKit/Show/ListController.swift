import Foundation

/// `list` and `status` as library calls: the invitations of the inbox, each with its state, its
/// recurrence in words and whether it is over.
///
/// Pending means waiting for your answer and not over: an invitation whose last occurrence has
/// ended can no longer be attended, so it leaves the pending list and the `status` count (it
/// stays in `list --all`). An announcement (METHOD:PUBLISH) is never pending.
public struct ListController {
    public var store: InboxStore
    public var display: DisplayZone
    public var now: Date

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
    }

    /// The invitations in `statuses` (all of them for `nil`), the last changed first. `pending`
    /// selects those ``Row/isPending``; the other statuses select by ``StoredInvite/state``.
    public func list(statuses: Set<InviteStatus>?) throws -> [Row] {
        try store.list(statuses: nil).compactMap { stored -> Row? in
            if let statuses, !statuses.contains(stored.state), !(statuses.contains(.pending) && stored.needsAnswer) {
                return nil
            }
            let row = row(stored)
            guard let statuses else { return row }
            let asPending = statuses.contains(.pending) && row.isPending
            let asState = stored.state != .pending && statuses.contains(stored.state)
            return asPending || asState ? row : nil
        }
    }

    /// How many invitations are pending: what `status` prints.
    public func pendingCount() throws -> Int {
        try store.awaitingAnswer().filter { !isOver($0, outline: SeriesOutline($0, display: display)) }.count
    }

    /// The row of one invitation, as a listing would show it.
    public func row(_ stored: StoredInvite) -> Row {
        let outline = SeriesOutline(stored, display: display)
        return Row(stored: stored, outline: outline, isOver: isOver(stored, outline: outline))
    }

    /// Whether every occurrence has ended by now: the latest end the inbox knows (the first
    /// occurrence, moved instances) first, then for a series with an end the expansion of what
    /// the organizer last sent, from now on. A series without an end is never over.
    func isOver(_ stored: StoredInvite, outline: SeriesOutline) -> Bool {
        let invite = stored.invite
        let ends =
            [end(invite.end, invite.dates)]
            + stored.instances.compactMap { $0.organizer.flatMap { $0.cancelled ? nil : end($0.end, $0.dates) } }
        if let latest = ends.max(), latest > now { return false }
        guard outline.recurs else { return true }
        guard !outline.isEndless else { return false }
        let now = self.now
        let query = CalendarQuery(sources: [], display: display, me: MyAddresses([]), clock: { now })
        // Up to the last time libical holds (the end of the year 3000): a COUNT or UNTIL bounds
        // the steps, and the expansion's own budgets bound the rest.
        let latest = Date(timeIntervalSince1970: PushPayloadParser.storable.upperBound)
        let future = DateInterval(start: now, end: max(now, latest))
        let copy = ITIPComposer.organizerCopy(of: stored, display: display)
        return !query.occurrences(of: copy, uid: invite.uid, in: future).contains {
            $0.end > now && $0.free != .cancelled
        }
    }

    /// An end as an instant: an all-day end date is midnight at its start in the display zone.
    private func end(_ instant: Date, _ dates: Occurrence.AllDayDates?) -> Date {
        dates.map { $0.endExclusive.midnight(in: display.timeZone) } ?? instant
    }
}
