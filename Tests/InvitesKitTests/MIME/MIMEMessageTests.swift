import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesFormats
@testable import InvitesKit

/// What GMime makes of the project's own messages (Fixtures/mail): which parts carry a calendar,
/// with which media type and `method=`, and their bytes decoded from base64, quoted-printable or
/// ISO-8859-1 to UTF-8.
@Suite struct MIMEMessageTests {
    func parts(_ name: String) throws -> [MIMEMessage.CalendarPart] {
        try #require(try MIMEMessage.parse(Fixture.data("mail/" + name))).calendarParts
    }

    func text(_ part: MIMEMessage.CalendarPart) -> String {
        String(decoding: part.data, as: UTF8.self)
    }

    @Test("Quoted-printable inside multipart/alternative is decoded")
    func quotedPrintableInsideAlternativeIsDecoded() throws {
        let parts = try parts("alternative-quoted-printable.eml")
        try #require(parts.count == 1)
        #expect(parts[0].contentType == "text/calendar")
        #expect(parts[0].method == "REQUEST")
        #expect(text(parts[0]).contains("SUMMARY:Planning at the Café\r\n"))
        #expect(
            text(parts[0]).contains(
                "budget = 2025\\, hiring\\, and a long line that a mailer has to fold with a soft break."))
        #expect(text(parts[0]).contains("ORGANIZER;CN=Olga Organizer:mailto:olga@example.org\r\n"))
    }

    @Test func aBase64AttachmentIsDecoded() throws {
        let parts = try parts("attachment-base64.eml")
        try #require(parts.count == 1)
        #expect(parts[0].contentType == "application/ics")
        #expect(parts[0].method == nil)
        #expect(text(parts[0]).hasPrefix("BEGIN:VCALENDAR\r\n"))
        #expect(text(parts[0]).contains("UID:base64-attachment@example.org\r\n"))
    }

    @Test("The inline copy and the attachment are both parts")
    func theInlineCopyAndTheAttachmentAreBothParts() throws {
        let parts = try parts("inline-and-attached.eml")
        #expect(parts.map(\.contentType) == ["text/calendar", "application/ics"])
        #expect(parts.map(\.method) == ["REQUEST", nil])
        #expect(parts.allSatisfy { text($0).contains("UID:inline-and-attached@example.org") })
    }

    @Test("A part inside nested multiparts is found and the others are not")
    func aPartInsideNestedMultipartsIsFoundAndTheOthersAreNot() throws {
        let parts = try parts("nested-mixed-alternative.eml")
        try #require(parts.count == 1)
        #expect(parts[0].contentType == "text/calendar")
        #expect(parts[0].method == "CANCEL")
        #expect(text(parts[0]).contains("UID:nested-cancel@example.org"))
    }

    @Test func aMessageWithoutACalendarHasNoParts() throws {
        #expect(try parts("no-calendar.eml").isEmpty)
    }

    @Test func anISO88591PartArrivesAsUTF8() throws {
        let parts = try parts("latin1-calendar.eml")
        try #require(parts.count == 1)
        #expect(parts[0].contentType == "text/calendar")
        #expect(parts[0].method == "REQUEST")
        #expect(String(data: parts[0].data, encoding: .utf8) != nil)
        #expect(text(parts[0]).contains("SUMMARY:Réunion d'équipe à Zürich\n"))
        #expect(text(parts[0]).contains("LOCATION:Salle Bâle\n"))
    }
}
