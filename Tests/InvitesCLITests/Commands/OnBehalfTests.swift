import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit

/// Answering for someone (`--for ADDR`, the `on_behalf_of` setting): the REPLY's ATTENDEE is
/// theirs with `SENT-BY` you (RFC 5545 §3.2.18), the mail from them with you as its `Sender`
/// (RFC 5322 §3.6.2's own secretary example), and your own answers are untouched otherwise.
@Suite struct OnBehalfTests {
    let options = ["--tz", "America/New_York", "--me", "sec@example.com"]

    func harness() -> CLIHarness {
        let cli = CLIHarness()
        #expect(cli.run(options + ["ingest", SeriesTests.fixture("rfc5546-4.4.1-series.ics")]).status == 0)
        return cli
    }

    /// The newest message in the outbox, as queued.
    func newest(_ cli: CLIHarness) throws -> String {
        let store = try InboxStore(home: cli.home)
        return String(decoding: try #require(try store.outbox().last).body, as: UTF8.self)
    }

    @Test func aReplyForSomeoneElse() throws {
        let cli = harness()
        let answered = cli.run(options + ["accept", "123456789", "--for", "B@example.com", "--no-add"])
        #expect(answered.status == 0, "\(answered.err)")
        #expect(answered.out == "z9pr: accepted \"Review Accounts\" for b@example.com\n")
        let message = try newest(cli)
        #expect(message.contains("\r\nFrom: b@example.com\r\n") || message.contains("\nFrom: b@example.com\n"))
        #expect(message.contains("Sender: sec@example.com"))
        #expect(!message.contains("Reply-To"))
        let unfolded = message.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "=\n", with: "")
            .replacingOccurrences(of: "=0D", with: "").replacingOccurrences(of: "\n ", with: "")
            .replacingOccurrences(of: "=3D", with: "=")
        #expect(unfolded.contains("ATTENDEE;PARTSTAT=ACCEPTED;SENT-BY=\"mailto:sec@example.com\":mailto:b@example.com"))
        #expect(!unfolded.contains("ATTENDEE;PARTSTAT=ACCEPTED:mailto:sec@example.com"))
        // `reply` prints the same, and only with --for: without it the answer is your own.
        let reply = cli.run(options + ["reply", "123456789", "--for", "b@example.com"]).out
        #expect(reply.contains("SENT-BY=\"mailto:sec@example.com\""))
        #expect(cli.run(options + ["reply", "123456789"]).out.contains("ATTENDEE;PARTSTAT=ACCEPTED:mailto:sec@"))
    }

    @Test func theSettingAndItsMistakes() throws {
        let cli = harness()
        let config = cli.write("config", "on_behalf_of = b@example.com\n")
        let shown = cli.run(["--config", config] + options + ["config"]).out
        #expect(shown.contains("on_behalf_of"))
        #expect(shown.contains("b@example.com"))
        let counter = cli.run(
            ["--config", config] + options + ["propose", "123456789", "--at", "2099-07-01 15:00", "--no-send"])
        #expect(counter.status == 0, "\(counter.err)")
        let message = try newest(cli)
        #expect(message.contains("method=COUNTER"))
        #expect(message.contains("Sender: sec@example.com"))
        #expect(message.replacingOccurrences(of: "=3D", with: "=").contains("SENT-BY=\"mailto:sec@example.com\""))
        let bad = cli.write("bad", "on_behalf_of = not an address\n")
        #expect(cli.run(["--config", bad] + options + ["list"]).status == 2)
        let flag = cli.run(options + ["accept", "123456789", "--for", "nobody", "--no-add"])
        #expect(flag.status == 2)
        #expect(flag.err.contains("--for takes the e-mail address you answer for"))
    }
}
