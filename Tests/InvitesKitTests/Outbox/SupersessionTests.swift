import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit
@testable import InvitesModel

/// What a newer reply does to the entries waiting for an older one: it carries those it still
/// reports and leaves the others superseded, so that the history never says sent for an answer
/// or a comment that did not go (issue 35, part 4).
@Suite struct SupersessionTests {
    let folder: String
    let store: InboxStore
    let now = Date.utc("2024-06-01T12:00:00Z")

    init() throws {
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("invites-supersession-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        store = try InboxStore(home: folder + "/home")
    }

    /// A weekly series of four, Mondays 10:00 UTC from 10 June 2024.
    static func series(method: String = "REQUEST", sequence: Int = 0) -> String {
        [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "METHOD:\(method)", "BEGIN:VEVENT",
            "UID:standup@example.org", "SEQUENCE:\(sequence)", "DTSTAMP:20240601T080000Z",
            "DTSTART:20240610T100000Z", "DTEND:20240610T103000Z", "RRULE:FREQ=WEEKLY;COUNT=4", "SUMMARY:Standup",
            "ORGANIZER;CN=Ann:mailto:ann@example.org",
            "ATTENDEE;CN=Bob;RSVP=TRUE;PARTSTAT=NEEDS-ACTION:mailto:bob@example.org", "END:VEVENT", "END:VCALENDAR",
            "",
        ].joined(separator: "\r\n")
    }

    static let second = "2024-06-17T10:00:00Z"
    static let third = "2024-06-24T10:00:00Z"

    @discardableResult
    func ingest(_ text: String = series()) throws -> StoredInvite {
        let invites = try InviteReader(display: .utc).read(Data(text.utf8), file: "invite.ics")
        return try #require(try InvitationFiler(store: store).file(invites, now: now).first).stored
    }

    /// Answers as Bob (or with no address of yours, when `me` is empty) `minutes` after `now`.
    @discardableResult
    func answer(
        _ action: AnswerAction, _ occurrences: [String] = [], comment: String? = nil, minutes: Double,
        me: [String] = ["bob@example.org"]
    ) throws -> Responder.Outcome {
        let stored = try store.resolve("standup")
        let responder = Responder(
            store: store, calendar: .defaultCalendar(folder + "/calendar.ics"), me: MyAddresses(me), display: .utc,
            lockFolder: folder + "/home/locks")
        return try responder.answer(
            stored, action: action, occurrences: occurrences, comment: comment, addToCalendar: false,
            now: at(minutes))
    }

    func at(_ minutes: Double) -> Date { now.addingTimeInterval(minutes * 60) }

    /// The history oldest first, as (action, delivery, superseded by, comment left out by).
    func history() throws -> [(AnswerAction, Delivery, HistoryEntry.Successor?, HistoryEntry.Successor?)] {
        try store.history().reversed().map { ($0.action, $0.delivery, $0.supersededBy, $0.commentLeftOutBy) }
    }

    /// The one message waiting, decoded as the organizer reads its calendar part.
    func waitingBody() throws -> String {
        let waiting = try store.outbox(states: [.queued])
        try #require(waiting.count == 1)
        return String(decoding: waiting[0].body, as: UTF8.self)
            .replacingOccurrences(of: "=\r\n", with: "").replacingOccurrences(of: "=\n", with: "")
            .replacingOccurrences(of: "=3D", with: "=")
    }

    @Test("An answer replaced by another is superseded with its comment")
    func anAnswerReplacedByAnotherIsSupersededWithItsComment() throws {
        try ingest()
        try answer(.declined, comment: "cannot", minutes: 0)
        try answer(.accepted, minutes: 2)
        let body = try waitingBody()
        #expect(body.contains("Subject: Accepted: Standup"))
        #expect(!body.contains("cannot"), "the decline's comment does not ride under an Accepted")
        let rows = try history()
        #expect(rows.map(\.0) == [.declined, .accepted])
        #expect(rows.map(\.1) == [.superseded, .queued])
        #expect(rows[0].2 == .init(action: .accepted, at: at(2), recurrenceID: nil))
        #expect(rows.allSatisfy { $0.3 == nil })
    }

    /// A comment alone, then an answer: the answer's reply carries comments made with it or
    /// since, not this one, which is superseded.
    @Test func aCommentAloneThenAnAnswerIsSuperseded() throws {
        try ingest()
        try answer(.commented, comment: "running late", minutes: 0)
        try answer(.tentative, minutes: 1)
        #expect(!(try waitingBody()).contains("running late"))
        let rows = try history()
        #expect(rows.map(\.1) == [.superseded, .queued])
        #expect(rows[0].2?.action == .tentative)
    }

    /// An answer with a comment, then a comment alone: the reply carries the answer with the
    /// newer comment; the older one is left out, and the entry says so.
    @Test func aNewerCommentLeavesTheAnswersCommentOut() throws {
        try ingest()
        try answer(.accepted, comment: "see you", minutes: 0)
        try answer(.commented, comment: "bringing slides", minutes: 3)
        let body = try waitingBody()
        #expect(body.contains("PARTSTAT=ACCEPTED") && body.contains("bringing slides") && !body.contains("see you"))
        let rows = try history()
        #expect(rows.map(\.1) == [.queued, .queued])
        #expect(rows[0].3 == .init(action: .commented, at: at(3), recurrenceID: nil))
        #expect(rows[0].2 == nil && rows[1].3 == nil)
    }

    /// The series answered, then occurrences: the reply still reports the series' answer, which
    /// it carries, but not the series' comment; an occurrence answered twice keeps the later.
    @Test("Occurrence answers carry the series but not its comment")
    func occurrenceAnswersCarryTheSeriesButNotItsComment() throws {
        try ingest()
        try answer(.accepted, comment: "Fine", minutes: 0)
        try answer(.declined, [Self.second], minutes: 1)
        try answer(.tentative, [Self.second], minutes: 2)
        try answer(.declined, [Self.third], minutes: 3)
        let body = try waitingBody()
        #expect(body.contains("PARTSTAT=ACCEPTED") && body.contains("PARTSTAT=TENTATIVE"))
        #expect(!body.contains("Fine"))
        let rows = try history()
        #expect(rows.map(\.1) == [.queued, .superseded, .queued, .queued])
        #expect(rows[0].3 == .init(action: .declined, at: at(1), recurrenceID: Self.second))
        #expect(rows[1].2 == .init(action: .tentative, at: at(2), recurrenceID: Self.second))
        // The series answered again replaces every occurrence's answer, and they say so.
        try answer(.declined, minutes: 4)
        let after = try history()
        #expect(after.map(\.1) == [.superseded, .superseded, .superseded, .superseded, .queued])
        #expect(after[0].2 == .init(action: .declined, at: at(4), recurrenceID: nil))
        #expect(after[3].2?.at == at(4))
    }

    /// Several occurrences answered at once with one comment are one answer: the comment goes
    /// once, and neither entry says it was left out.
    @Test("One answer for several occurrences is carried whole")
    func oneAnswerForSeveralOccurrencesIsCarriedWhole() throws {
        try ingest()
        try answer(.declined, [Self.second, Self.third], comment: "away", minutes: 0)
        try answer(.accepted, minutes: 1)
        #expect(try history().map(\.1) == [.superseded, .superseded, .queued])
        try answer(.declined, [Self.second, Self.third], comment: "away", minutes: 2)
        let rows = try history()
        #expect(rows.suffix(3).map(\.1) == [.queued, .queued, .queued])
        #expect(rows.allSatisfy { $0.3 == nil })
    }

    /// An answer owed but never queued (no address of yours) is superseded by a later answer
    /// that queued one, and is withdrawn, not left owed, when the organizer cancels.
    @Test("Answers owed but never queued are superseded or withdrawn")
    func answersOwedButNeverQueuedAreSupersededOrWithdrawn() throws {
        try ingest()
        #expect(try answer(.declined, minutes: 0, me: []).notQueued != nil)
        try answer(.tentative, minutes: 1)
        #expect(try history().map(\.1) == [.superseded, .queued])
        #expect(try history()[0].2?.action == .tentative)
        #expect(try answer(.accepted, minutes: 2, me: []).notQueued != nil)
        try ingest(Self.series(method: "CANCEL", sequence: 1))
        let rows = try history()
        #expect(rows.map(\.1) == [.superseded, .withdrawn, .withdrawn])
    }

    /// A mail half handed over when its send was killed may have gone: superseded afterwards, its
    /// entry still says interrupted, and names what took its place.
    @Test("An interrupted message that is superseded still may have gone")
    func anInterruptedMessageSupersededStillMayHaveGone() throws {
        try ingest()
        try answer(.declined, minutes: 0)
        let message = try #require(try store.outbox().first)
        #expect(try store.claim(message, from: [.queued], by: 999_999, now: now))
        _ = try store.recoverAbandoned(isRunning: { _ in false }, requeue: [], now: now)
        try answer(.accepted, minutes: 1)
        let rows = try history()
        #expect(rows.map(\.1) == [.interrupted, .queued])
        #expect(rows[0].2?.action == .accepted)
        #expect(try store.outbox(states: [.interrupted]).isEmpty, "send --again does not take it")
    }

    /// A message already handed over is never superseded: a later answer queues another, and the
    /// sent entry stays sent.
    @Test func aSentAnswerStaysSent() throws {
        try ingest()
        try answer(.declined, comment: "cannot", minutes: 0)
        let message = try #require(try store.outbox().first)
        #expect(try store.claim(message, from: [.queued], by: 1, now: now))
        try store.finish(message, .sent, tries: 1, by: 1, now: now)
        try answer(.accepted, minutes: 1)
        let rows = try history()
        #expect(rows.map(\.1) == [.sent, .queued])
        #expect(rows.allSatisfy { $0.2 == nil && $0.3 == nil })
    }
}
