import Foundation
import Testing

@testable import InvitesKit

/// Which addresses a mail's `To:` can carry: RFC 5322's addr-spec with RFC 6532's UTF-8, and
/// nothing a stranger could hide a terminal's control in.
@Suite struct MailAddressTests {
    @Test(arguments: [
        "olga@example.org", "first.last+tag@sub.example.co.uk", "o'brien@example.ie",
        "x!#$%&'*+-/=?^_`{|}~@example.org",
        "\"quoted name\"@example.org", "\"a\\\"b\"@example.org", "\"at@inside\"@example.org", "user@[192.0.2.1]",
        "josé@exämple.de", "用户@例子.广告", "Olga@EXAMPLE.ORG",
    ])
    func valid(address: String) {
        #expect(MailAddress.isValid(address))
    }

    @Test(arguments: [
        "", "olga", "@example.org", "olga@", "olga\u{9B}@example.org", "olga@exa\u{1B}[2Jmple.org",
        "olga\u{7F}@example.org", "olga@example.org\r\nBcc: x@evil.example", "ol ga@example.org", "olga@exa mple.org",
        ".olga@example.org", "olga.@example.org", "ol..ga@example.org", "olga@example..org", "olga@.example.org",
        "\u{202E}agl o@example.org", "olga\u{200B}@example.org", "olga\u{A0}@example.org", "\"a\"b\"@example.org",
        "\"tab\u{9}\"@example.org", "\"open@example.org", "a@b@", "olga@[1.2.3.4\\]", "<olga@example.org>",
        "Olga <olga@example.org>", "olga@example.org,eve@evil.example",
        String(repeating: "a", count: 250) + "@example.org",
    ])
    func invalid(address: String) {
        #expect(!MailAddress.isValid(address))
    }
}
