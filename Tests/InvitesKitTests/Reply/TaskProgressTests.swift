import Foundation
import InvitesModel
import Testing

@testable import InvitesKit

/// Which report a task's components stand at: the latest answer of each component decides, a
/// later accept ends a report, an occurrence follows the series unless answered apart.
@Suite struct TaskProgressTests {
    static let stored = StoredInvite(
        handle: "t", invite: Invite(uid: "u", title: "T", start: Date(), end: Date(), source: .itip, raw: Data()),
        status: .accepted, receivedAt: Date(), updatedAt: Date(),
        instances: [StoredInstance(recurrenceID: "2024-06-03", organizer: nil, message: nil, answer: .accepted)])

    func entry(_ action: AnswerAction, _ key: String? = nil, percent: Int? = nil, at: Int) -> HistoryEntry {
        HistoryEntry(
            handle: "t", uid: "u", recurrenceID: key, title: "T", start: Date(), end: Date(), sequence: 0,
            action: action, at: Date(timeIntervalSince1970: Double(at)), delivery: .queued, percent: percent)
    }

    @Test("The latest answer of a component decides its report")
    func theLatestAnswerDecides() {
        let history = [
            entry(.completed, at: 3), entry(.inProcess, percent: 40, at: 2),
            entry(.inProcess, "2024-06-03", percent: 10, at: 1),
        ]
        let standing = TaskProgress.standing(in: history)
        #expect(standing[nil] == TaskReport(action: .completed, percent: 100, at: Date(timeIntervalSince1970: 3)))
        #expect(standing["2024-06-03"]?.percent == 10)
        #expect(TaskProgress.standing(in: [entry(.accepted, at: 2), entry(.inProcess, percent: 40, at: 1)]).isEmpty)
        // Comments and proposals are no answers: they leave the report standing.
        #expect(
            TaskProgress.standing(in: [entry(.commented, at: 2), entry(.inProcess, percent: 5, at: 1)])[nil]?.percent
                == 5)
    }

    @Test("An occurrence follows the series unless answered apart")
    func anOccurrenceFollowsTheSeries() {
        let standing: [String?: TaskReport] = [nil: TaskReport(action: .inProcess, percent: 30, at: Date())]
        #expect(TaskProgress.report(for: "2024-06-10", in: Self.stored, standing: standing)?.percent == 30)
        // Answered apart (accepted), with no report of its own: none.
        #expect(TaskProgress.report(for: "2024-06-03", in: Self.stored, standing: standing) == nil)
        #expect(TaskProgress.report(for: nil, in: Self.stored, standing: standing)?.percent == 30)
    }

    @Test("A report's percent is held to 0-100, and done is 100")
    func percentIsBounded() {
        #expect(TaskReport(action: .inProcess, percent: 500, at: Date()).percent == 100)
        #expect(TaskReport(action: .inProcess, percent: -5, at: Date()).percent == 0)
        #expect(TaskReport(action: .completed, percent: 3, at: Date()).percent == 100)
    }
}
