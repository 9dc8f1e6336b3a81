import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit

/// A Maildir's messages are known by their unique names, wherever a client moved them.
@Suite struct MaildirTests {
    @Test(arguments: [
        ("1701000000.M1P2.host", "1701000000.M1P2.host"),
        ("1701000000.M1P2.host:2,S", "1701000000.M1P2.host"),
        ("1701000000.M1P2.host,U=42:2,RS", "1701000000.M1P2.host"),
        ("1701000000.M1P2.host;2,S", "1701000000.M1P2.host"),
        ("1701000000_1.host,U=7,FMD5=abc:2,", "1701000000_1.host,FMD5=abc"),
    ])
    func keys(_ name: String, _ key: String) {
        #expect(Maildir.key(of: name) == key)
    }

    /// A name listed is told from the keys kept as read on its bytes: the same key, flags, an
    /// mbsync number or not, beyond ASCII or not even UTF-8, as the key's string gives.
    @Test(arguments: [
        "1701000000.M1P2.host:2,S", "1701000000.M1P2.host,U=42:2,RS", "1701000000_1.host,U=7,FMD5=abc:2,",
        "1701000000.M1P2.hôst:2,S", "plain", ",U=", "a,U=:2,S", "x;2,T",
    ])
    func seenNamesAreToldOnTheirBytes(_ name: String) {
        let kept = Maildir.key(of: name)
        var scratch: [UInt8] = []
        let seen = SeenMessages(digests: [Array(kept.utf8).withUnsafeBytes(MaildirSeenRecord.digest(ofKey:))])
        #expect(name.withCString { seen.contains(name: $0, scratch: &scratch) })
        let other = SeenMessages(digests: [Array((kept + "x").utf8).withUnsafeBytes(MaildirSeenRecord.digest(ofKey:))])
        #expect(!name.withCString { other.contains(name: $0, scratch: &scratch) })
        #expect(!name.withCString { SeenMessages.none.contains(name: $0, scratch: &scratch) })
    }

    @Test("A name that is not UTF-8 is told by the key its string kept")
    func aNameThatIsNotUTF8IsToldByItsRepairedKey() {
        let bytes: [CChar] = [0x61, CChar(bitPattern: 0xFF), 0x62, 0x3A, 0x32, 0x2C, 0x53, 0]
        let kept = Maildir.key(of: String(decoding: bytes.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
        var scratch: [UInt8] = []
        let seen = SeenMessages(digests: [Array(kept.utf8).withUnsafeBytes(MaildirSeenRecord.digest(ofKey:))])
        let told = bytes.withUnsafeBufferPointer { $0.baseAddress.map { seen.contains(name: $0, scratch: &scratch) } }
        #expect(told == true)
    }

    @Test("Messages are read from new and cur and nothing else")
    func messagesAreReadFromNewAndCurAndNothingElse() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("maildir-\(UUID().uuidString)").path
        for folder in ["new", "cur", "tmp", "cur/sub"] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        for file in ["new/1.a", "cur/2.b:2,S", "cur/.hidden", "tmp/3.c"] {
            FileManager.default.createFile(atPath: root + "/" + file, contents: Data("x".utf8))
        }
        let keys = try Maildir(root).messages().map(\.key)
        #expect(keys == ["1.a", "2.b"])
        #expect(throws: IngestError.self) { try Maildir(root + "/tmp") }
    }

    @Test("Only messages that name a calendar part are parsed")
    func onlyMessagesThatNameACalendarPartAreParsed() {
        #expect(Maildir.mayHoldInvitation(Data("Content-Type: Text/Calendar; method=REQUEST".utf8)))
        #expect(Maildir.mayHoldInvitation(Data("Content-Disposition: attachment; filename=\"invite.ICS\"".utf8)))
        #expect(!Maildir.mayHoldInvitation(Data("Content-Type: text/plain\n\nHello".utf8)))
    }

    @Test(arguments: [
        // Outlook: base64, the type on a folded line of its own.
        "Content-Type: multipart/alternative; boundary=b\r\n\r\n--b\r\nContent-Type:\r\n\ttext/calendar; "
            + "method=REQUEST\r\nContent-Transfer-Encoding: base64\r\n\r\nQkVHSU46VkNBTEVOREFS\r\n--b--\r\n",
        // The file name on a folded line of the disposition.
        "Content-Type: multipart/mixed; boundary=b\n\n--b\nContent-Type: application/octet-stream\n"
            + "Content-Disposition: attachment;\n filename=\"Meeting.Ics\"\n\nQkVH\n--b--\n",
        "Content-Type: application/x-ics\n\nQkVH\n",
        // Old Mac mail: lines end with a bare CR.
        "Content-Type: multipart/alternative;\r\tboundary=b\r\r--b\rContent-Type: text/calendar;\r\tmethod=REQUEST\r",
        "content-type: TEXT/X-VCALENDAR\n\nBEGIN:VCALENDAR\n",
        // A name that could hide .ics: an RFC 2047 encoded word, RFC 2231 sections.
        "Content-Disposition: attachment; filename=\"=?UTF-8?B?aW52aXRlLmljcw==?=\"\n\nQkVH\n",
        "Content-Disposition: attachment;\n filename*0=\"Einladung.i\";\n filename*1=\"cs\"\n\nQkVH\n",
    ])
    func calendarPartsAreFoundByTheirHeaders(_ message: String) {
        #expect(Maildir.mayHoldInvitation(Data(message.utf8)))
    }

    /// Outlook's winmail.dat under its own type or only its name is handed to the parser.
    @Test func winmailDatIsACandidate() throws {
        for name in ["request.eml", "request-octet.eml"] {
            #expect(Maildir.mayHoldInvitation(try Fixture.data("tnef/" + name)), "\(name)")
        }
        #expect(Maildir.mayHoldInvitation(Data("Content-Type: application/vnd.ms-tnef\n\neJ8+Ig==\n".utf8)))
    }

    /// GMime reads a type folded after its slash (blanks may stand around it) as that type:
    /// the prefilter reads a content header unfolded, blanks left out, so it passes on such a
    /// message too, and one whose file name is folded.
    @Test(arguments: [
        "Content-Type: text/\r\n calendar; method=REQUEST\r\n", "Content-Type: text/cal\r\n\tendar\r\n",
        "Content-Type: application/octet-stream\r\nContent-Disposition: attachment; filename=\"a.i\r\n cs\"\r\n",
    ])
    func aFoldedContentHeaderIsReadUnfolded(_ header: String) throws {
        let calendar =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:REQUEST\r\nBEGIN:VEVENT\r\nUID:x@y\r\n"
            + "DTSTAMP:20240101T000000Z\r\nDTSTART:20300101T100000Z\r\nDTEND:20300101T110000Z\r\nSUMMARY:S\r\n"
            + "ORGANIZER:mailto:a@b.org\r\nATTENDEE:mailto:me@example.org\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let mail = Data("From: a@b.org\r\nTo: me@example.org\r\nMIME-Version: 1.0\r\n\(header)\r\n\(calendar)".utf8)
        #expect(Maildir.mayHoldInvitation(mail))
        if header.hasPrefix("Content-Type: text/\r\n") {
            // The case this is about: GMime finds the calendar.
            #expect(try MailParser(display: .utc).parse(mail, file: "m").count == 1)
        }
    }

    @Test(arguments: [
        // Text about invitations, a subject that names one, an attachment of another type.
        "Subject: the .ics file\nContent-Type: text/plain\n\nSend it as text/calendar, invite.ics, BEGIN:VCALENDAR.\n",
        "Content-Type: multipart/mixed; boundary=b\n\n--b\nContent-Type: text/plain\n\n"
            + "> Content: text/calendar, quoted\n\n--b\nContent-Type: application/pdf; name=\"agenda.pdf\"\n"
            + "Content-Transfer-Encoding: base64\n\n LmljcyB0ZXh0L2NhbGVuZGFy\n--b--\n",
        "",
    ])
    func ordinaryMailIsPassedOver(_ message: String) {
        #expect(!Maildir.mayHoldInvitation(Data(message.utf8)))
    }
}
