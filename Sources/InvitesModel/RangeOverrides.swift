import Foundation

/// The instances an organizer sent with `RECURRENCE-ID;RANGE=THISANDFUTURE` (RFC 5545 §3.8.4.4),
/// in time order, and which of them reaches a given occurrence.
///
/// RFC 5545 says such an instance changes itself and every later occurrence: a new time moves
/// each later one by the same difference, a new length gives each the same length, and its
/// other properties apply to them. "Subsequent instances defined in separate components are
/// not impacted": an occurrence the organizer sent on its own keeps what it was sent, and the
/// reach of one range ends where the next range begins. Built once per invitation and looked up
/// by bisection, so that a stranger's thousands of ranges cost a logarithm per occurrence.
package struct RangeOverrides: Sendable {
    /// The range instances not cancelled, by the instant of their RECURRENCE-ID, earliest first.
    private var ranges: [(instant: Date, instance: StoredInstance)]
    /// The instants of the ranges the organizer cancelled (RFC 5546 §3.2.5: that occurrence and
    /// every later one), earliest first.
    private var cancels: [(instant: Date, key: String)] = []

    package init(_ stored: StoredInvite) {
        self.init(stored.instances)
    }

    package init(_ instances: [StoredInstance]) {
        ranges = instances.compactMap { instance in
            guard RangeOverrides.reaches(instance), let instant = RecurrenceKey.instant(of: instance.recurrenceID)
            else { return nil }
            return (instant, instance)
        }.sorted { $0.instant < $1.instant }
        cancels = instances.compactMap { instance in
            guard RangeOverrides.cancelsLater(instance), let instant = RecurrenceKey.instant(of: instance.recurrenceID)
            else { return nil }
            return (instant, instance.recurrenceID)
        }.sorted { $0.instant < $1.instant }
    }

    /// Whether an instance is the organizer's cancel of this and every later occurrence.
    private static func cancelsLater(_ instance: StoredInstance) -> Bool {
        guard let organizer = instance.organizer else { return false }
        return organizer.thisAndFuture && organizer.cancelled
    }

    /// Whether the organizer cancelled the occurrence `key` with a range: a cancelled range at
    /// or before it, and no range the organizer sent later than that cancel (which invites
    /// again from its own start on). An instance the organizer sent for the occurrence itself
    /// says more than this; ``StoredInvite/answer(for:ranges:)`` asks it first.
    package func cancels(_ key: String) -> Bool {
        guard !cancels.isEmpty, let instant = RecurrenceKey.instant(of: key) else { return false }
        var lower = 0
        var upper = cancels.count
        while lower < upper {
            let middle = lower + (upper - lower) / 2
            if cancels[middle].instant <= instant { lower = middle + 1 } else { upper = middle }
        }
        guard lower > 0 else { return false }
        let cancel = cancels[lower - 1].instant
        guard let range = latest(atOrBefore: instant, including: true),
            let start = RecurrenceKey.instant(of: range.recurrenceID)
        else { return true }
        return start < cancel
    }

    /// Where the organizer cancelled the series from on: the earliest range cancel, `nil` when none.
    package var cancelledFrom: (instant: Date, key: String)? { cancels.first }

    /// Whether an instance reaches later occurrences: the organizer sent it with its range, and
    /// did not cancel it.
    private static func reaches(_ instance: StoredInstance) -> Bool {
        guard let organizer = instance.organizer else { return false }
        return organizer.thisAndFuture && !organizer.cancelled
    }

    /// Puts `instance` in place of what was held at its key: a range is one among them, anything
    /// else none.
    package mutating func set(_ instance: StoredInstance) {
        guard let instant = RecurrenceKey.instant(of: instance.recurrenceID) else { return }
        let place = firstIndex(atOrAfter: instant)
        if place < ranges.count, ranges[place].instant == instant { ranges.remove(at: place) }
        if RangeOverrides.reaches(instance) { ranges.insert((instant, instance), at: place) }
        cancels.removeAll { $0.instant == instant }
        if RangeOverrides.cancelsLater(instance) {
            let after = cancels.firstIndex { $0.instant > instant } ?? cancels.count
            cancels.insert((instant, instance.recurrenceID), at: after)
        }
    }

    /// Where the first range after `instant` begins, which ends the reach of the one before it.
    package func next(after instant: Date) -> Date? {
        let place = firstIndex(atOrAfter: instant)
        if place < ranges.count, ranges[place].instant == instant {
            return place + 1 < ranges.count ? ranges[place + 1].instant : nil
        }
        return place < ranges.count ? ranges[place].instant : nil
    }

    private func firstIndex(atOrAfter instant: Date) -> Int {
        var lower = 0
        var upper = ranges.count
        while lower < upper {
            let middle = lower + (upper - lower) / 2
            if ranges[middle].instant < instant { lower = middle + 1 } else { upper = middle }
        }
        return lower
    }

    /// Whether the invitation has any range instance at all, cancelled ones included.
    package var isEmpty: Bool { ranges.isEmpty && cancels.isEmpty }

    /// The range instance whose reach holds the occurrence `key`: the latest whose RECURRENCE-ID
    /// is at or before it (the occurrence itself included). `nil` when none is.
    package func covering(_ key: String) -> StoredInstance? {
        guard !ranges.isEmpty, let instant = RecurrenceKey.instant(of: key) else { return nil }
        return latest(atOrBefore: instant, including: true)
    }

    /// The range instance that reached `key` before one at `key` itself: the latest strictly
    /// before it.
    package func preceding(_ key: String) -> StoredInstance? {
        guard !ranges.isEmpty, let instant = RecurrenceKey.instant(of: key) else { return nil }
        return latest(atOrBefore: instant, including: false)
    }

    private func latest(atOrBefore instant: Date, including: Bool) -> StoredInstance? {
        var lower = 0
        var upper = ranges.count
        while lower < upper {
            let middle = lower + (upper - lower) / 2
            let before = including ? ranges[middle].instant <= instant : ranges[middle].instant < instant
            if before { lower = middle + 1 } else { upper = middle }
        }
        return lower > 0 ? ranges[lower - 1].instance : nil
    }

    /// Where a range puts the occurrences it reaches: how far from their original start, and
    /// for how long. The series' own (no shift, the master's length) when no range reaches them.
    package struct Placement: Sendable, Hashable {
        package var shift: TimeInterval
        package var length: TimeInterval

        package init(shift: TimeInterval, length: TimeInterval) {
            self.shift = shift
            self.length = length
        }

        /// The placement an instance gives the occurrences after it, as RFC 5545 has a range move them.
        package init?(_ instance: Invite.Instance) {
            guard let original = RecurrenceKey.instant(of: instance.recurrenceID) else { return nil }
            self.init(
                shift: instance.start.timeIntervalSince(original),
                length: instance.end.timeIntervalSince(instance.start))
        }

        /// The series' own: what its occurrences have where no range reaches.
        package init(series invite: Invite) {
            self.init(shift: 0, length: invite.end.timeIntervalSince(invite.start))
        }
    }
}

extension StoredInvite {
    /// Your answer for one occurrence: cancelled where the organizer cancelled it (on its own,
    /// or with all later ones, unless the organizer sent it again since), else its instance's
    /// own, else that of the range instance that reaches it (``RangeOverrides``), else the
    /// series'. `ranges` is the invitation's, when the caller asks for many occurrences.
    package func answer(for recurrenceID: String?, ranges: RangeOverrides) -> InviteStatus {
        guard let recurrenceID else { return status }
        let instance = instance(recurrenceID)
        if instance?.isCancelled == true || (instance?.organizer == nil && ranges.cancels(recurrenceID)) {
            return .cancelled
        }
        if let answer = instance?.answer { return answer }
        return ranges.covering(recurrenceID)?.answer ?? status
    }
}
