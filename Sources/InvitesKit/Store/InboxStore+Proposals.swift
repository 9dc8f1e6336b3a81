import Foundation
import InvitesModel

/// Proposals of a new time, and the organizer's refusals of them, in the history.
extension InboxStore {
    /// Records the entry of a message that goes apart from the reply (``AnswerAction/apart``: a
    /// proposal, at the time proposed, or a REFRESH) and queues that message (its COUNTER or
    /// REFRESH) in one transaction: the history holds the entry with its message, or neither.
    @discardableResult
    package func record(apart entry: HistoryEntry, for stored: StoredInvite, draft: OutboxDraft, now: Date)
        throws(StoreError) -> HistoryEntry
    {
        try record(apart: entry, for: stored, drafts: [draft], now: now)
    }

    /// The same for an entry that sends several messages (a forward: the invitation to the one
    /// added, and the word to the organizer): all queued with it, the entry at the last. The
    /// entries `delegating` (the declines a delegation recorded) get the entry's
    /// ``HistoryEntry/delegatedTo`` in the same transaction. With no drafts the entry keeps its
    /// delivery.
    @discardableResult
    package func record(
        apart entry: HistoryEntry, for stored: StoredInvite, drafts: [OutboxDraft], delegating: [Int64] = [],
        now: Date
    ) throws(StoreError) -> HistoryEntry {
        try database.transaction { () throws(StoreError) -> HistoryEntry in
            guard let id = try rowID(of: stored) else {
                throw .notInInbox(path: database.path, handle: stored.handle)
            }
            var entry = entry
            let row = try insert(entry, inviteID: id)
            for declined in delegating {
                try database.prepare("UPDATE history SET delegated_to = ? WHERE id = ? AND invite_id = ?")
                    .bind([.optional(entry.delegatedTo), .int(declined), .int(id)]).run()
            }
            for draft in drafts { entry.outboxID = try queue(draft, inviteID: id, entries: [row], now: now) }
            // With no message (a delegation your calendar server sends), the entry says who does.
            if !drafts.isEmpty { entry.delivery = .queued }
            return entry
        }
    }

    /// Records the organizer's DECLINECOUNTER on the invitation it answers: an entry with their
    /// comment, at the time of the proposal it declines. `nil` when this message was recorded
    /// before (same DTSTAMP, component and comment): ingesting is idempotent.
    package func recordDeclinedProposal(
        _ declined: DeclinedProposal, for stored: StoredInvite, now: Date
    ) throws(StoreError) -> HistoryEntry? {
        try database.transaction { () throws(StoreError) -> HistoryEntry? in
            guard let id = try rowID(of: stored) else { return nil }
            let earlier = try history(actions: [.proposed, .proposalDeclined], handle: stored.handle)
            let same = earlier.contains {
                $0.action == .proposalDeclined && $0.recurrenceID == declined.recurrenceID
                    && $0.dtstamp == declined.dtstamp && $0.comment == declined.comment
            }
            guard !same else { return nil }
            let proposal = earlier.first { $0.action == .proposed && $0.recurrenceID == declined.recurrenceID }
            let entry = HistoryEntry(
                handle: stored.handle, uid: stored.invite.uid, recurrenceID: declined.recurrenceID,
                senderID: stored.invite.senderID, title: proposal?.title ?? stored.invite.title,
                start: proposal?.start ?? stored.invite.start, end: proposal?.end ?? stored.invite.end,
                sequence: declined.sequence ?? stored.invite.sequence, dtstamp: declined.dtstamp,
                action: .proposalDeclined, comment: declined.comment, at: now, delivery: .none)
            _ = try insert(entry, inviteID: id)
            return entry
        }
    }
}
