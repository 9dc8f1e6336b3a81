import Foundation
import InvitesTestSupport
import Testing

/// Your own event with a slide deck attached inline (Outlook and Apple Calendar export
/// `ATTACH;ENCODING=BASE64;VALUE=BINARY`, folded): it is read and conflicts like any other (it
/// was skipped as unreadable and `check` said free). An event that truly cannot be read makes
/// `check` say unknown, never free.
@Suite struct AttachedEventTests {
    let cli = CLIHarness()

    /// A content line folded every 75 octets with CRLF and a space, as RFC 5545 §3.1 folds.
    static func folded(_ line: String) -> String {
        var rest = Substring(line)
        var lines: [Substring] = [rest.prefix(75)]
        rest = rest.dropFirst(75)
        while !rest.isEmpty {
            lines.append(rest.prefix(74))
            rest = rest.dropFirst(74)
        }
        return lines.joined(separator: "\r\n ")
    }

    /// A calendar with your event of 10:00-11:00 on 10 July 2024, `extra` among its properties.
    func calendar(_ extra: String, summary: String = "Board review") -> String {
        let lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN",
            "BEGIN:VEVENT", "UID:board@example.org", "DTSTAMP:20240601T000000Z", "DTSTART:20240710T100000Z",
            "DTEND:20240710T110000Z", Self.folded("SUMMARY:" + summary), extra, "END:VEVENT", "END:VCALENDAR", "",
        ]
        return cli.write("calendar.ics", lines.joined(separator: "\r\n"))
    }

    /// Ingests an invitation of 10:30-11:30 that day; returns its handle.
    func invitation(_ options: [String]) -> String {
        let lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//t//EN", "METHOD:REQUEST", "BEGIN:VEVENT",
            "UID:sync@example.org", "DTSTAMP:20240601T000000Z", "DTSTART:20240710T103000Z",
            "DTEND:20240710T113000Z", "SUMMARY:Sync", "ORGANIZER:mailto:alice@example.org",
            "ATTENDEE;RSVP=TRUE:mailto:me@example.org", "END:VEVENT", "END:VCALENDAR", "",
        ]
        let file = cli.write("invite.ics", lines.joined(separator: "\r\n"))
        return cli.run(options + ["ingest", file, "--print", "handle"]).out
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func anEventWithTwoMegabytesAttachedIsRead() throws {
        let slides = Data((0..<1_500_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) })
        let attach = Self.folded(
            "ATTACH;ENCODING=BASE64;VALUE=BINARY;FMTTYPE=application/pdf;X-FILENAME=slides.pdf:"
                + slides.base64EncodedString())
        #expect(attach.utf8.count > 2_000_000)
        let options = ["--tz", "UTC", "--calendar", calendar(attach)]
        let handle = invitation(options)
        try #require(!handle.isEmpty)
        let show = cli.run(options + ["show", handle, "--width", "80"])
        #expect(!show.err.contains("cannot be read"), "\(show.err)")
        #expect(show.out.contains("Board review"), "\(show.out)")
        let check = cli.run(options + ["check", handle])
        #expect(check.status == 3, "\(check.out)\(check.err)")
        #expect(check.out == "\(handle): 1 conflict: Sync collides with Board review\n")
    }

    @Test("An event that cannot be read is unknown, never free")
    func anEventThatCannotBeReadIsUnknownNeverFree() throws {
        // A title of 2 MiB: the bound holds for what invites needs of an event.
        let options = [
            "--tz", "UTC", "--calendar", calendar("TRANSP:OPAQUE", summary: String(repeating: "x", count: 2 << 20)),
        ]
        let handle = invitation(options)
        try #require(!handle.isEmpty)
        let check = cli.run(options + ["check", handle])
        #expect(check.status == 1, "\(check.out)\(check.err)")
        #expect(check.out.hasPrefix("\(handle): unknown: Sync: "), "\(check.out)")
        #expect(check.out.hasSuffix("calendar.ics:4 could not be read\n"), "\(check.out)")
        #expect(check.err.contains("VEVENT cannot be read, skipped"))
        let json = cli.run(options + ["--json", "check", handle])
        #expect(json.status == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect(document["free"] as? Bool == false)
        #expect(document["unknown"] as? Bool == true)
    }
}
