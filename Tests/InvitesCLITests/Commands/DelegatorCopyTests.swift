import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit

/// Your answer to an invitation delegated to you (RFC 5546 §4.2.5's REQUEST as the delegate E
/// gets it) goes to the organizer with a copy to the delegator, in one mail: `Cc`, and the
/// outbox and the history name both.
@Suite struct DelegatorCopyTests {
    let options = ["--tz", "UTC", "--me", "e@example.com"]

    func harness() -> CLIHarness {
        let cli = CLIHarness()
        let fixture = CLIHarness.repositoryFile(
            "Tests/InvitesCLITests/Fixtures/itip/rfc5546-4.2.5-delegated-request.ics")
        #expect(cli.run(options + ["ingest", fixture]).status == 0)
        return cli
    }

    @Test func theDelegatorGetsACopyOfYourAnswer() throws {
        let cli = harness()
        let accepted = cli.run(options + ["accept", "calsrv", "--no-add", "--no-send"])
        #expect(accepted.status == 0, "\(accepted.err)")
        let message = try #require(try InboxStore(home: cli.home).outbox().first)
        #expect(message.recipient == "a@example.com")
        let text = String(decoding: message.body, as: UTF8.self)
        #expect(text.contains("\r\nCc: c@example.com\r\n") || text.contains("\nCc: c@example.com\n"), "\(text)")
        #expect(text.contains("A copy goes to c@example.com, who delegated this invitation to you."))
        #expect(DelegatorCopy.copied(in: message.body) == ["c@example.com"])
        let outbox = cli.run(options + ["outbox"]).out
        #expect(outbox.contains("Accepted: Phone Conference  to a@example.com, copy to c@example.com  ("), "\(outbox)")
        let history = cli.run(options + ["history"]).out
        #expect(history.contains("[reply queued, a copy to c@example.com]"), "\(history)")
        try Snapshot.assert(outbox, named: "delegator-copy-outbox")
        try Snapshot.assert(history, named: "delegator-copy-history")
    }

    @Test("The organizer alone, where nobody delegated it to you")
    func theOrganizerAloneWhereNobodyDelegatedIt() throws {
        let cli = harness()
        let options = ["--tz", "UTC", "--me", "b@example.com"]
        #expect(cli.run(options + ["accept", "calsrv", "--no-add", "--no-send"]).status == 0)
        let message = try #require(try InboxStore(home: cli.home).outbox().first)
        #expect(DelegatorCopy.copied(in: message.body).isEmpty)
        #expect(!cli.run(options + ["history"]).out.contains("a copy to"))
    }

    @Test("Cc read from the header block alone, folded or named")
    func ccIsReadFromTheHeaderBlockAlone() {
        let mail = "From: e@example.com\r\nCc: Carol <c@example.com>,\r\n d@example.com\r\n\r\nCc: x@example.com\r\n"
        #expect(DelegatorCopy.copied(in: Data(mail.utf8)) == ["c@example.com", "d@example.com"])
    }
}
