import Foundation
import InvitesModel

/// What filing the `RANGE=THISANDFUTURE` instances of one message needs of the invitation, read
/// once for the message and kept in step as each range is filed: a stranger's message of 3,000
/// ranges read the whole invitation again for each (minutes); this reads it once.
final class RangeFiling {
    /// The series as the message left it (its master filed first).
    let invite: Invite
    /// The ranges held, each range of the message added as it is filed.
    var ranges: RangeOverrides
    /// The occurrences you answered apart (instances the organizer never sent), by original
    /// start, with your answer to each as it now stands.
    var yours: [(instant: Date, key: String, answer: InviteStatus?)]
    /// The keys of the ranges this message filed.
    var filed: Set<String> = []

    init(_ stored: StoredInvite) {
        invite = stored.invite
        ranges = RangeOverrides(stored)
        yours = stored.instances.compactMap { instance in
            guard instance.organizer == nil, let instant = RecurrenceKey.instant(of: instance.recurrenceID) else {
                return nil
            }
            return (instant, instance.recurrenceID, instance.answer)
        }.sorted { $0.instant < $1.instant }
    }

    /// The places in ``yours`` a range at `key` reaches: after it, up to the next range.
    func reached(from key: String) -> Range<Int> {
        guard let start = RecurrenceKey.instant(of: key) else { return 0..<0 }
        let lower = yours.partitioningIndex { $0.instant > start }
        let next = ranges.next(after: start)
        let upper = next.map { end in yours.partitioningIndex { $0.instant >= end } } ?? yours.count
        return lower..<max(lower, upper)
    }

    /// The keys of the occurrences you answered apart that a range this message filed reaches:
    /// their copies in your calendar are made from the range again.
    var reachedKeys: [String] {
        yours.compactMap { occurrence in
            ranges.covering(occurrence.key).flatMap { filed.contains($0.recurrenceID) ? occurrence.key : nil }
        }
    }
}

extension Array {
    /// The first index whose element satisfies `belongs`, which holds for a suffix of the array.
    fileprivate func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
        var lower = 0
        var upper = count
        while lower < upper {
            let middle = lower + (upper - lower) / 2
            if belongs(self[middle]) { upper = middle } else { lower = middle + 1 }
        }
        return lower
    }
}

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
        _ instance: Invite.Instance, held: StoredInstance?, series: InviteStatus, id: Int64, message: Int64, now: Date,
        context: RangeFiling
    ) throws(StoreError) -> Filing {
        guard let placed = RangeOverrides.Placement(instance) else {
            try store.saveInstance(instance, of: id, message: message, answer: held?.answer, now: now)
            return .filed(series, note: nil)
        }
        // Read in place, never copied: a copy held while a range is set would copy every range.
        let before = InvitationFiler.placementBefore(
            instance.recurrenceID, held: held, series: context.invite, ranges: context.ranges)
        let ownMoved = held?.organizer.map { !$0.cancelled && ($0.start != instance.start || $0.end != instance.end) }
        let moved = before != placed || ownMoved == true
        let answered: Set<InviteStatus> = [.accepted, .declined, .tentative]
        let effective = held?.answer ?? context.ranges.covering(instance.recurrenceID)?.answer ?? series
        var answer = held?.answer
        var notes: [String] = []
        if moved, answered.contains(effective) {
            answer = .pending
            notes.append(
                "the occurrences from \(instance.recurrenceID) on moved: your answer (\(effective.rawValue)) "
                    + "is back to pending")
        } else if !moved {
            notes.append("the organizer changed the occurrences from \(instance.recurrenceID) on")
        }
        try store.saveInstance(instance, of: id, message: message, answer: answer, now: now)
        context.ranges.set(
            StoredInstance(recurrenceID: instance.recurrenceID, organizer: instance, message: nil, answer: answer))
        if let held, held.organizer == nil { context.yours.removeAll { $0.key == held.recurrenceID } }
        context.filed.insert(instance.recurrenceID)
        if moved {
            let reached = context.reached(from: instance.recurrenceID)
            let later = reached.filter { context.yours[$0].answer.map(answered.contains) == true }
            if !later.isEmpty {
                try store.setAnswer(.pending, for: later.map { context.yours[$0].key }, of: id, now: now)
                for place in later { context.yours[place].answer = .pending }
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
        _ key: String, held: StoredInstance?, series: Invite, ranges: RangeOverrides
    ) -> RangeOverrides.Placement {
        if let organizer = held?.organizer, organizer.thisAndFuture, !organizer.cancelled,
            let placement = RangeOverrides.Placement(organizer)
        {
            return placement
        }
        if let earlier = ranges.preceding(key)?.organizer, let placement = RangeOverrides.Placement(earlier) {
            return placement
        }
        return RangeOverrides.Placement(series: series)
    }
}
