import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit
@testable import InvitesModel

/// `review`'s queue against a real store and a real calendar file: the order, an invitation
/// named first, what is left pending, a stale invitation, and answers and proposals through
/// the controllers.
@Suite struct ReviewQueueTests {
    let home: AnsweringHome
    var now: Date { home.now }

    init() throws {
        home = try AnsweringHome()
    }

    /// Three invitations, ingested a minute apart, the last the most recently changed.
    func ingest() throws -> [StoredInvite] {
        try ["one", "two", "three"].enumerated().map { offset, name in
            try home.ingest(AnsweringHome.invitation(uid: "\(name)@example.org"), after: TimeInterval(offset * 60))
        }
    }

    func answering() -> AnswerController { home.answering() }

    func queue(first: StoredInvite? = nil) throws -> ReviewQueue {
        let answering = answering()
        let pending = try ReviewQueue.pending(ListController(store: home.store, display: .utc, now: now))
        return ReviewQueue(
            store: home.store, dispatcher: answering.dispatcher, answering: { answering },
            proposing: {
                ProposeController(
                    store: home.store, cache: nil,
                    settings: ProposeController.Settings(
                        calendars: [], display: .utc, me: home.me, name: nil, working: .standard),
                    clock: { Date.utc("2024-06-01T12:00:00Z") })
            }, delegating: { DelegateController(answering: answering) },
            exchanging: {
                ExchangeController(
                    store: home.store, me: home.me, name: nil, display: .utc,
                    clock: { Date.utc("2024-06-01T12:00:00Z") })
            }, invites: pending, first: first)
    }

    @Test("The most recently changed come first, and answers are counted")
    func theMostRecentlyChangedComeFirstAndAnswersCount() throws {
        let ingested = try ingest()
        var queue = try queue()
        #expect(queue.invites.map(\.handle) == ingested.reversed().map(\.handle))
        #expect(!queue.startsOutside && queue.currentIsQueued)
        let report = try queue.answer(.accepted, comment: nil, occurrence: nil)
        #expect(report.stored.handle == ingested[2].handle)
        guard case .queued? = report.sending else {
            Issue.record("the reply is not waiting: \(String(describing: report.sending))")
            return
        }
        let more = queue.advance()
        #expect(more)
        _ = try queue.answer(.commented, comment: "Late by ten minutes", occurrence: nil)
        let third = queue.skip()
        #expect(third)
        #expect(queue.answered == 1 && queue.commented == 1 && queue.skipped == 1)
        #expect(queue.left == 2)
        let over = !queue.advance()
        #expect(over && queue.current == nil)
        #expect(queue.left == 1)
    }

    @Test("An invitation named first is reviewed, and not counted when answered already")
    func anInvitationNamedFirstIsReviewedAndNotCountedWhenAnsweredAlready() throws {
        let ingested = try ingest()
        _ = try answering().answer(AnswerController.Request(ingested[0], action: .declined, now: now))
        let declined = try home.store.resolve(ingested[0].handle)
        var queue = try queue(first: declined)
        #expect(queue.invites.map(\.handle) == [ingested[0], ingested[2], ingested[1]].map(\.handle))
        #expect(queue.startsOutside && !queue.currentIsQueued)
        #expect(queue.left == 2)
        let second = queue.skip()
        #expect(second)
        #expect(queue.skipped == 0 && queue.currentIsQueued && queue.left == 2)

        let pending = try self.queue(first: ingested[1])
        #expect(pending.invites.map(\.handle) == [ingested[1], ingested[2]].map(\.handle))
        #expect(!pending.startsOutside && pending.left == 2)
    }

    @Test func aChangeMeanwhileIsSeenAndKept() throws {
        _ = try ingest()
        var queue = try queue()
        let unchanged = try queue.refresh()
        #expect(unchanged == nil)
        let current = try #require(queue.current)
        _ = try answering().answer(AnswerController.Request(current, action: .tentative, now: now))
        let answered = try queue.refresh()
        #expect(answered == .state(.tentative))
        #expect(queue.current?.status == .tentative)
        let again = try queue.refresh()
        #expect(again == nil)
    }

    @Test func aProposalIsQueuedAndAPastOneRefused() throws {
        _ = try ingest()
        let queue = try queue()
        let proposed = try queue.propose(at: "2024-06-10 15:00", comment: nil, occurrence: nil)
        #expect(proposed.made.proposal.start == Date.utc("2024-06-10T15:00:00Z"))
        guard case .queued = proposed.sending else {
            Issue.record("the proposal is not waiting: \(proposed.sending)")
            return
        }
        #expect(throws: ProposedTimeError.past("2024-05-01 15:00", now: now)) {
            try queue.propose(at: "2024-05-01 15:00", comment: nil, occurrence: nil)
        }
        #expect(throws: ProposedTimeError.unreadable("soon")) {
            try queue.propose(at: "soon", comment: nil, occurrence: nil)
        }
    }
}
