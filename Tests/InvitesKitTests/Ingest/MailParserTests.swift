import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit
@testable import InvitesModel

/// The invitations MailParser reads from the project's own messages (Fixtures/mail), so that
/// e-mail is tested in a checkout without the shared corpus.
@Suite struct MailParserTests {
    func invites(_ name: String) throws -> [Invite] {
        try MailParser(display: .utc).parse(Fixture.data("mail/" + name), file: name)
    }

    @Test func quotedPrintableCalendarInAlternative() throws {
        let invites = try invites("alternative-quoted-printable.eml")
        try #require(invites.count == 1)
        #expect(invites[0].uid == "qp-alternative@example.org")
        #expect(invites[0].title == "Planning at the Café")
        #expect(
            invites[0].description
                == "Agenda: budget = 2025, hiring, and a long line that a mailer has to fold with a soft break.")
        #expect(invites[0].method == .request)
        #expect(invites[0].source == .email)
        #expect(invites[0].start == .utc("2024-06-10T10:00:00Z"))
        #expect(invites[0].end == .utc("2024-06-10T11:00:00Z"))
        #expect(invites[0].organizer == Invite.Person(name: "Olga Organizer", email: "olga@example.org"))
    }

    @Test func base64ApplicationICSAttachment() throws {
        let invites = try invites("attachment-base64.eml")
        #expect(invites.map(\.uid) == ["base64-attachment@example.org"])
        #expect(invites.map(\.title) == ["Quarterly review"])
        #expect(invites.map(\.method) == [.request])
    }

    @Test("The same invitation inline and attached is one invite")
    func theSameInvitationInlineAndAttachedIsOneInvite() throws {
        let invites = try invites("inline-and-attached.eml")
        #expect(invites.map(\.uid) == ["inline-and-attached@example.org"])
        #expect(invites.map(\.title) == ["Design sync"])
    }

    @Test("Nested multiparts are walked and the method comes from the Content-Type")
    func nestedMultipartsAndTheMethodFromTheContentType() throws {
        let invites = try invites("nested-mixed-alternative.eml")
        #expect(invites.map(\.uid) == ["nested-cancel@example.org"])
        #expect(invites.map(\.title) == ["Offsite (cancelled)"])
        // The VCALENDAR names no METHOD; the part's `method=CANCEL` stands in for it.
        #expect(invites.map(\.method) == [.cancel])
        #expect(invites.map(\.sequence) == [1])
    }

    @Test func aMessageWithoutACalendarPartIsRefused() {
        #expect(
            throws: IngestError.notAnInvite(
                file: "no-calendar.eml", reason: "the e-mail has no text/calendar, .ics or winmail.dat part")
        ) {
            try invites("no-calendar.eml")
        }
    }

    @Test func anISO88591CalendarIsReadInItsCharset() throws {
        let invites = try invites("latin1-calendar.eml")
        try #require(invites.count == 1)
        #expect(invites[0].uid == "latin1@example.org")
        #expect(invites[0].title == "Réunion d'équipe à Zürich")
        #expect(invites[0].location == "Salle Bâle")
    }
}
