import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesFormats
@testable import InvitesKit

/// What is dropped from a stranger's text before it goes into iCalendar that `invites` composes:
/// C0 but HTAB (and LF in TEXT, which libical writes `\n`), DEL and C1; in an address or a URI
/// they are percent-encoded, so that no other address comes of it.
@Suite struct ICalControlsTests {
    @Test(arguments: [
        ("Pay \u{1B}[31mnow\u{07}", true, "Pay [31mnow"), ("a\u{9B}2Jb\u{85}c\u{7F}", true, "a2Jbc"),
        ("line\none\r\ntwo", true, "line\none\ntwo"), ("line\none", false, "lineone"),
        ("tab\there", false, "tab\there"),
        ("\u{202E}rtl \u{200F}mark", true, "\u{202E}rtl \u{200F}mark"), ("plain", true, "plain"),
        ("\u{0}nul", true, "nul"), ("é日\u{A0}", true, "é日\u{A0}"),
    ])
    func textLosesItsControls(text: String, lineBreaks: Bool, expected: String) {
        #expect(ICalComponent.withoutControls(text, lineBreaks: lineBreaks) == expected)
    }

    @Test(arguments: [
        ("mailto:olga\u{9B}@example.org", "mailto:olga%C2%9B@example.org"),
        ("https://example.org/\u{1B}[2J", "https://example.org/%1B[2J"),
        ("mailto:ann@example.org", "mailto:ann@example.org"),
        ("mailto:a\tb@example.org", "mailto:a%09b@example.org"),
    ])
    func anAddressIsPercentEncoded(text: String, expected: String) {
        #expect(ICalComponent.percentEncodingControls(text) == expected)
    }

    /// Every value and parameter of a component and its children; the UID and TZIDs kept where
    /// a calendar copy must be found again by them.
    @Test(arguments: [false, true])
    func aComponentAndItsChildren(keepingIdentity: Bool) throws {
        let text = """
            BEGIN:VCALENDAR\r
            BEGIN:VEVENT\r
            UID:u\u{1B}id\r
            SUMMARY:s\u{1B}[31mt\u{9B}\r
            DTSTART;TZID=Zone\u{9B}X:20270614T100000\r
            X-THING;X-PARAM=p\u{9B}q:x\u{7}y\r
            ATTENDEE;CN=C\u{9B}N;DELEGATED-FROM="mailto:d\u{9B}@example.org":mailto:a\u{9B}@example.org\r
            BEGIN:VALARM\r
            ACTION:DISPLAY\r
            DESCRIPTION:alarm\u{1B}\r
            END:VALARM\r
            END:VEVENT\r
            END:VCALENDAR\r

            """
        let calendar = try #require(ICalComponent.parse(text))
        calendar.dropControls(keepingIdentity: keepingIdentity)
        let written = calendar.serialized.replacingOccurrences(of: "\r\n ", with: "")
        #expect(written.contains("SUMMARY:s[31mt\r\n"))
        #expect(written.contains("X-THING;X-PARAM=pq:xy\r\n"), "\(written)")
        #expect(
            written.contains(
                "ATTENDEE;CN=CN;DELEGATED-FROM=\"mailto:d%C2%9B@example.org\":mailto:a%C2%9B@example.org\r\n"))
        #expect(written.contains("DESCRIPTION:alarm\r\n"))
        if keepingIdentity {
            #expect(written.contains("UID:u\u{1B}id\r\n") && written.contains("DTSTART;TZID=Zone\u{9B}X:"))
        } else {
            #expect(written.contains("UID:uid\r\n") && written.contains("DTSTART;TZID=ZoneX:"))
            #expect(
                !written.unicodeScalars.contains {
                    ($0.value < 0x20 && $0.value != 0x0A && $0.value != 0x0D) || (0x7F..<0xA0).contains($0.value)
                })
        }
    }

    /// The COMMENT an answer in place adds to a server's item: escaped, and without controls.
    @Test func aCommentLineForAnAnswerInPlace() {
        #expect(
            ICalComponent.commentLine("late; \u{1B}[31msorry\u{9B}\nreally") == "COMMENT:late\\; [31msorry\\nreally\r\n"
        )
    }
}
