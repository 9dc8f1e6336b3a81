import Foundation
import InvitesFormats
import InvitesModel

extension Responder {
    /// An answer about to be recorded, whose report (if it is one) the calendar copy written
    /// before it carries already.
    struct Pending {
        var action: AnswerAction
        var occurrences: [String]
        var percent: Int?
    }

    /// What each component of a task's calendar copy says of your progress (`nil` is the
    /// series; an occurrence follows the series unless you answered it apart): the reports the
    /// history holds, with `pending` in. Empty for a meeting, and for a task never reported on.
    func taskReports(of stored: StoredInvite, adding pending: Pending?, now: Date) throws -> [String?: TaskReport] {
        guard stored.invite.properties?.isTask == true else { return [:] }
        var standing = TaskProgress.standing(
            in: try store.history(actions: AnswerAction.answers, limit: nil, handle: stored.handle))
        if let pending, AnswerAction.answers.contains(pending.action) {
            let series = stored.invite.recurrenceID
            // An answer to the series stands for every occurrence: their own reports go.
            if pending.occurrences.isEmpty { standing = standing.filter { $0.key == series } }
            for key in pending.occurrences.isEmpty ? [series] : pending.occurrences.map(Optional.some) {
                standing[key] =
                    AnswerAction.taskReports.contains(pending.action)
                    ? TaskReport(action: pending.action, percent: pending.percent ?? 0, at: now) : nil
            }
        }
        var reports: [String?: TaskReport] = [:]
        for key in [stored.invite.recurrenceID] + stored.instances.map({ Optional($0.recurrenceID) }) {
            reports[key] = TaskProgress.report(for: key, in: stored, standing: standing)
        }
        return reports
    }
}
