import Foundation
import InvitesModel

extension InvitationFiler {
    /// An instance the organizer sent with `RECURRENCE-ID;RANGE=THISANDFUTURE`: filed with its
    /// range, and where it puts the later occurrences at another time or length than they had
    /// (RFC 5545 §3.8.4.4 moves each by the same difference), the answers they had go back to
    /// pending: the one they followed (the series', or an earlier range's) as this instance's
    /// own answer, which every later occurrence without one of its own follows
    /// (``RangeOverrides``), and each later answer you gave apart. Instances the organizer sent
    /// on their own after it are not touched, as RFC 5545 says of "subsequent instances defined
    /// in separate components". Called once the copy is known to be newer.
    func fileRange(
        _ instance: Invite.Instance, held: StoredInstance?, series: InviteStatus, id: Int64, message: Int64, now: Date
    ) throws(StoreError) -> Filing {
        guard let current = try store.invite(id: id), let placed = RangeOverrides.Placement(instance) else {
            try store.saveInstance(instance, of: id, message: message, answer: held?.answer, now: now)
            return .filed(series, note: nil)
        }
        let ranges = RangeOverrides(current)
        let before = InvitationFiler.placementBefore(instance.recurrenceID, held: held, in: current, ranges: ranges)
        let ownMoved = held?.organizer.map { !$0.cancelled && ($0.start != instance.start || $0.end != instance.end) }
        let moved = before != placed || ownMoved == true
        let answered: Set<InviteStatus> = [.accepted, .declined, .tentative]
        let effective = held?.answer ?? ranges.covering(instance.recurrenceID)?.answer ?? series
        var answer = held?.answer
        var notes: [String] = []
        if moved, answered.contains(effective) {
            answer = .pending
            notes.append(
                "the occurrences from \(instance.recurrenceID) on moved: your answer (\(effective.rawValue)) is back to pending"
            )
        } else if !moved {
            notes.append("the organizer changed the occurrences from \(instance.recurrenceID) on")
        }
        try store.saveInstance(instance, of: id, message: message, answer: answer, now: now)
        if moved {
            let later = InvitationFiler.reached(from: instance.recurrenceID, in: current, ranges: ranges).filter {
                $0.organizer == nil && $0.answer.map(answered.contains) == true
            }
            if !later.isEmpty {
                try store.setAnswer(.pending, for: later.map(\.recurrenceID), of: id, now: now)
                notes.append(
                    later.count == 1
                        ? "1 later answer given apart is back to pending"
                        : "\(later.count) later answers given apart are back to pending")
            }
        }
        return .filed(series, note: notes.joined(separator: "; "))
    }

    /// Where the occurrences from `key` on were before a range instance at `key` is filed: the
    /// range held at that key, else the range reaching it from before, else the series.
    static func placementBefore(
        _ key: String, held: StoredInstance?, in stored: StoredInvite, ranges: RangeOverrides
    ) -> RangeOverrides.Placement {
        if let organizer = held?.organizer, organizer.thisAndFuture, !organizer.cancelled,
            let placement = RangeOverrides.Placement(organizer)
        {
            return placement
        }
        if let earlier = ranges.preceding(key)?.organizer, let placement = RangeOverrides.Placement(earlier) {
            return placement
        }
        return RangeOverrides.Placement(series: stored.invite)
    }

    /// The instances after `key` that a range at `key` reaches: those no later range of the
    /// organizer's reaches first. Bounded by the instances the inbox holds.
    static func reached(from key: String, in stored: StoredInvite, ranges: RangeOverrides) -> [StoredInstance] {
        guard let start = RecurrenceKey.instant(of: key) else { return [] }
        return stored.instances.filter { later in
            guard let instant = RecurrenceKey.instant(of: later.recurrenceID), instant > start else { return false }
            guard let reaching = ranges.covering(later.recurrenceID),
                let at = RecurrenceKey.instant(of: reaching.recurrenceID)
            else { return true }
            return at <= start
        }
    }

    /// The keys of the occurrences you answered apart that the range at `key` reaches, as the
    /// inbox now holds them: their copies in your calendar are made from the range again.
    func keysReached(from key: String, id: Int64) throws(StoreError) -> [String] {
        guard let stored = try store.invite(id: id) else { return [] }
        return InvitationFiler.reached(from: key, in: stored, ranges: RangeOverrides(stored))
            .filter { $0.organizer == nil }.map(\.recurrenceID)
    }
}
