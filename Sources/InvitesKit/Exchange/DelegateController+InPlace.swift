import Foundation
import InvitesModel

extension DelegateController {
    /// Delegates an invitation your calendar server put in your calendar: the delegation goes
    /// into that item where it is (``InPlaceDelegation``), and the server, seeing your ATTENDEE
    /// DELEGATED and a new one DELEGATED-FROM you when the sync uploads it, sends the organizer
    /// the REPLY and the delegate the REQUEST itself (RFC 6638 §3.2.2.1); invites queuing the
    /// two messages as well would have the organizer told twice and the delegate invited twice,
    /// and writing a decline into the item (what an answer does) would have the server tell the
    /// organizer DECLINED. Where the `scheduling` setting or the copy's `SCHEDULE-AGENT` leave
    /// replies to invites, the item changes the same way and `drafts` are queued as for a
    /// mailed invitation.
    ///
    /// The decline beside it is recorded as for a mailed invitation, with no delivery of its
    /// own; the delegation's entry says `server` where the server sends. The item is written
    /// first, so a failed write records nothing.
    func delegateInPlace(
        _ stored: StoredInvite, item: CalendarItem, forward: Forward, drafts: [OutboxDraft], keys: [String], now: Date
    ) throws -> Made {
        let responder = answering.responder
        let edit = InPlaceDelegation(
            uid: stored.invite.uid, me: responder.me, to: forward.to, keys: keys.isEmpty ? nil : keys,
            comment: forward.comment, display: responder.display)
        let clientAgent = try responder.writeInPlace([edit], into: item, for: stored)
        let scheduling = responder.scheduling(of: item, clientAgent: clientAgent)
        let byServer = scheduling.mode == .server
        // The decline says nothing of its own: the delegation's entry carries who tells.
        let plan = ReplyPlan(route: .none(.kept), notes: [], scheduling: scheduling)
        let outcome = try responder.record(
            .declined, for: stored, occurrences: keys, comment: nil, plan: plan, now: now, calendar: .keep,
            change: .rewritten(item.path))
        var entry = forward.entry(for: stored, now: now)
        if byServer { entry.delivery = .server }
        let recorded = try answering.store.record(
            apart: entry, for: stored, drafts: byServer ? [] : drafts,
            delegating: outcome.entries.compactMap(\.id), now: now)
        let declined = AnswerController.Report(
            stored: stored, action: .declined, occurrences: keys, outcome: outcome, notes: plan.notes, sending: nil)
        return Made(stored: stored, forward: forward, entry: recorded, declined: declined)
    }
}

extension DelegateController {
    /// Delegates a mailed invitation whose copy your calendar server is still to put in your
    /// calendar, as an answer to it is held (``Responder/serverCopy(of:now:)``): mailing both
    /// messages now would have the server, once its copy comes at NEEDS-ACTION, leave the
    /// invitation pending again with the delegation lost, or tell the organizer a second time
    /// when delegated again. So the delegation is recorded and held, nothing queued: a look that
    /// finds the copy makes it there in place and the server sends both messages; past
    /// `server_wait` invites queues both itself (``Responder/settle(_:now:)``). The decline
    /// beside it is recorded at once, as for any delegation.
    func delegateHeld(_ stored: StoredInvite, forward: Forward, keys: [String], until: Date, now: Date) throws
        -> Made
    {
        let declined = try answering.answer(
            AnswerController.Request(
                stored, action: .declined, occurrences: .keys(keys), comment: nil, addToCalendar: true,
                toOrganizer: false, send: nil, now: now))
        var entry = forward.entry(for: stored, now: now)
        entry.delivery = .held
        let recorded = try answering.store.record(
            apart: entry, for: declined.stored, drafts: [],
            delegating: declined.outcome.entries.compactMap(\.id), now: now)
        return Made(stored: declined.stored, forward: forward, entry: recorded, declined: declined, heldUntil: until)
    }
}
