import Foundation
import InvitesModel

extension InboxStore {
    /// Records your delegate's answer (``DelegateReply``) on the invitation you delegated: an
    /// entry with their answer as its action, them in ``HistoryEntry/delegatedTo`` and their
    /// comment, at the time of the component answered, changing nothing else. `nil` when this
    /// answer was recorded before (same component, delegate, answer, DTSTAMP and comment):
    /// ingesting is idempotent.
    package func recordDelegateAnswer(_ entry: HistoryEntry, for stored: StoredInvite) throws(StoreError)
        -> HistoryEntry?
    {
        try database.transaction { () throws(StoreError) -> HistoryEntry? in
            guard let id = try rowID(of: stored) else { return nil }
            let earlier = try history(actions: AnswerAction.delegateAnswers, handle: stored.handle)
            let same = earlier.contains {
                $0.action == entry.action && $0.recurrenceID == entry.recurrenceID && $0.dtstamp == entry.dtstamp
                    && $0.comment == entry.comment && $0.delegatedTo == entry.delegatedTo
            }
            guard !same else { return nil }
            var recorded = entry
            recorded.id = try insert(entry, inviteID: id)
            return recorded
        }
    }
}
