import Foundation
import Testing

@testable import InvitesKit
@testable import InvitesModel

/// The rule that decides what a new reply does to an entry waiting for an older message.
@Suite struct ReplyCarriageTests {
    typealias Entry = ReplyCarriage.Entry

    static let series = Entry(id: 10, recurrenceID: nil, hasComment: true)
    static let occurrence = Entry(id: 11, recurrenceID: "2024-06-17T10:00:00Z", hasComment: false)
    static let newSeries = Entry(id: 20, recurrenceID: nil, hasComment: false)
    static let newOther = Entry(id: 21, recurrenceID: "2024-06-24T10:00:00Z", hasComment: false)
    static let newSame = Entry(id: 22, recurrenceID: "2024-06-17T10:00:00Z", hasComment: false)

    static let cases: [(ReplyCarriage, Entry, [Entry], ReplyCarriage.Fate)] = [
        // Reported, with the comment that goes: carried whole.
        (ReplyCarriage(answers: [10], comment: 10), series, [newOther], .carried),
        // Reported, another comment goes: its answer is carried, its comment left out.
        (ReplyCarriage(answers: [10, 21], comment: 21), series, [newOther], .carriedWithoutComment(by: 21)),
        // Reported, no comment at all, and it had none: carried.
        (ReplyCarriage(answers: [11, 21]), occurrence, [newOther], .carried),
        // Not reported: superseded by the new entry for the same component when there is one.
        (ReplyCarriage(answers: [20]), series, [newSeries], .superseded(by: 20)),
        (ReplyCarriage(answers: [21, 22]), occurrence, [newOther, newSame], .superseded(by: 22)),
        // Else by the first new entry.
        (ReplyCarriage(answers: [20]), occurrence, [newSeries], .superseded(by: 20)),
        // A comment alone whose comment goes is carried; one whose comment does not is superseded.
        (ReplyCarriage(answers: [], comment: 10), series, [newOther], .carried),
        (
            ReplyCarriage(answers: [21], comment: 21), Entry(id: 12, recurrenceID: nil, hasComment: true), [newOther],
            .superseded(by: 21)
        ),
        // Nothing made it (no new entries): nothing changes.
        (ReplyCarriage(), series, [], .carried),
    ]

    @Test(arguments: cases)
    func fate(_ carriage: ReplyCarriage, _ waiting: Entry, _ made: [Entry], _ expected: ReplyCarriage.Fate) {
        #expect(carriage.fate(of: waiting, madeBy: made) == expected)
    }

    /// The carriage of a reply: for each component reported at an answer, the newest entry that
    /// gave that answer to it or to the series; the comment's entry as the reply chose it.
    @Test("The carriage of a reply names the newest answer of each component")
    func ofAReplyNamesTheNewestAnswerOfEachComponent() {
        func entry(_ id: Int64, _ key: String?, _ action: AnswerAction) -> HistoryEntry {
            HistoryEntry(
                handle: "h", uid: "u", recurrenceID: key, title: "t", start: Date(), end: Date(), sequence: 0,
                action: action, at: Date(), delivery: .queued, id: id)
        }
        let second = "2024-06-17T10:00:00Z"
        // Newest first: a comment, the second occurrence declined, the series accepted after an
        // earlier decline.
        let history = [
            entry(5, nil, .commented), entry(4, second, .declined), entry(3, nil, .accepted),
            entry(2, second, .tentative), entry(1, nil, .declined),
        ]
        let carriage = ReplyCarriage.of(
            reported: [(nil, .accepted), (second, .declined)], history: history, seriesKey: nil,
            comment: history[0])
        #expect(carriage == ReplyCarriage(answers: [3, 4], comment: 5))
        // A component reported at an answer no entry gave it (an update changed it) carries none.
        let moved = ReplyCarriage.of(
            reported: [(nil, .tentative)], history: history, seriesKey: nil, comment: nil)
        #expect(moved.answers.isEmpty)
    }
}
