import Foundation
import InvitesModel

/// Which components stand delegated, and to whom: a delegation records a decline beside it
/// (you do not go), and that decline carries the delegate (``HistoryEntry/delegatedTo``). A
/// component whose latest answer is such a decline is reported `PARTSTAT=DELEGATED;DELEGATED-TO`
/// in every later reply, as RFC 5546 §4.2.5 has the delegator answer: an organizer told DECLINED
/// would drop the delegate's seat. A later answer to the same component ends the delegation.
package enum Delegation {
    /// The delegate of each delegated component (`nil` is the series), from the history newest
    /// first.
    package static func standing(in history: [HistoryEntry]) -> [String?: String] {
        var seen: Set<String?> = []
        var delegates: [String?: String] = [:]
        for entry in history where AnswerAction.answers.contains(entry.action) {
            guard seen.insert(entry.recurrenceID).inserted else { continue }
            if entry.action == .declined, let delegate = entry.delegatedTo, !delegate.isEmpty {
                delegates[entry.recurrenceID] = delegate
            }
        }
        return delegates
    }
}
