import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesFormats
@testable import InvitesKit
@testable import InvitesModel

/// Floating times in a calendar that names its zone with `X-WR-TIMEZONE` (Google's and Apple's
/// exports) are read in that zone, in a calendar file, a vdir item and an invitation alike.
@Suite struct FloatingZoneTests {
    static let newYork = ["X-WR-TIMEZONE:America/New_York"]

    static let events = [
        "BEGIN:VEVENT", "UID:single", "DTSTAMP:20250101T000000Z", "DTSTART:20250715T093000",
        "DTEND:20250715T103000", "END:VEVENT",
        // Weekly at 09:00 New York time across the start of summer time (9 March), one excluded.
        "BEGIN:VEVENT", "UID:weekly", "DTSTAMP:20250101T000000Z", "DTSTART:20250303T090000",
        "DTEND:20250303T093000", "RRULE:FREQ=WEEKLY;COUNT=3", "EXDATE:20250310T090000", "END:VEVENT",
        "BEGIN:VEVENT", "UID:utc", "DTSTAMP:20250101T000000Z", "DTSTART:20250715T093000Z",
        "DTEND:20250715T103000Z", "END:VEVENT",
        "BEGIN:VEVENT", "UID:day", "DTSTAMP:20250101T000000Z", "DTSTART;VALUE=DATE:20250716", "END:VEVENT",
    ]

    @Test("Floating times are in the calendar's zone whatever the display zone", arguments: ["UTC", "Europe/Berlin"])
    func floatingTimesAreInTheCalendarsZoneWhateverTheDisplayZone(display: String) throws {
        let zone = try #require(DisplayZone(identifier: display))
        let summer = try CalendarText.occurrences(
            FloatingZoneTests.events, calendar: FloatingZoneTests.newYork, from: "2025-07-15T00:00:00Z",
            to: "2025-07-16T00:00:00Z", zone: zone)
        #expect(CalendarText.spans(summer, uid: "single") == ["2025-07-15T13:30:00Z/2025-07-15T14:30:00Z"])
        #expect(CalendarText.spans(summer, uid: "utc") == ["2025-07-15T09:30:00Z/2025-07-15T10:30:00Z"])
        #expect(summer.warnings.isEmpty)
        let spring = try CalendarText.occurrences(
            FloatingZoneTests.events, calendar: FloatingZoneTests.newYork, from: "2025-03-01T00:00:00Z",
            to: "2025-03-31T00:00:00Z", zone: zone)
        #expect(
            CalendarText.spans(spring, uid: "weekly") == [
                "2025-03-03T14:00:00Z/2025-03-03T14:30:00Z", "2025-03-17T13:00:00Z/2025-03-17T13:30:00Z",
            ])
    }

    @Test func allDayDatesStayInTheDisplayZone() throws {
        let zone = try #require(DisplayZone(identifier: "Europe/Berlin"))
        let result = try CalendarText.occurrences(
            FloatingZoneTests.events, calendar: FloatingZoneTests.newYork, from: "2025-07-16T00:00:00Z",
            to: "2025-07-17T00:00:00Z", zone: zone)
        let day = try #require(result.occurrences.first { $0.uid == "day" })
        #expect(RFC3339.utc(day.start) == "2025-07-15T22:00:00Z")
    }

    @Test func aFoldedNameIsReadWhole() throws {
        let result = try CalendarText.occurrences(
            FloatingZoneTests.events, calendar: ["X-WR-TIMEZONE:America/New_", " York"], from: "2025-07-15T00:00:00Z",
            to: "2025-07-16T00:00:00Z")
        #expect(CalendarText.spans(result, uid: "single") == ["2025-07-15T13:30:00Z/2025-07-15T14:30:00Z"])
    }

    @Test("An unknown zone name is warned of and the display zone holds")
    func anUnknownNameIsWarnedOfAndTheDisplayZoneHolds() throws {
        let result = try CalendarText.occurrences(
            FloatingZoneTests.events, calendar: ["X-WR-TIMEZONE:Mars/Olympus_Mons"], from: "2025-07-15T00:00:00Z",
            to: "2025-07-16T00:00:00Z")
        #expect(CalendarText.spans(result, uid: "single") == ["2025-07-15T09:30:00Z/2025-07-15T10:30:00Z"])
        #expect(result.warnings.map(\.line) == [4])
        #expect(
            result.warnings.map(\.message) == [
                "X-WR-TIMEZONE names an unknown time zone \"Mars/Olympus_Mons\": floating times are taken in the display zone"
            ])
    }

    @Test func aVdirItemNamesItsOwnZone() throws {
        let item = try CalendarText.file(
            FloatingZoneTests.events, calendar: FloatingZoneTests.newYork, name: "item.ics")
        let folder = (item as NSString).deletingLastPathComponent
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let query = CalendarQuery(sources: [try CalendarSource.named(folder)], display: .utc, me: MyAddresses([]))
        let result = try query.occurrences(
            in: DateInterval(start: .utc("2025-07-15T00:00:00Z"), end: .utc("2025-07-16T00:00:00Z")))
        #expect(CalendarText.spans(result, uid: "single") == ["2025-07-15T13:30:00Z/2025-07-15T14:30:00Z"])
    }

    @Test func anInvitationsFloatingTimesAreInItsZone() throws {
        let data = CalendarText.data(
            [
                "BEGIN:VEVENT", "UID:invite", "DTSTAMP:20250101T000000Z", "DTSTART:20250715T093000",
                "DTEND:20250715T103000", "ORGANIZER:mailto:a@example.org", "ATTENDEE:mailto:b@example.org",
                "END:VEVENT",
            ], calendar: ["METHOD:REQUEST", "X-WR-TIMEZONE;VALUE=TEXT:America/New_York"])
        let invites = try ITIPParser(display: .utc).parse(data, file: "x.ics", source: .itip, fallbackMethod: nil)
        #expect(
            invites.map { "\(RFC3339.utc($0.start))/\(RFC3339.utc($0.end))" } == [
                "2025-07-15T13:30:00Z/2025-07-15T14:30:00Z"
            ])
    }
}
