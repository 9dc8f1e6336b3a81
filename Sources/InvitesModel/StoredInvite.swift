import Foundation

/// One invitation as the inbox holds it: the series (or lone instance) the organizer sent, the
/// instances singled out since, and your answers.
package struct StoredInvite: Sendable, Hashable {
    /// The short name the user types.
    package var handle: String
    /// The master as last sent (or the first instance, for an invitation of instances alone);
    /// `invite.raw` is the message it came in.
    package var invite: Invite
    /// Your answer to the series, which every instance without an answer of its own follows.
    package var status: InviteStatus
    package var receivedAt: Date
    package var updatedAt: Date
    /// The instances singled out by the organizer or by you, by RECURRENCE-ID.
    package var instances: [StoredInstance] = []
    /// The item of your calendar the invitation was found in, when a scheduling server put it
    /// there; `nil` for one that only came by mail or push (or that invites itself wrote).
    package var foundIn: CalendarItem?
    /// How many times the organizer's side was filed: facts worked out for an earlier revision
    /// are stale.
    package var revision: Int = 0
    /// The facts kept for this revision; `nil` when they are still to be worked out. A cache
    /// of what the rest says, so two copies that differ only in it are the same invitation.
    package var facts: InvitationFacts?

    /// The memberwise initializer, for the targets above this one.
    package init(
        handle: String,
        invite: Invite,
        status: InviteStatus,
        receivedAt: Date,
        updatedAt: Date,
        instances: [StoredInstance] = [],
        foundIn: CalendarItem? = nil,
        revision: Int = 0,
        facts: InvitationFacts? = nil
    ) {
        self.handle = handle
        self.invite = invite
        self.status = status
        self.receivedAt = receivedAt
        self.updatedAt = updatedAt
        self.instances = instances
        self.foundIn = foundIn
        self.revision = revision
        self.facts = facts
    }

    package static func == (lhs: StoredInvite, rhs: StoredInvite) -> Bool {
        (lhs.handle, lhs.invite, lhs.status, lhs.receivedAt, lhs.updatedAt, lhs.revision)
            == (rhs.handle, rhs.invite, rhs.status, rhs.receivedAt, rhs.updatedAt, rhs.revision)
            && lhs.instances == rhs.instances && lhs.foundIn == rhs.foundIn
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(handle)
        hasher.combine(invite)
        hasher.combine(revision)
    }

    /// The instance with this key, if it was singled out.
    package func instance(_ recurrenceID: String) -> StoredInstance? {
        instances.first { $0.recurrenceID == recurrenceID }
    }

    /// Your answer for one occurrence: its instance's own, else that of the organizer's
    /// `RANGE=THISANDFUTURE` instance reaching it, else the series'.
    package func answer(for recurrenceID: String?) -> InviteStatus {
        answer(for: recurrenceID, ranges: RangeOverrides(self))
    }

    /// Where the invitation stands for a listing: your answer, except that an announcement
    /// (METHOD:PUBLISH) nobody answered is ``InviteStatus/announced``, not pending.
    package var state: InviteStatus {
        invite.method == .publish && status == .pending ? .announced : status
    }

    /// The dates an answer to this invitation covers when it is all-day: the series' own, an
    /// instance's as the organizer sent it, or an occurrence (named by its date) at the series'
    /// length. `nil` for a timed invitation, or a key that is not a date.
    package func allDayDates(for recurrenceID: String?) -> Occurrence.AllDayDates? {
        guard let dates = invite.dates else { return nil }
        guard let recurrenceID else { return dates }
        if let own = instance(recurrenceID)?.organizer?.dates { return own }
        guard let first = LocalDate(iso: recurrenceID) else { return nil }
        let utc = TimeZone(secondsFromGMT: 0) ?? .current
        let seconds = dates.endExclusive.midnight(in: utc).timeIntervalSince(dates.first.midnight(in: utc))
        return Occurrence.AllDayDates(first: first, endExclusive: first.adding(days: Int((seconds / 86_400).rounded())))
    }

    /// Whether anything of the invitation waits for your answer; an announcement waits for none.
    package var needsAnswer: Bool {
        guard invite.method != .publish else { return false }
        return status == .pending || instances.contains { $0.answer == .pending && !$0.isCancelled }
    }

    /// "1 moved, 1 cancelled, 1 declined": what happened to single instances, for `list`.
    package var instanceSummary: String? {
        var parts: [String] = []
        // An organizer's change "this and all later" is said so: it is more than one occurrence.
        let ranged = instances.filter { $0.organizer?.thisAndFuture == true && !$0.isCancelled }
        // A cancel "this and all later" is one line from its date on; the occurrences it took
        // with it are not counted again.
        let ranges = RangeOverrides(instances)
        let cancelledFrom = ranges.cancelledFrom
        let single = instances.filter { instance in
            guard instance.organizer?.thisAndFuture != true || instance.isCancelled else { return false }
            guard let cancelledFrom, let instant = RecurrenceKey.instant(of: instance.recurrenceID) else { return true }
            return instant < cancelledFrom.instant || (!instance.isCancelled && !ranges.cancels(instance.recurrenceID))
        }
        let moved = single.filter(\.isMoved).count
        let cancelled = single.filter(\.isCancelled).count
        if moved > 0 { parts.append("\(moved) moved") }
        let rangeMoved = ranged.filter(\.isMoved).count
        if rangeMoved > 0 { parts.append("\(rangeMoved) moved with all later") }
        if ranged.count > rangeMoved { parts.append("\(ranged.count - rangeMoved) changed with all later") }
        if cancelled > 0 { parts.append("\(cancelled) cancelled") }
        if let cancelledFrom {
            parts.append("cancelled from \(cancelledFrom.key.prefix(10)) on")
        }
        for answer in [InviteStatus.pending, .accepted, .tentative, .declined] where answer != status {
            let count = single.filter { !$0.isCancelled && $0.answer == answer }.count
            if count > 0 { parts.append("\(count) \(answer.rawValue)") }
            let fromOn = ranged.filter { $0.answer == answer }.count
            if fromOn > 0 { parts.append("\(fromOn) \(answer.rawValue) with all later") }
        }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}
