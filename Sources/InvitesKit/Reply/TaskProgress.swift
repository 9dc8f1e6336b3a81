import Foundation
import InvitesModel

/// Which components of a task stand reported under way or done, and how far: a report
/// (`invites progress`, `invites done`) is an answer of its own, and every later reply says it
/// again for that component (PARTSTAT=IN-PROCESS with PERCENT-COMPLETE, or COMPLETED with 100,
/// RFC 5546 §3.4.3) until another answer to the same component takes its place. The inbox holds
/// the task accepted all the while.
package enum TaskProgress {
    /// The report each reported component (`nil` is the series) stands at, from the history
    /// newest first.
    package static func standing(in history: [HistoryEntry]) -> [String?: TaskReport] {
        var seen: Set<String?> = []
        var reports: [String?: TaskReport] = [:]
        for entry in history where AnswerAction.answers.contains(entry.action) {
            guard seen.insert(entry.recurrenceID).inserted else { continue }
            switch entry.action {
            case .completed, .inProcess:
                reports[entry.recurrenceID] = TaskReport(
                    action: entry.action, percent: entry.percent ?? 0, at: entry.at)
            default: break
            }
        }
        return reports
    }

    /// The report a component follows: its own where you answered it apart (the series, or an
    /// occurrence with an answer of its own), else the series'.
    package static func report(
        for key: String?, in stored: StoredInvite, standing: [String?: TaskReport]
    ) -> TaskReport? {
        if key == stored.invite.recurrenceID || key.flatMap({ stored.instance($0)?.answer }) != nil {
            return standing[key]
        }
        return standing[stored.invite.recurrenceID]
    }
}
