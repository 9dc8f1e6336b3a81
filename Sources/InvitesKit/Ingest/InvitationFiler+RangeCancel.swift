import Foundation
import InvitesModel

extension InvitationFiler {
    /// The earliest of the range cancels a message filed: it cancels every later occurrence,
    /// the later cancels' included, so one pass over the invitation's instances does for all of
    /// them (a message of 3,000 range cancels reads the invitation once, not 3,000 times).
    static func earliest(_ cancels: [Invite.Instance]) -> Invite.Instance? {
        cancels.compactMap { cancel in RecurrenceKey.instant(of: cancel.recurrenceID).map { ($0, cancel) } }
            .min { $0.0 < $1.0 }?.1
    }

    /// The organizer's CANCEL of an occurrence with `RECURRENCE-ID;RANGE=THISANDFUTURE` (RFC 5546
    /// §3.2.5) cancels it and every later one. The later occurrences the inbox holds apart (an
    /// instance the organizer sent, or one you answered apart) are each filed cancelled, with the
    /// answer you had given, so that your calendar's copy of each says STATUS:CANCELLED too: a
    /// separate component is not reached by the range in RFC 5545's expansion. The occurrences
    /// held nowhere are cancelled by the range itself (``RangeOverrides/cancels(_:)``). Returns
    /// the keys filed cancelled, and a note. Called once the message's cancels are filed.
    func cancelLater(
        than cancel: Invite.Instance, of stored: StoredInvite, id: Int64, now: Date
    ) throws(StoreError) -> (keys: [String], note: String?) {
        guard let from = RecurrenceKey.instant(of: cancel.recurrenceID) else { return ([], nil) }
        var keys: [String] = []
        var withdrawn = 0
        let length = stored.invite.end.timeIntervalSince(stored.invite.start)
        for held in stored.instances where !held.isCancelled {
            guard let instant = RecurrenceKey.instant(of: held.recurrenceID), instant > from else { continue }
            var cancelled =
                held.organizer
                ?? Invite.Instance(
                    recurrenceID: held.recurrenceID, title: stored.invite.title, start: instant,
                    end: instant.addingTimeInterval(length), dates: stored.allDayDates(for: held.recurrenceID))
            cancelled.cancelled = true
            cancelled.sequence = cancel.sequence
            cancelled.dtstamp = cancel.dtstamp
            let message =
                held.organizer == nil ? nil : try store.instanceMessageID(of: id, recurrenceID: held.recurrenceID)
            try store.saveInstance(cancelled, of: id, message: message, answer: held.answer, now: now)
            withdrawn += try store.withdrawWaiting(inviteID: id, recurrenceID: held.recurrenceID, now: now)
            keys.append(held.recurrenceID)
        }
        var notes = ["the occurrences from \(cancel.recurrenceID) on were cancelled"]
        if withdrawn > 0 {
            notes.append(
                withdrawn == 1
                    ? "the message waiting in the outbox for a later occurrence was withdrawn"
                    : "the \(withdrawn) messages waiting in the outbox for later occurrences were withdrawn")
        }
        return (keys, notes.joined(separator: "; "))
    }
}
