import Foundation
import Testing

@testable import InvitesKit
@testable import InvitesModel

/// `show` as a library call: a handle in, a report out, with the states, the conflicts and what
/// changed since the answer decided in the Kit.
@Suite struct ShowControllerTests {
    static func ics(start: String, sequence: Int, recurrenceID: String? = nil, rule: Bool = true) -> Data {
        var event = "BEGIN:VEVENT\r\nUID:ctl@example.org\r\nSEQUENCE:\(sequence)\r\nDTSTAMP:20261201T000000Z\r\n"
        if let recurrenceID { event += "RECURRENCE-ID:\(recurrenceID)\r\n" }
        event +=
            "DTSTART:\(start)\r\nDURATION:PT1H\r\n" + (rule ? "RRULE:FREQ=WEEKLY;COUNT=4\r\n" : "")
            + "SUMMARY:Sync\r\nORGANIZER:mailto:o@example.org\r\nATTENDEE:mailto:me@example.org\r\nEND:VEVENT\r\n"
        return Data("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:t\r\nMETHOD:REQUEST\r\n\(event)END:VCALENDAR\r\n".utf8)
    }

    @Test("A series reports each occurrence and what changed in it")
    func aSeriesReportsEachOccurrenceAndWhatChanged() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("invites-show-\(UUID().uuidString)")
            .path
        let store = try InboxStore(home: home)
        let calendar = (home as NSString).appendingPathComponent("calendar.ics")
        try Data(
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:t\r\nBEGIN:VEVENT\r\nUID:busy@example.org\r\nDTSTART:20261214T110000Z\r\nDTEND:20261214T113000Z\r\nSUMMARY:Busy\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
                .utf8
        )
        .write(to: URL(fileURLWithPath: calendar))
        let parser = ITIPParser(display: .utc)
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        _ = try InvitationFiler(store: store).file(
            try parser.parse(
                ShowControllerTests.ics(start: "20261207T090000Z", sequence: 0), file: "a", source: .itip,
                fallbackMethod: nil), now: now)
        let stored = try store.resolve("ctl@")
        _ = try store.record(.accepted, for: stored, comment: nil, delivery: .none, now: now)
        _ = try InvitationFiler(store: store).file(
            try parser.parse(
                ShowControllerTests.ics(
                    start: "20261214T110000Z", sequence: 1, recurrenceID: "20261214T090000Z", rule: false), file: "b",
                source: .itip, fallbackMethod: nil), now: now)
        let controller = ShowController(
            store: store, cache: try CacheStore(home: home),
            settings: .init(
                calendars: [CalendarSource.defaultCalendar(calendar)], display: .utc,
                me: MyAddresses(["me@example.org"])),
            clock: { Date(timeIntervalSince1970: 1_795_000_000) })
        let report = try controller.report(for: "ctl@")
        #expect(
            report.occurrences.map(\.key) == [
                "2026-12-07T09:00:00Z", "2026-12-14T09:00:00Z", "2026-12-21T09:00:00Z", "2026-12-28T09:00:00Z",
            ])
        #expect(report.occurrences.map(\.state) == [.accepted, .pending, .accepted, .accepted])
        #expect(report.occurrences.map(\.moved) == [false, true, false, false])
        #expect(report.conflicts == 1, "the moved occurrence meets Busy at its new time")
        #expect(report.collisions == ["Busy"])
        #expect(report.changes.isEmpty)
        _ = try InvitationFiler(store: store).file(
            try parser.parse(
                ShowControllerTests.ics(start: "20261207T080000Z", sequence: 2), file: "c", source: .itip,
                fallbackMethod: nil), now: now)
        #expect(
            try controller.report(for: "ctl@").changes == [
                .time(
                    wasStart: Date(timeIntervalSince1970: 1_796_634_000),
                    wasEnd: Date(timeIntervalSince1970: 1_796_637_600))
            ])
    }
}
