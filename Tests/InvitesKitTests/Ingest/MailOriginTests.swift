import Foundation
import Testing

@testable import InvitesKit
@testable import InvitesModel

/// Who a mailed invitation is from, and what the receiving server found of it.
@Suite struct MailOriginTests {
    static let alice = Invite.Person(name: "Alice", email: "alice@corp.example", sentBy: "assistant@corp.example")

    /// From, Sender, and the note expected for Alice's invitation.
    @Test(
        "A mail is the organizer's when From or Sender is the organizer or their SENT-BY",
        arguments: [
            ("alice@corp.example", nil, nil),
            ("Alice@Corp.Example", nil, nil),
            ("assistant@corp.example", nil, nil),
            ("calendar-notification@google.com", "alice@corp.example", nil),
            ("alice@corp.example", "bounces@mailer.example", nil),
            ("mallory@evil.example", nil, "sent by mallory@evil.example for alice@corp.example"),
            (
                "noreply@calendar.example", "relay@calendar.example",
                "sent by relay@calendar.example for alice@corp.example"
            ),
        ] as [(String?, String?, String?)])
    func aMailIsTheOrganizersWhenFromOrSenderIsTheOrganizerOrSentBy(_ from: String?, _ sender: String?, _ note: String?)
    {
        let origin = MailOrigin(from: from, sender: sender)
        #expect(origin.note(for: Self.alice) == note)
        #expect(origin.isFrom(Self.alice) == (note == nil))
    }

    @Test("Without an organizer's address there is nobody to compare with")
    func withoutAnOrganizersAddressThereIsNobodyToCompareWith() {
        let origin = MailOrigin(from: "anyone@example.org", sender: nil)
        #expect(origin.note(for: nil) == nil)
        #expect(origin.note(for: Invite.Person(name: "Alice", email: nil)) == nil)
    }

    @Test func failedChecksAreToldEvenFromTheOrganizer() {
        let origin = MailOrigin(from: "alice@corp.example", sender: nil, failedChecks: ["dmarc=fail"])
        #expect(origin.note(for: Self.alice) == "your mail server's checks of its sender failed (dmarc=fail)")
    }

    /// A header's text, the From domain, and the failures that concern it.
    @Test(
        arguments: [
            ("mx.example.org; dkim=pass header.d=corp.example; spf=pass smtp.mailfrom=corp.example; dmarc=pass", []),
            ("mx.example.org; dmarc=fail (p=reject dis=none) header.from=corp.example", ["dmarc=fail"]),
            ("mx.example.org; dmarc=fail header.from=other.example", []),
            ("mx.example.org; dkim=fail (bad signature) header.d=corp.example header.i=@corp.example", ["dkim=fail"]),
            ("mx.example.org; dkim=fail header.d=mailer.example", []),
            ("mx.example.org; spf=fail smtp.mailfrom=bounce@mail.corp.example", ["spf=fail"]),
            ("mx.example.org; spf=softfail smtp.mailfrom=corp.example", []),
            ("mx.example.org; spf=permerror smtp.mailfrom=corp.example", ["spf=permerror"]),
            ("mx.example.org 1; auth=pass (\"dmarc=fail; x\") smtp.auth=me", []),
            ("mx.example.org; none", []),
            ("", []),
            ("mx; DMARC=FAIL header.from=CORP.EXAMPLE; dkim=fail header.d=corp.example", ["dmarc=fail", "dkim=fail"]),
        ] as [(String, [String])])
    func failuresForTheFromDomainAreRead(_ header: String, _ failures: [String]) {
        #expect(AuthenticationResults.failures(in: header, fromDomain: "corp.example") == failures)
    }
}
