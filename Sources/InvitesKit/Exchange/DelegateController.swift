import Foundation
import InvitesModel

/// `delegate` as a library call (RFC 5546 §4.2.5): someone goes in your place, for the whole
/// invitation or some occurrences. The organizer gets a REPLY with your ATTENDEE
/// `PARTSTAT=DELEGATED;DELEGATED-TO` the delegate and theirs `DELEGATED-FROM` you; the delegate
/// gets the organizer's REQUEST with both; one `delegated` history entry carries the two. Your
/// own answer is recorded as a decline beside it (you do not go: it leaves your calendar), with
/// no reply of its own, so the organizer hears DELEGATED and nothing else. An invitation your
/// calendar server put there is delegated in that item instead (``delegateInPlace``).
package struct DelegateController {
    /// What delegating did.
    package struct Made: Sendable {
        package var stored: StoredInvite
        package var forward: Forward
        package var entry: HistoryEntry
        /// Your decline beside it: the entries and the calendar change.
        package var declined: AnswerController.Report
        /// Until when the delegation waits for your calendar server's copy (``delegateHeld``);
        /// `nil` where it went, or was queued, at once.
        package var heldUntil: Date? = nil
    }

    package var answering: AnswerController

    package init(answering: AnswerController) {
        self.answering = answering
    }

    /// Delegates the invitation, or the occurrences `keys` (``RecurrenceKey``s), to `address`.
    /// Both messages are composed first, so that what cannot be delegated changes nothing.
    /// `send` is `--send` (true, which never waits for a server copy), `--no-send`, or `nil`.
    package func delegate(
        _ stored: StoredInvite, to address: String, keys: [String], comment: String?, send: Bool? = nil, now: Date
    ) throws -> Made {
        let responder = answering.responder
        let components: [String?] = keys.isEmpty ? [stored.invite.recurrenceID] : keys
        let forward = Forward(to: address, comment: comment, delegated: components)
        let drafts = try forward.drafts(
            for: stored, me: responder.me, name: responder.name, now: now, display: responder.display)
        if let item = stored.foundIn, !item.gone {
            return try delegateInPlace(stored, item: item, forward: forward, drafts: drafts, keys: keys, now: now)
        }
        if send != true, case .serverCopyDue(let until, _) = try responder.serverCopy(of: stored, now: now) {
            return try delegateHeld(stored, forward: forward, keys: keys, until: until, now: now)
        }
        let declined = try answering.answer(
            AnswerController.Request(
                stored, action: .declined, occurrences: .keys(keys), comment: nil, addToCalendar: true,
                toOrganizer: false, send: nil, now: now))
        let entry = try answering.store.record(
            apart: forward.entry(for: stored, now: now), for: declined.stored, drafts: drafts,
            delegating: declined.outcome.entries.compactMap(\.id), now: now)
        return Made(stored: declined.stored, forward: forward, entry: entry, declined: declined)
    }
}
