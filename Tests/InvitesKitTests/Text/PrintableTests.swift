import Testing

@testable import InvitesFormats
@testable import InvitesKit

/// A document (an iCalendar text, a mail) shown on a terminal keeps its lines and tabs; nothing
/// else a stranger wrote reaches the terminal as it is.
@Suite struct PrintableDocumentTests {
    @Test(arguments: [
        ("BEGIN:VCALENDAR\r\nSUMMARY:a\tb\r\n", "BEGIN:VCALENDAR\r\nSUMMARY:a\tb\r\n"),
        ("lf\nonly\n", "lf\nonly\n"), ("t\u{1B}]0;title\u{7}x\r\n", "t^[]0;title^Gx\r\n"),
        ("over\rwrite\r\n", "over write\r\n"), ("csi\u{9B}2J", "csi<U+009B>2J"), ("\u{202E}evil", "<U+202E>evil"),
        ("del\u{7F}", "del^?"), ("end\r", "end "), ("日本\r\n", "日本\r\n"),
    ])
    func documentOnATerminal(text: String, shown: String) {
        #expect(Printable.document(text) == shown)
    }
}
