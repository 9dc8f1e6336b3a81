import Foundation
import Testing

@testable import InvitesKit
@testable import InvitesModel

/// The properties of an invitation are read once, when it is parsed, and kept; a store kept by
/// an earlier `invites` gets them from its messages once, when it is opened.
@Suite struct StoredPropertiesMigrationTests {
    static let message = Data(
        """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:t\r
        METHOD:REQUEST\r
        BEGIN:VEVENT\r
        UID:kept@example.org\r
        DTSTAMP:20261201T000000Z\r
        DTSTART:20270104T090000Z\r
        DURATION:PT1H\r
        RRULE:FREQ=WEEKLY;COUNT=4\r
        URL:https://example.org/room\r
        SUMMARY:Kept\r
        ORGANIZER:mailto:o@example.org\r
        ATTENDEE;RSVP=FALSE:mailto:me@example.org\r
        END:VEVENT\r
        END:VCALENDAR\r

        """.utf8)

    @Test("Parsed properties are kept and an older store reads them once")
    func parsedPropertiesAreKeptAndAnOlderStoreReadsThemOnce() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("invites-props-\(UUID().uuidString)")
            .path
        let store = try InboxStore(home: home)
        let invites = try ITIPParser(display: .utc).parse(
            StoredPropertiesMigrationTests.message, file: "m", source: .itip, fallbackMethod: nil)
        _ = try InvitationFiler(store: store).file(invites, now: Date())
        let filed = try #require(try store.resolve("kept@").invite.properties)
        #expect(filed.url == "https://example.org/room")
        #expect(filed.outline == SeriesOutline(rules: ["FREQ=WEEKLY;COUNT=4"], extraDates: 0))
        #expect(filed.noReplyAsked == ["me@example.org"])
        // What a store of an earlier invites holds: no properties kept.
        try store.database.execute("UPDATE invites SET properties = NULL, properties_version = 0")
        #expect(try store.resolve("kept@").invite.properties == nil)
        #expect(try StoredPropertiesMigration(store: store).run() == 1)
        #expect(try store.resolve("kept@").invite.properties == filed)
        #expect(try StoredPropertiesMigration(store: store).run() == 0, "read once")
    }
}
