import Foundation
import InvitesFormats
import Testing

@testable import InvitesKit
@testable import InvitesModel

/// The facts kept for the pending test: an invitation over in every zone is left out of
/// `status` and `list` by SQL, whatever the inbox holds, and nothing that can still be
/// attended is ever left out.
@Suite struct InvitationFactsTests {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18T09:46:40Z

    static func ics(_ uid: String, start: String, end: String, rule: String? = nil, sequence: Int = 0) -> Data {
        let dates =
            start.count == 8
            ? "DTSTART;VALUE=DATE:\(start)\r\nDTEND;VALUE=DATE:\(end)\r\n" : "DTSTART:\(start)\r\nDTEND:\(end)\r\n"
        let event =
            "BEGIN:VEVENT\r\nUID:\(uid)\r\nSEQUENCE:\(sequence)\r\nDTSTAMP:2019010\(sequence + 1)T000000Z\r\n"
            + dates + (rule.map { "RRULE:\($0)\r\n" } ?? "")
            + "SUMMARY:\(uid)\r\nORGANIZER:mailto:o@example.org\r\nATTENDEE:mailto:me@example.org\r\nEND:VEVENT\r\n"
        return Data("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:t\r\nMETHOD:REQUEST\r\n\(event)END:VCALENDAR\r\n".utf8)
    }

    static func store(_ messages: [Data]) throws -> InboxStore {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("invites-facts-\(UUID().uuidString)")
            .path
        let store = try InboxStore(home: home)
        let parser = ITIPParser(display: .utc)
        for (index, data) in messages.enumerated() {
            _ = try InvitationFiler(store: store).file(
                try parser.parse(data, file: "m\(index)", source: .itip, fallbackMethod: nil), now: now)
        }
        return store
    }

    static func read(_ store: InboxStore) throws -> Set<String> {
        Set(try store.awaitingAnswer(liveAt: now).map(\.invite.uid))
    }

    /// A count reads each invitation in part (``InboxStore/Reading/rows``): what it reads is what
    /// a whole reading has, a moved occurrence included, and what it does not read is empty.
    @Test("A count reads in part what a whole reading has")
    func aCountReadsInPartWhatAWholeReadingHas() throws {
        let moved = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:t", "METHOD:REQUEST", "BEGIN:VEVENT", "UID:weekly",
            "RECURRENCE-ID:20261202T100000Z", "SEQUENCE:1", "DTSTAMP:20190102T000000Z", "DTSTART:20261203T150000Z",
            "DTEND:20261203T160000Z", "SUMMARY:weekly, moved", "ORGANIZER:mailto:o@example.org",
            "ATTENDEE:mailto:me@example.org", "END:VEVENT", "END:VCALENDAR", "",
        ]
        let store = try InvitationFactsTests.store([
            InvitationFactsTests.ics("soon", start: "20261201T100000Z", end: "20261201T110000Z"),
            InvitationFactsTests.ics("all-day", start: "20261201", end: "20261202"),
            InvitationFactsTests.ics(
                "weekly", start: "20261104T100000Z", end: "20261104T110000Z", rule: "FREQ=WEEKLY;COUNT=6"),
            Data(moved.joined(separator: "\r\n").utf8),
            InvitationFactsTests.ics("past", start: "20190301T100000Z", end: "20190301T110000Z"),
        ])
        let now = InvitationFactsTests.now
        #expect(try ListController(store: store, display: .utc, now: now).pendingCount() == 3)
        let whole = try store.awaitingAnswer(liveAt: now, reading: .whole).sorted { $0.handle < $1.handle }
        let counted = try store.awaitingAnswer(liveAt: now, reading: .rows).sorted { $0.handle < $1.handle }
        #expect(Set(whole.map(\.invite.uid)) == ["soon", "all-day", "weekly"])
        #expect(counted.map(\.handle) == whole.map(\.handle))
        for (part, all) in zip(counted, whole) {
            #expect(part.invite.uid == all.invite.uid)
            #expect(part.invite.start == all.invite.start && part.invite.end == all.invite.end)
            #expect(part.invite.dates == all.invite.dates)
            #expect(part.invite.method == all.invite.method && part.status == all.status)
            #expect(part.revision == all.revision && part.facts == all.facts && part.facts != nil)
            #expect(part.instances.map(\.organizer) == all.instances.map(\.organizer))
            #expect(part.instances.map(\.answer) == all.instances.map(\.answer))
            #expect(part.needsAnswer == all.needsAnswer)
            #expect(part.invite.title.isEmpty && part.invite.attendees.isEmpty && part.foundIn == nil)
            #expect(part.invite.properties == nil && part.invite.raw.isEmpty)
        }
        #expect(counted.first { $0.invite.uid == "weekly" }?.instances.count == 1, "the moved occurrence is read")
    }

    @Test("What is over everywhere leaves the query once its facts are kept")
    func whatIsOverEverywhereLeavesTheQueryOnceItsFactsAreKept() throws {
        let store = try InvitationFactsTests.store([
            InvitationFactsTests.ics("past", start: "20190301T100000Z", end: "20190301T110000Z"),
            InvitationFactsTests.ics("soon", start: "20261201T100000Z", end: "20261201T110000Z"),
            InvitationFactsTests.ics("ended-an-hour-ago", start: "20261118T073000Z", end: "20261118T084640Z"),
            InvitationFactsTests.ics(
                "counted", start: "20190301T100000Z", end: "20190301T110000Z", rule: "FREQ=WEEKLY;COUNT=3"),
            InvitationFactsTests.ics(
                "endless", start: "20190301T100000Z", end: "20190301T110000Z", rule: "FREQ=WEEKLY"),
            InvitationFactsTests.ics(
                "until-next-year", start: "20190301T100000Z", end: "20190301T110000Z",
                rule: "FREQ=YEARLY;UNTIL=20270301T100000Z"),
            InvitationFactsTests.ics("all-day-yesterday", start: "20261117", end: "20261118"),
        ])
        let controller = ListController(store: store, display: .utc, now: InvitationFactsTests.now)
        #expect(try InvitationFactsTests.read(store).count == 7, "nothing is left out before its facts are known")
        #expect(try controller.pendingCount() == 3)
        #expect(
            try InvitationFactsTests.read(store) == [
                "soon", "ended-an-hour-ago", "endless", "until-next-year", "all-day-yesterday",
            ], "within two days of its end an invitation is still tested exactly, in whatever zone")
        #expect(try controller.pendingCount() == 3, "the count is the same with the facts kept")
        #expect(
            try controller.list(statuses: [.pending]).map(\.stored.invite.uid).sorted() == [
                "endless", "soon", "until-next-year",
            ])
        #expect(try controller.list(statuses: [.pending], past: true).count == 7, "--past still lists what is over")
    }

    @Test func aChangeFiledAfterTheFactsMakesThemStale() throws {
        let store = try InvitationFactsTests.store([
            InvitationFactsTests.ics("moved", start: "20190301T100000Z", end: "20190301T110000Z")
        ])
        let controller = ListController(store: store, display: .utc, now: InvitationFactsTests.now)
        #expect(try controller.pendingCount() == 0)
        #expect(try InvitationFactsTests.read(store).isEmpty)
        _ = try InvitationFiler(store: store).file(
            try ITIPParser(display: .utc).parse(
                InvitationFactsTests.ics("moved", start: "20270301T100000Z", end: "20270301T110000Z", sequence: 1),
                file: "update", source: .itip, fallbackMethod: nil), now: InvitationFactsTests.now)
        #expect(try InvitationFactsTests.read(store) == ["moved"], "the new revision has no facts yet")
        #expect(try controller.pendingCount() == 1)
        #expect(try store.resolve("moved").facts?.overAfter == Date(timeIntervalSince1970: 1_803_898_800 + 172_800))
    }

    /// `status` counts what is still to come from its rows: of an invitation whose facts are
    /// kept and whose end is ahead, neither the message nor the kept properties are read. A
    /// series under way is read whole and expanded once, by the first count: the next reads
    /// until when it is not over from its row.
    @Test("What is still to come is counted from its rows alone")
    func whatIsStillToComeIsCountedFromItsRowsAlone() throws {
        let filed = try InvitationFactsTests.store([
            InvitationFactsTests.ics("soon", start: "20261201T100000Z", end: "20261201T110000Z"),
            InvitationFactsTests.ics("later", start: "20270101T100000Z", end: "20270101T110000Z"),
            InvitationFactsTests.ics(
                "under-way", start: "20190301T100000Z", end: "20190301T110000Z", rule: "FREQ=WEEKLY"),
            InvitationFactsTests.ics("past", start: "20190301T100000Z", end: "20190301T110000Z"),
        ])
        let now = InvitationFactsTests.now
        #expect(try ListController(store: filed, display: .utc, now: now).pendingCount() == 3)
        let store = try InboxStore(home: URL(fileURLWithPath: filed.path).deletingLastPathComponent().path)
        let controller = ListController(store: store, display: .utc, now: now)
        #expect(try controller.pendingCount() == 3)
        #expect(store.messages.isEmpty, "no message is read, the series under way included")
        #expect(try controller.list(statuses: [.pending]).count == 3, "the listing counts the same")
    }

    /// What a series under way keeps of its expansion (``InvitationFacts/liveUntil``) gives the
    /// count a fresh inbox gives, at every time: before the kept time from the row, after it by
    /// expanding again; and a revision filed after it starts without it.
    @Test("A series under way keeps until when it is not over")
    func aSeriesUnderWayKeepsUntilWhenItIsNotOver() throws {
        let messages = [
            InvitationFactsTests.ics(
                "three-more", start: "20261104T100000Z", end: "20261104T110000Z", rule: "FREQ=WEEKLY;COUNT=5"),
            InvitationFactsTests.ics("endless", start: "20190301T100000Z", end: "20190301T110000Z", rule: "FREQ=DAILY"),
            InvitationFactsTests.ics(
                "floating", start: "20261110T230000", end: "20261110T233000", rule: "FREQ=DAILY;COUNT=12"),
            InvitationFactsTests.ics(
                "all-day", start: "20261116", end: "20261117", rule: "FREQ=DAILY;COUNT=4"),
        ]
        let kept = try InvitationFactsTests.store(messages)
        let now = InvitationFactsTests.now
        #expect(try ListController(store: kept, display: .utc, now: now).pendingCount() == 4)
        let until = Dictionary(
            uniqueKeysWithValues: try kept.awaitingAnswer(liveAt: now).map { ($0.invite.uid, $0.facts?.liveUntil) })
        // The last of five weekly meetings ends on 2 December at 11:00, less the two days' margin.
        #expect(until["three-more"] == Date(timeIntervalSince1970: 1_796_209_200 - 172_800))
        #expect(until["endless"] == Date(timeIntervalSince1970: StorableTime.seconds.upperBound))
        // The last floating meeting ends on 21 November at 23:30 in the display zone.
        #expect(until["floating"] == Date(timeIntervalSince1970: 1_795_303_800 - 172_800))
        #expect(until["all-day"] == .some(nil), "within two days of its last end, expanded each time")
        let zones = [DisplayZone.utc, try #require(DisplayZone(identifier: "Pacific/Kiritimati"))]
        for hours in [0, 1, 20, 30, 60, 250, 340, 351, 360, 400, 1_000] {
            let later = now.addingTimeInterval(Double(hours) * 3_600)
            for zone in zones {
                let fresh = try InvitationFactsTests.store(messages)
                #expect(
                    try ListController(store: kept, display: zone, now: later).pendingCount()
                        == ListController(store: fresh, display: zone, now: later).pendingCount(),
                    "\(hours) hours later in \(zone.identifier)")
            }
        }
        let update = InvitationFactsTests.ics(
            "three-more", start: "20261104T100000Z", end: "20261104T110000Z", rule: "FREQ=WEEKLY;COUNT=2", sequence: 1)
        _ = try InvitationFiler(store: kept).file(
            try ITIPParser(display: .utc).parse(update, file: "update", source: .itip, fallbackMethod: nil), now: now)
        #expect(try kept.resolve("three-more").facts == nil, "the new revision has no facts yet")
        let fresh = try InvitationFactsTests.store(messages + [update])
        let count = try ListController(store: kept, display: .utc, now: now).pendingCount()
        #expect(count == 3, "its last meeting was a week ago")
        #expect(try count == ListController(store: fresh, display: .utc, now: now).pendingCount())
    }

    /// More invitations to work out than one statement may name (500 a time) are all counted.
    @Test("Many invitations without facts are counted in parts")
    func manyInvitationsWithoutFactsAreCountedInParts() throws {
        let events = (0..<600).map { index in
            "BEGIN:VEVENT\r\nUID:many-\(index)\r\nDTSTAMP:20190101T000000Z\r\nDTSTART:20270301T100000Z\r\n"
                + "DTEND:20270301T110000Z\r\nSUMMARY:Many \(index)\r\nORGANIZER:mailto:o@example.org\r\n"
                + "ATTENDEE:mailto:me@example.org\r\nEND:VEVENT\r\n"
        }
        let message = Data(
            ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:t\r\nMETHOD:REQUEST\r\n" + events.joined() + "END:VCALENDAR\r\n")
                .utf8)
        let store = try InvitationFactsTests.store([message])
        let controller = ListController(store: store, display: .utc, now: InvitationFactsTests.now)
        #expect(try controller.pendingCount() == 600)
        #expect(try controller.pendingCount() == 600, "the same with the facts kept")
    }

    /// `status` at every start reads the invitations that can still be attended, not an inbox of
    /// years: SQLite finds them by schema 14's indexes, never by reading every row.
    @Test("The invitations awaiting an answer are found by indexes")
    func theInvitationsAwaitingAnAnswerAreFoundByIndexes() throws {
        let store = try InvitationFactsTests.store([
            InvitationFactsTests.ics("over", start: "20190301T100000Z", end: "20190301T110000Z")
        ])
        let plan = try store.database.prepare(
            "EXPLAIN QUERY PLAN SELECT i.id FROM invites AS i WHERE \(InboxStore.live)")
        try plan.bind([.integer(0), .integer(InvitationFacts.version), .integer(0)])
        var steps: [String] = []
        while try plan.step() { steps.append(plan.text("detail") ?? "") }
        #expect(
            steps.filter { $0.hasPrefix("SEARCH invites USING INDEX invites_awaiting (<expr>") }.count == 2, "\(steps)")
        #expect(steps.contains("SCAN instances USING INDEX instances_pending"), "\(steps)")
        #expect(!steps.contains { $0.hasPrefix("SCAN i") && !$0.hasPrefix("SCAN instances") }, "\(steps)")
    }

    @Test("Facts kept for an earlier revision are never used")
    func factsKeptForAnEarlierRevisionAreNeverUsed() throws {
        let store = try InvitationFactsTests.store([
            InvitationFactsTests.ics("raced", start: "20270301T100000Z", end: "20270301T110000Z")
        ])
        let before = try store.resolve("raced")
        _ = try InvitationFiler(store: store).file(
            try ITIPParser(display: .utc).parse(
                InvitationFactsTests.ics("raced", start: "20190301T100000Z", end: "20190301T110000Z", sequence: 1),
                file: "update", source: .itip, fallbackMethod: nil), now: InvitationFactsTests.now)
        // Facts another process worked out from the revision before the update land after it.
        try store.keep([
            before.handle: InvitationFacts(overAfter: Date(timeIntervalSince1970: 0), revision: before.revision)
        ])
        #expect(try store.resolve("raced").facts == nil)
        #expect(try InvitationFactsTests.read(store) == ["raced"])
    }
}
