import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesFormats
@testable import InvitesKit
@testable import InvitesModel

/// A recurring invitation whose times are floating and whose VCALENDAR names New York with
/// `X-WR-TIMEZONE`: its occurrences, their keys and a moved one are in New York time everywhere
/// it is read again (the organizer's copy, `show`), as at ingest.
@Suite struct FloatingInvitationTests {
    static func message(_ lines: String...) -> Data {
        CalendarText.data(
            ["BEGIN:VEVENT", "UID:xwr@example.org", "DTSTAMP:20261201T000000Z"] + lines + [
                "SUMMARY:Sync", "ORGANIZER:mailto:o@example.org", "ATTENDEE:mailto:me@example.org", "END:VEVENT",
            ], calendar: ["METHOD:REQUEST", "X-WR-TIMEZONE:America/New_York"])
    }

    @Test func occurrencesAndTheirKeysAreInTheNamedZone() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("invites-xwr-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: home) }
        let store = try InboxStore(home: home)
        let parser = ITIPParser(display: .utc)
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        _ = try InvitationFiler(store: store).file(
            try parser.parse(
                FloatingInvitationTests.message(
                    "SEQUENCE:0", "DTSTART:20261207T090000", "DURATION:PT1H", "RRULE:FREQ=WEEKLY;COUNT=3"),
                file: "a", source: .itip, fallbackMethod: nil), now: now)
        _ = try InvitationFiler(store: store).file(
            try parser.parse(
                FloatingInvitationTests.message(
                    "SEQUENCE:1", "RECURRENCE-ID:20261214T090000", "DTSTART:20261214T110000", "DURATION:PT1H"),
                file: "b", source: .itip, fallbackMethod: nil), now: now)
        let stored = try store.resolve("xwr@")
        let copy = ITIPComposer.organizerCopy(of: stored, display: .utc)
        let found = CalendarQuery(sources: [], display: .utc, me: MyAddresses([])).occurrences(
            of: copy, uid: "xwr@example.org",
            in: DateInterval(start: .utc("2026-12-01T00:00:00Z"), end: .utc("2027-01-01T00:00:00Z")))
        #expect(
            found.map { RFC3339.utc($0.start) } == [
                "2026-12-07T14:00:00Z", "2026-12-14T16:00:00Z", "2026-12-21T14:00:00Z",
            ])
        let controller = ShowController(
            store: store, cache: nil,
            settings: .init(calendars: [], display: .utc, me: MyAddresses(["me@example.org"])), clock: { now })
        let report = try controller.report(for: "xwr@")
        #expect(
            report.occurrences.map(\.key) == ["2026-12-07T14:00:00Z", "2026-12-14T14:00:00Z", "2026-12-21T14:00:00Z"])
        #expect(report.occurrences.map(\.moved) == [false, true, false])
    }
}
