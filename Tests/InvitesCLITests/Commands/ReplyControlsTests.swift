import Foundation
import InvitesKit
import InvitesTestSupport
import Testing

/// What `invites` composes from a stranger's invitation carries none of their control
/// characters: the REPLY (printed, mailed), the COUNTER, the calendar copy. An ORGANIZER whose
/// address is not one a mail can carry gets no mail, and the user is told why.
@Suite struct ReplyControlsTests {
    let cli: CLIHarness
    let fixtures = CLIHarness.repositoryFile("Tests/InvitesCLITests/Fixtures/hostile")
    let calendar: String

    init() throws {
        var cli = CLIHarness()
        cli.variables["INVITES_ME"] = "ann@example.org"
        self.cli = cli
        calendar = cli.write("calendar.ics", "")
        try cli.keepSentMail()
    }

    func run(_ arguments: [String]) -> CLIHarness.Result {
        cli.run(["--calendar", calendar] + arguments)
    }

    func ingest(_ name: String) throws -> String {
        let handle = run(["ingest", fixtures + "/" + name, "--print", "handle"]).out
            .trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(!handle.isEmpty)
        return handle
    }

    func sent() -> [String] { cli.sentMail }

    /// The control characters in `text` but CR, LF and HTAB, as `U+…` (empty: none).
    static func controls(_ text: String) -> [String] {
        text.unicodeScalars.filter {
            ($0.value < 0x20 && ![0x09, 0x0A, 0x0D].contains($0.value)) || (0x7F..<0xA0).contains($0.value)
        }.map { "U+" + String($0.value, radix: 16, uppercase: true) }
    }

    /// Why `text` is not well-formed iCalendar (RFC 5545 §3.1), or `nil`: CRLF line ends, lines
    /// of at most 75 octets folded with a space, each content line a name, parameters and a
    /// value of no control character but HTAB, every BEGIN closed by its END.
    static func malformed(_ text: String) -> String? {
        // "\r\n" is one Character: dropLast() takes the last line end.
        guard text.hasSuffix("\r\n") else { return "no CRLF at the end" }
        var open: [String] = []
        var lines: [String] = []
        for physical in text.dropLast().components(separatedBy: "\r\n") {
            if physical.contains("\n") || physical.contains("\r") { return "a bare line break in \(physical)" }
            if physical.utf8.count > 75 { return "longer than 75 octets: \(physical)" }
            if physical.hasPrefix(" "), !lines.isEmpty {
                lines[lines.count - 1] += physical.dropFirst()
            } else {
                lines.append(physical)
            }
        }
        let name = try? Regex("^[A-Za-z0-9-]+(;[A-Za-z0-9-]+=(\"[^\"]*\"|[^\";:,]*)(,(\"[^\"]*\"|[^\";:,]*))*)*:")
        for line in lines {
            let control = line.unicodeScalars.contains {
                ($0.value < 0x20 && $0.value != 0x09) || (0x7F..<0xA0).contains($0.value)
            }
            if control { return "a control character in \(line)" }
            guard let name, line.firstMatch(of: name) != nil else { return "not a content line: \(line)" }
            if line.hasPrefix("BEGIN:") { open.append(String(line.dropFirst(6))) }
            if line.hasPrefix("END:") {
                guard open.popLast() == String(line.dropFirst(4)) else { return "\(line) closes nothing open" }
            }
        }
        return open.isEmpty ? nil : "left open: \(open)"
    }

    /// A quoted-printable body as it reads once decoded (the mail's text/calendar part).
    static func decoded(_ quotedPrintable: String) -> String {
        var bytes: [UInt8] = []
        let text = Array(
            quotedPrintable.replacingOccurrences(of: "=\r\n", with: "").replacingOccurrences(
                of: "=\n", with: ""
            ).utf8)
        var index = 0
        while index < text.count {
            // Two hex digits, not `-0` (which UInt8(_:radix:) takes for zero): a MIME boundary
            // of GMime's starts with `=-`.
            if text[index] == UInt8(ascii: "="), index + 2 < text.count,
                text[index + 1...index + 2].allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
                let byte = UInt8(String(decoding: text[index + 1...index + 2], as: UTF8.self), radix: 16)
            {
                bytes.append(byte)
                index += 3
            } else {
                bytes.append(text[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func theReplyCarriesNoControlCharacters() throws {
        let handle = try ingest("controls.ics")
        #expect(run(["accept", handle, "--no-add"]).status == 0)
        let reply = run(["reply", handle])
        #expect(reply.status == 0)
        #expect(Self.controls(reply.out) == [], "\(reply.out)")
        #expect(Self.malformed(reply.out) == nil)
        #expect(reply.out.contains("SUMMARY:Pay [31mnow 2J end]0\\;owned\r\n"), "\(reply.out)")
        #expect(reply.out.contains("UID:evil[2J-uid@example.org\r\n"))
        #expect(reply.out.contains("ORGANIZER;CN=Olga[1A:mailto:olga@example.org\r\n"))
        // libical reads a parameter's ESC as a space; the C1 after it is dropped.
        #expect(reply.out.contains("ATTENDEE;CN=Ann [2K;PARTSTAT=ACCEPTED:mailto:ann@example.org\r\n"))
        #expect(reply.out.contains("TZNAME:CET]0\\;zone\r\n") && reply.out.contains("X-LIC-LOCATION:Europe/Berlin[2J"))
        #expect(reply.out.contains("DTSTART;TZID=Europe/Berlin:20270614T100000\r\n"))
        // Written to a file, it is the same valid iCalendar.
        let out = cli.home + "/reply.ics"
        #expect(run(["reply", handle, "--out", out]).status == 0)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == reply.out)
    }

    @Test func theMailSentAndItsCalendarPartCarryNone() throws {
        let handle = try ingest("controls.ics")
        #expect(run(["accept", handle, "--no-add", "--send"]).status == 0)
        let mails = sent()
        try #require(mails.count == 1)
        let mail = mails[0]
        let calendarPart = try #require(mail.components(separatedBy: "Content-Type: text/calendar").last)
        let decoded = Self.decoded(calendarPart)
        #expect(decoded.contains("SUMMARY:Pay [31mnow 2J end]0\\;owned"), "\(decoded)")
        #expect(Self.controls(decoded) == [])
        #expect(Self.controls(mail) == [])
        #expect(run(["reply", handle, "--mime"]).out == mail)
    }

    @Test func theCounterCarriesNone() throws {
        let handle = try ingest("controls.ics")
        let proposed = run(["propose", handle, "--at", "2027-06-14 15:00", "--send"])
        #expect(proposed.status == 0, "\(proposed.err)")
        let mail = try #require(sent().first)
        let part = try #require(mail.components(separatedBy: "Content-Type: text/calendar").last)
        let decoded = Self.decoded(part).replacingOccurrences(of: "\r", with: "")
        #expect(decoded.contains("METHOD:COUNTER"))
        #expect(decoded.contains("LOCATION:Room 1\n") && decoded.contains("X-EVIL:x[5m\n"), "\(decoded)")
        #expect(decoded.contains("URL:https://example.org/%C2%9Bx\n"))
        #expect(Self.controls(decoded) == [])
    }

    /// The calendar copy drops them too, but from the UID (and TZIDs) that find it again: a
    /// second accept updates the same copy.
    @Test func theCalendarCopyCarriesNoneButInItsUID() throws {
        let handle = try ingest("controls.ics")
        #expect(run(["accept", handle]).status == 0)
        let written = try String(contentsOfFile: calendar, encoding: .utf8)
        for line in written.components(separatedBy: "\r\n") where !line.hasPrefix("UID:") {
            #expect(Self.controls(line) == [], "\(line)")
        }
        #expect(written.contains("UID:evil\u{1B}[2J-uid@example.org\r\n"))
        #expect(written.contains("DESCRIPTION:Line one\\nline[1A two\r\n"))
        #expect(written.contains("DESCRIPTION:Alarm[?1049h\r\n") && written.contains("TZNAME:CET]0\\;zone\r\n"))
        #expect(run(["tentative", handle]).status == 0)
        let again = try String(contentsOfFile: calendar, encoding: .utf8)
        #expect(again.components(separatedBy: "BEGIN:VEVENT").count == 2, "\(again)")
        #expect(again.contains("PARTSTAT=TENTATIVE"))
        #expect(run(["check", handle]).status == 0, "the invitation is no conflict of its own copy")
    }

    /// An 8-bit CSI in the ORGANIZER's address: the answer is recorded, no mail is made and the
    /// user is told why, at the answer, in the history, and by `reply --mime` and `propose`.
    @Test("An address no mail can carry is refused for mailing")
    func anAddressNoMailCanCarryIsRefusedForMailing() throws {
        let handle = try ingest("c1-organizer.ics")
        let accepted = run(["accept", handle, "--send"])
        #expect(accepted.status == 0)
        let why =
            "the organizer of \(handle) gives the address \"olga<U+009B>@example.org\", which is not one a mail "
            + "can be sent to (RFC 5322): no reply can be mailed"
        #expect(accepted.out.hasPrefix("\(handle): accepted \"Budget\"; added to "))
        #expect(accepted.err == "invites: warning: no reply was queued for the organizer: \(why)\n")
        #expect(run(["outbox"]).out == "Nothing waits to be sent.\n")
        #expect(sent().isEmpty)
        #expect(run(["history"]).out.contains("accepted   Budget  (Tue 15 Jun 2027 10:00-11:00 UTC)  [reply pending]"))
        let mime = run(["reply", handle, "--mime"])
        #expect(mime.status == 1)
        #expect(mime.err == "invites: error: \(why)\n")
        #expect(mime.out.isEmpty)
        // The iCalendar alone goes nowhere: it is printed, the address percent-encoded.
        let reply = run(["reply", handle])
        #expect(reply.status == 0)
        #expect(reply.out.contains("ORGANIZER;CN=Olga:mailto:olga%C2%9B@example.org\r\n"), "\(reply.out)")
        #expect(Self.malformed(reply.out) == nil)
        let proposed = run(["propose", handle, "--at", "2027-06-15 15:00"])
        #expect(proposed.status == 1)
        #expect(proposed.err.contains("\"olga<U+009B>@example.org\", which is not one a mail can be sent to"))
        #expect(!run(["outbox", "--all"]).out.contains("olga"))
    }

    /// On a terminal nothing a stranger wrote reaches it as it is (here a bidi override, which
    /// iCalendar may carry); into a pipe the iCalendar goes byte for byte.
    @Test func replyOnATerminalShowsWhatAPipeGetsRaw() throws {
        let text = try String(contentsOfFile: fixtures + "/c1-organizer.ics", encoding: .utf8)
            .replacingOccurrences(of: "olga\u{9B}@", with: "olga@")
            .replacingOccurrences(of: "SUMMARY:Budget", with: "SUMMARY:Budget \u{202E}gpj.exe")
        let handle = run(["ingest", cli.write("bidi.ics", text), "--print", "handle"]).out
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(run(["accept", handle, "--no-add"]).status == 0)
        #expect(run(["reply", handle]).out.contains("SUMMARY:Budget \u{202E}gpj.exe\r\n"))
        var terminal = cli
        terminal.outputIsTerminal = true
        let shown = terminal.run(["--calendar", calendar, "reply", handle]).out
        #expect(shown.contains("SUMMARY:Budget <U+202E>gpj.exe\r\n"), "\(shown)")
        #expect(!shown.contains("\u{202E}"))
        #expect(!terminal.run(["--calendar", calendar, "reply", handle, "--mime"]).out.contains("\u{202E}"))
    }
}
