import Testing

@testable import InvitesKit

/// The answer's destination is the user's choice: https anywhere, plain http to this machine only.
@Suite struct RespondURLTests {
    @Test(arguments: [
        "https://calendar.example.com/answers", "http://127.0.0.1:8080/answers", "http://localhost/a",
        "http://[::1]:9000/a", "http://127.1.2.3/a",
    ])
    func accepted(_ text: String) throws {
        #expect(try RespondURL(text).description == text)
    }

    @Test(arguments: [
        "http://calendar.example.com/answers", "ftp://example.com/", "/answers", "https://",
        "http://127.0.0.1.evil.com/",
        "https://user:secret@example.com/", "not a url",
    ])
    func refused(_ text: String) {
        #expect(throws: OutboxError.self) { try RespondURL(text) }
    }
}
