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

    static func answer(
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

    var stored: StoredInvite {
        let invite = Invite(
            uid: "u", title: "T", start: now, end: now, organizer: Invite.Person(name: nil, email: "a@example.com"),
            attendees: [], method: .request, source: .email, raw: Data())
        return StoredInvite(handle: "h", invite: invite, status: .declined, receivedAt: now, updatedAt: now)
    }

    /// One REPLY each, and what the rules make of it.
    static let cases: [(String, DelegateAnswer, String?, Result<AnswerAction, DelegateReply.Refusal>)] = [
        ("the delegate, by mail", answer(), "e@example.com", .success(.delegateAccepted)),
        ("the delegate, a bare file", answer(partstat: "tentative"), nil, .success(.delegateTentative)),
        (
            "an occurrence of a delegated series", answer(partstat: "DECLINED", key: "2026-12-14T09:00:00Z"),
            "E@Example.com", .success(.delegateDeclined)
        ),
        (
            "another attendee", answer("mailto:f@example.com"), "f@example.com",
            .failure(.notYourDelegate(attendee: "f@example.com", delegate: "e@example.com"))
        ),
        (
            "somebody else's delegation", answer(from: ["mailto:b@example.com"]), "e@example.com",
            .failure(.notDelegatedByYou(attendee: "e@example.com"))
        ),
        (
            "sent by a stranger", answer(), "mallory@example.com",
            .failure(.notTheSender(sender: "mallory@example.com", attendee: "e@example.com"))
        ),
        (
            "no answer", answer(partstat: "NEEDS-ACTION"), "e@example.com",
            .failure(.noAnswer(attendee: "e@example.com", partstat: "NEEDS-ACTION"))
        ),
    ]

    @Test(arguments: cases)
    func judge(
        _ rule: String, _ answer: DelegateAnswer, _ sender: String?,
        _ expected: Result<AnswerAction, DelegateReply.Refusal>
    ) {
        let judged = DelegateReply.judge(answer, sender: sender, stored: stored, history: delegatedHistory, me: me)
        #expect(judged == expected, "\(rule)")
    }

    @Test func aUIDNotInTheInboxOrNotDelegated() {
        #expect(
            DelegateReply.judge(Self.answer(), sender: nil, stored: nil, history: [], me: me)
                == .failure(.notInInbox(uid: "u")))
        #expect(
            DelegateReply.judge(Self.answer(), sender: nil, stored: stored, history: [], me: me)
                == .failure(.notYourDelegate(attendee: "e@example.com", delegate: nil)))
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
        let mine = Self.answer()
        let other = Self.answer("mailto:x@example.com", from: [])
        #expect(DelegateReply.candidates([other, mine], me: me) == [mine])
        #expect(DelegateReply.candidates([other], me: me) == [other])
    }

    @Test func partstatsThatSayNothingOfGoing() {
        #expect(AnswerAction.delegate(partstat: "accepted") == .delegateAccepted)
        #expect(AnswerAction.delegate(partstat: "NEEDS-ACTION") == nil)
        #expect(AnswerAction.delegate(partstat: "DELEGATED") == nil)
    }
}
