import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesFormats
@testable import InvitesKit
@testable import InvitesModel

/// The e-mail around a REPLY reads back: its headers say who writes to whom about what, and
/// GMime finds the `text/calendar; method=REPLY` part with the calendar unchanged.
@Suite struct MIMEComposerTests {
    static func calendar(title: String = "Planning") -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//invites tests//EN\r\nMETHOD:REPLY\r\nBEGIN:VEVENT\r\n"
            + "UID:reply@example.org\r\nDTSTAMP:20240601T120000Z\r\nDTSTART:20240610T100000Z\r\n"
            + "SUMMARY:\(title)\r\nORGANIZER:mailto:olga@example.org\r\n"
            + "ATTENDEE;PARTSTAT=ACCEPTED;CN=Ann Attendee:mailto:ann@example.org\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    }

    static func message(
        subject: String = "Accepted: Planning", from name: String? = "Ann Attendee", calendar: String = calendar(),
        thread: MailThread? = nil
    ) throws -> String {
        try MIMEComposer.replyMessage(
            from: .init(name: name, email: "ann@example.org"),
            to: .init(name: "Olga Organizer", email: "olga@example.org"),
            subject: subject, text: "Accepted: Planning\n", calendar: calendar, date: .utc("2024-06-01T12:00:00Z"),
            thread: thread
        ).text
    }

    /// The lines of a calendar: GMime writes the message with LF line ends (sendmail makes them
    /// CRLF on the way), so what is compared is the text of the lines.
    static func lines(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n")
    }

    static func lines(_ data: Data) -> [String] {
        lines(String(decoding: data, as: UTF8.self))
    }

    /// The message's header fields, unfolded, in order: (name, value).
    static func headers(_ message: String) -> [(name: String, value: String)] {
        let lines = message.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n")
        var fields: [(name: String, value: String)] = []
        for line in lines {
            if line.isEmpty { break }
            if line.first == " " || line.first == "\t", let last = fields.indices.last {
                fields[last].value += " " + line.trimmingCharacters(in: .whitespaces)
            } else if let colon = line.firstIndex(of: ":") {
                fields.append(
                    (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
            }
        }
        return fields
    }

    static func header(_ name: String, in message: String) -> [String] {
        headers(message).filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    @Test func theHeadersNameSenderRecipientAndSubject() throws {
        let message = try MIMEComposerTests.message()
        #expect(MIMEComposerTests.header("From", in: message) == ["Ann Attendee <ann@example.org>"])
        #expect(MIMEComposerTests.header("To", in: message) == ["Olga Organizer <olga@example.org>"])
        #expect(MIMEComposerTests.header("Subject", in: message) == ["Accepted: Planning"])
        #expect(MIMEComposerTests.header("Message-Id", in: message).first?.hasSuffix("@example.org>") == true)
        #expect(MIMEComposerTests.header("Date", in: message).count == 1)
        #expect(MIMEComposerTests.header("Content-Type", in: message).first?.hasPrefix("multipart/alternative") == true)
    }

    @Test func theCalendarPartReadsBackAsAReply() throws {
        let parsed = try #require(try MIMEMessage.parse(Data(try MIMEComposerTests.message().utf8)))
        try #require(parsed.calendarParts.count == 1)
        let part = parsed.calendarParts[0]
        #expect(part.contentType == "text/calendar")
        #expect(part.method == "REPLY")
        #expect(MIMEComposerTests.lines(part.data) == MIMEComposerTests.lines(MIMEComposerTests.calendar()))
    }

    /// Text that ISO-8859-1 could hold is sent as UTF-8 all the same, labelled so, and reads back:
    /// GMime's own `set_text` would have converted it to Latin-1 under a UTF-8 label.
    @Test func accentedTextReadsBack() throws {
        for title in ["Réunion à Zürich", "Réunion à Zürich 東京"] {
            let calendar = MIMEComposerTests.calendar(title: title)
            let parsed = try #require(
                try MIMEMessage.parse(Data(try MIMEComposerTests.message(calendar: calendar).utf8)))
            let lines = MIMEComposerTests.lines(try #require(parsed.calendarParts.first).data)
            #expect(lines == MIMEComposerTests.lines(calendar), "\(title)")
        }
    }

    @Test func headersAreASCIIAndCarryNoInjectedFields() throws {
        let message = try MIMEComposerTests.message(
            subject: "Accepted: Café\r\nBcc: eve@example.org", from: "Zoë\nX-Evil: 1")
        let head = message.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n\n").first ?? message
        #expect(head.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(MIMEComposerTests.header("Bcc", in: message).isEmpty)
        #expect(MIMEComposerTests.header("X-Evil", in: message).isEmpty)
        #expect(MIMEComposerTests.header("Subject", in: message).first?.contains("=?") == true)
    }

    /// The reply threads with the invitation mail: In-Reply-To names it, References carries the
    /// invitation's own references and then the invitation.
    @Test func theReplyThreadsWithTheInvitation() throws {
        let thread = try #require(MailThread(messageID: "invite-1@calendar.example", references: ["root@list.example"]))
        let message = try MIMEComposerTests.message(thread: thread)
        #expect(MIMEComposerTests.header("In-Reply-To", in: message) == ["<invite-1@calendar.example>"])
        #expect(
            MIMEComposerTests.header("References", in: message) == ["<root@list.example> <invite-1@calendar.example>"])
        #expect(MIMEComposerTests.header("In-Reply-To", in: try MIMEComposerTests.message()).isEmpty)
    }

    /// A stranger's Message-ID that a header cannot carry as it is gives no thread rather than a
    /// header with a line break or a bracket in it.
    @Test func unusableMessageIDsAreDropped() {
        #expect(MailThread(messageID: "a b@example", references: []) == nil)
        #expect(MailThread(messageID: "x>\r\nBcc: eve@example.org", references: []) == nil)
        #expect(
            MailThread(messageID: "ok@example", references: ["bad ref", "good@example"])?.references == ["good@example"]
        )
        let many = (0..<100).map { "ref\($0)@example" }
        #expect(MailThread(messageID: "ok@example", references: many)?.replyReferences.count == 20)
    }
}
