import Foundation
import Testing

@testable import InvitesFormats
@testable import InvitesKit

/// Bounds on one e-mail message as a whole, not on each of its parts (issue 34, cases 9 and 10):
/// the VEVENTs of all its calendar parts together, and its MIME parts, each counted before the
/// work they would cost.
@Suite struct MessageBoundsTests {
    /// A multipart/mixed message; each part is given as (headers, body).
    static func mail(_ parts: [(headers: String, body: String)], epilogue: String = "") -> Data {
        var text =
            "From: Olga <o@example.org>\r\nTo: me@example.org\r\nSubject: Invitations\r\n"
            + "Message-ID: <bounds@example.org>\r\nMIME-Version: 1.0\r\n"
            + "Content-Type: multipart/mixed; boundary=\"b\"\r\n\r\n"
        for part in parts { text += "--b\r\n" + part.headers + "\r\n\r\n" + part.body }
        return Data((text + epilogue + "--b--\r\n").utf8)
    }

    /// A REQUEST of `events` VEVENTs, each a UID of its own (`prefix` keeps parts apart).
    static func calendar(events: Int, prefix: String) -> String {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:t\r\nMETHOD:REQUEST\r\n"
        for index in 0..<events {
            text +=
                "BEGIN:VEVENT\r\nUID:\(prefix)-\(index)@example.org\r\nDTSTAMP:20240101T000000Z\r\n"
                + "DTSTART:20240610T080000Z\r\nSUMMARY:x\r\nORGANIZER:mailto:o@example.org\r\nEND:VEVENT\r\n"
        }
        return text + "END:VCALENDAR\r\n"
    }

    static let calendarHeaders = "Content-Type: text/calendar; method=REQUEST; charset=utf-8"

    /// Twelve parts of 900 VEVENTs each: every part is within the bound, the message is not.
    @Test("Calendar parts over the bound together are refused")
    func calendarPartsOverTheBoundTogetherAreRefused() {
        let parts = (0..<12).map {
            (MessageBoundsTests.calendarHeaders, MessageBoundsTests.calendar(events: 900, prefix: "p\($0)"))
        }
        let data = MessageBoundsTests.mail(parts)
        let refusal = IngestError.notAnInvite(
            file: "twelve.eml",
            reason: "its calendar parts hold more than 10000 VEVENTs together: no invitation needs that many")
        #expect(throws: refusal) { try MailParser(display: .utc).parse(data, file: "twelve.eml") }
        // An organizer's DECLINECOUNTER is read from the same parts, under the same bound.
        #expect(throws: refusal) { try InviteReader(display: .utc).declinedProposals(data, file: "twelve.eml") }
    }

    /// Two parts of 5,000 are the bound, and are read.
    @Test func calendarPartsAtTheBoundTogetherAreRead() throws {
        let parts = (0..<2).map {
            (MessageBoundsTests.calendarHeaders, MessageBoundsTests.calendar(events: 5000, prefix: "p\($0)"))
        }
        let invites = try MailParser(display: .utc).parse(MessageBoundsTests.mail(parts), file: "two.eml")
        #expect(invites.count == 10_000)
    }

    /// The same calendar inline and attached (Google, Outlook) files nothing more, and counts once.
    @Test func aPartRepeatedByteForByteCountsOnce() {
        let text = MessageBoundsTests.calendar(events: 6000, prefix: "same")
        let part = MIMEMessage.CalendarPart(data: Data(text.utf8), method: "REQUEST", contentType: "text/calendar")
        #expect(MailParser.eventCount(of: [part, part]) == 6000)
        var other = part
        other.data = Data(MessageBoundsTests.calendar(events: 6000, prefix: "other").utf8)
        #expect(MailParser.eventCount(of: [part, other]) == ICalComponent.mostEvents + 1)
    }

    /// 10,001 empty parts before the calendar: refused before GMime builds a tree of them.
    @Test func aMessageOfTooManyPartsIsRefusedUnread() {
        let parts =
            Array(repeating: (headers: "Content-Type: text/plain", body: ""), count: MIMEPartLimit.mostParts)
            + [(MessageBoundsTests.calendarHeaders, MessageBoundsTests.calendar(events: 1, prefix: "one"))]
        let data = MessageBoundsTests.mail(parts)
        let refusal = IngestError.notAnInvite(
            file: "parts.eml",
            reason: "it has more than 10000 lines that open a MIME part: no invitation needs that many")
        #expect(throws: refusal) { try MailParser(display: .utc).parse(data, file: "parts.eml") }
        #expect(throws: refusal) { try InviteReader(display: .utc).declinedProposals(data, file: "parts.eml") }
        #expect(throws: MIMEError.tooManyParts(limit: 10_000)) { try MIMEMessage.parse(data) }
    }

    /// 9,000 empty parts and a calendar: within the bound, the invitation is read.
    @Test func aMessageOfManyPartsWithinTheBoundIsRead() throws {
        let parts =
            Array(repeating: (headers: "Content-Type: text/plain", body: ""), count: 9000)
            + [(MessageBoundsTests.calendarHeaders, MessageBoundsTests.calendar(events: 1, prefix: "one"))]
        let invites = try MailParser(display: .utc).parse(MessageBoundsTests.mail(parts), file: "parts.eml")
        #expect(invites.map(\.uid) == ["one-0@example.org"])
    }

    /// Lines that begin with `--` are counted, the first line too; a `--` within a line is not;
    /// counting stops one past the limit.
    @Test("Delimiter lines are lines that begin with two dashes")
    func delimiterLinesAreLinesThatBeginWithTwoDashes() {
        let text = "--a\n-- \r\nx--b\n-\n- -\n--\n\n--c--"
        let count = Data(text.utf8).withUnsafeBytes { MIMEPartLimit.delimiterLines(in: $0) }
        #expect(count == 4)
        let stopped = Data(text.utf8).withUnsafeBytes { MIMEPartLimit.delimiterLines(in: $0, limit: 1) }
        #expect(stopped == 2)
        #expect(Data().withUnsafeBytes { MIMEPartLimit.delimiterLines(in: $0) } == 0)
    }
}
