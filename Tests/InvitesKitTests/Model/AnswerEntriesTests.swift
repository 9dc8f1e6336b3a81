import Foundation
import InvitesModel
import InvitesTestSupport
import Testing

@testable import InvitesKit

/// The history entries an answer makes: one for the series, or one per occurrence as the
/// organizer last sent it.
@Suite struct AnswerEntriesTests {
    static let moved = "2026-12-14T09:00:00Z"
    static let plain = "2026-12-21T09:00:00Z"

    static let stored = StoredInvite(
        handle: "abcd",
        invite: Invite(
            uid: "weekly@example.org", title: "Weekly", start: .utc("2026-12-07T09:00:00Z"),
            end: .utc("2026-12-07T09:30:00Z"), sequence: 2, source: .itip, raw: Data()),
        status: .pending, receivedAt: Date(), updatedAt: Date(),
        instances: [
            StoredInstance(
                recurrenceID: moved,
                organizer: Invite.Instance(
                    recurrenceID: moved, title: "Weekly, moved", start: .utc("2026-12-15T10:00:00Z"),
                    end: .utc("2026-12-15T11:00:00Z"), sequence: 3),
                message: nil, answer: nil)
        ])

    static let cases: [([String], [String?], [String], [Date], [Int])] = [
        // The series: one entry, at the series' times.
        ([], [nil], ["Weekly"], [.utc("2026-12-07T09:00:00Z")], [2]),
        // An occurrence the organizer moved: as it was sent; one never singled out: at its key.
        (
            [moved, plain], [moved, plain], ["Weekly, moved", "Weekly"],
            [.utc("2026-12-15T10:00:00Z"), .utc("2026-12-21T09:00:00Z")], [3, 2]
        ),
    ]

    @Test("An answer makes one entry per component it answers", arguments: cases)
    func entries(occurrences: [String], keys: [String?], titles: [String], starts: [Date], sequences: [Int]) {
        let entries = HistoryEntry.answering(
            AnswerEntriesTests.stored, action: .accepted, occurrences: occurrences, comment: "ok", delivery: .pending,
            now: .utc("2026-12-01T00:00:00Z"))
        #expect(entries.map(\.recurrenceID) == keys)
        #expect(entries.map(\.title) == titles)
        #expect(entries.map(\.start) == starts)
        #expect(entries.map(\.sequence) == sequences)
        #expect(entries.map { $0.end.timeIntervalSince($0.start) } == (occurrences.isEmpty ? [1_800] : [3_600, 1_800]))
        #expect(entries.allSatisfy { $0.comment == "ok" && $0.action == .accepted && $0.handle == "abcd" })
    }
}
