import Foundation
import Testing

@testable import InvitesKit
@testable import InvitesModel

/// The rules that tell your delegate's REPLY from any other (``DelegateReply``), and what the
/// news of a delegation is.
@Suite struct DelegateReplyRuleTests {
    let me = MyAddresses(["c@example.com"])
    let now = Date(timeIntervalSince1970: 1_000_000)

    func entry(_ action: AnswerAction, key: String? = nil, to delegate: String? = nil, at offset: Double)
        -> HistoryEntry
    {
        HistoryEntry(
            handle: "h", uid: "u", recurrenceID: key, title: "T", start: now, end: now, sequence: 0, dtstamp: nil,
            action: action, comment: nil, at: now.addingTimeInterval(offset), delivery: .none, delegatedTo: delegate)
    }

    func answer(
        _ attendee: String = "mailto:e@example.com", partstat: String = "ACCEPTED",
        from: [String] = ["mailto:c@example.com"], key: String? = nil
    ) -> DelegateAnswer {
        DelegateAnswer(
            uid: "u", recurrenceID: key, attendee: attendee, partstat: partstat, delegatedFrom: from, comment: nil,
            sequence: 0, dtstamp: nil)
    }

    var delegatedHistory: [HistoryEntry] {
        [entry(.delegated, to: "e@example.com", at: 1), entry(.declined, to: "e@example.com", at: 1)]
    }

    @Test func news() {
        let history = [entry(.delegateAccepted, to: "e@example.com", at: 2)] + delegatedHistory
        #expect(DelegateReply.news(in: history) == [nil: "accepted"])
        // An answer from before the delegation is no news of it.
        #expect(
            DelegateReply.news(in: delegatedHistory + [entry(.delegateDeclined, to: "e@example.com", at: 0)]).isEmpty)
        // Another delegate's answer is not this one's.
        #expect(
            DelegateReply.news(in: [entry(.delegateAccepted, to: "f@example.com", at: 2)] + delegatedHistory).isEmpty)
        // An occurrence delegated hears the delegate's answer for it, or for the series.
        let occurrence = [
            entry(.delegateTentative, to: "e@example.com", at: 2),
            entry(.declined, key: "k", to: "e@example.com", at: 1),
        ]
        #expect(DelegateReply.news(in: occurrence) == ["k": "tentative"])
    }

    @Test func candidatesAreTheAnswersNamingYou() {
        let mine = answer()
        let other = answer("mailto:x@example.com", from: [])
        #expect(DelegateReply.candidates([other, mine], me: me) == [mine])
        #expect(DelegateReply.candidates([other], me: me) == [other])
    }

    @Test func partstatsThatSayNothingOfGoing() {
        #expect(AnswerAction.delegate(partstat: "accepted") == .delegateAccepted)
        #expect(AnswerAction.delegate(partstat: "NEEDS-ACTION") == nil)
        #expect(AnswerAction.delegate(partstat: "DELEGATED") == nil)
    }
}
