import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit

/// Your delegate's REPLY reaching you, the delegator (RFC 5546 §4.2.5: C delegated to E; §4.2.6: E's
/// REPLY goes to A and C): filed as news on your delegation, and only the delegate you named
/// brings it; any other REPLY changes nothing and says why.
@Suite struct DelegateReplyTests {
    let options = ["--tz", "UTC", "--me", "c@example.com"]

    func fixture(_ name: String) -> String {
        CLIHarness.repositoryFile("Tests/InvitesCLITests/Fixtures/itip/\(name)")
    }

    /// C holds A's invitation and delegated it to E.
    func delegated() -> CLIHarness {
        let cli = CLIHarness()
        #expect(cli.run(options + ["ingest", fixture("delegation-request.ics")]).status == 0)
        let made = cli.run(options + ["delegate", "calsrv", "e@example.com", "--no-send"])
        #expect(made.status == 0, "\(made.err)")
        return cli
    }

    /// The RFC's REPLY from E with `change` made to its text, as a mail from `from` (or a bare file).
    func reply(_ cli: CLIHarness, from: String? = nil, _ change: (String) -> String = { $0 }) throws -> String {
        let text = change(try String(contentsOfFile: fixture("rfc5546-4.2.6-delegate-accepts.ics"), encoding: .utf8))
        guard let from else { return cli.write("reply.ics", text) }
        return cli.write(
            "reply.eml",
            "From: \(from)\r\nTo: a@example.com\r\nCc: c@example.com\r\nSubject: Accepted: Phone Conference\r\n"
                + "Message-ID: <reply-1@example.com>\r\nMIME-Version: 1.0\r\n"
                + "Content-Type: text/calendar; method=REPLY; charset=UTF-8\r\n\r\n" + text)
    }

    func historyCount(_ cli: CLIHarness) -> Int {
        cli.run(options + ["history"]).out.split(separator: "\n").count
    }

    @Test func theDelegatesAnswerIsFiledAsNews() throws {
        let cli = delegated()
        let ingested = cli.run(options + ["ingest", try reply(cli, from: "Erin <e@example.com>")])
        #expect(ingested.status == 0, "\(ingested.err)")
        #expect(
            ingested.out.hasSuffix(": e@example.com accepted (delegated by you) \"Phone Conference\"\n"),
            "\(ingested.out)")
        #expect(
            cli.run(options + ["list", "--all"]).out.contains("[e@example.com accepted (delegated by you)]"),
            "\(cli.run(options + ["list", "--all"]).out)")
        let shown = cli.run(options + ["show", "calsrv"]).out
        #expect(shown.contains("\n  answer     e@example.com accepted (delegated by you)\n"), "\(shown)")
        let history = cli.run(options + ["history"]).out
        #expect(history.contains("delegate-accepted"), "\(history)")
        #expect(history.contains("[e@example.com accepted (delegated by you)]"))
        try Snapshot.assert(shown, named: "delegate-reply-show")
        try Snapshot.assert(cli.run(options + ["list", "--all"]).out, named: "delegate-reply-list")
        try Snapshot.assert(history, named: "delegate-reply-history")
        let json = cli.run(options + ["--json", "history"]).out
        #expect(json.contains("\"action\":\"delegate-accepted\""), "\(json)")
        #expect(json.contains("\"delegatedTo\":\"e@example.com\""))
        // Still declined for you, nothing queued beyond the delegation's two messages.
        #expect(cli.run(options + ["list", "--all"]).out.contains("declined"))
        #expect(try InboxStore(home: cli.home).outbox().count == 2)
        // The same REPLY again: already in the history.
        let again = cli.run(options + ["ingest", try reply(cli, from: "e@example.com")])
        #expect(again.out.contains("(already in the history)"))
    }

    /// In a Maildir, the delegate's REPLY is filed, a reply to a meeting of your own (no
    /// DELEGATED-FROM of yours) passes silently, and one in the delegate's name from somebody
    /// else is told and changes nothing.
    @Test func inAMaildir() throws {
        let cli = delegated()
        let maildir = cli.home + "/Mail"
        for folder in ["new", "cur", "tmp"] {
            try FileManager.default.createDirectory(atPath: maildir + "/" + folder, withIntermediateDirectories: true)
        }
        func deliver(_ path: String, as name: String) throws {
            try FileManager.default.copyItem(atPath: path, toPath: maildir + "/new/" + name)
        }
        try deliver(try reply(cli, from: "e@example.com"), as: "1.M1P1.host")
        let own = try reply(cli, from: "b@example.com") {
            $0.replacingOccurrences(
                of: ";DELEGATED-\r\n FROM=\"mailto:c@example.com\":mailto:e@example.com", with: ":mailto:b@example.com"
            ).replacingOccurrences(
                of: "ATTENDEE;PARTSTAT=DELEGATED;\r\n DELEGATED-TO=\"mailto:e@example.com\":mailto:c@example.com\r\n",
                with: "")
        }
        try FileManager.default.moveItem(atPath: own, toPath: maildir + "/new/2.M2P2.host")
        let passed = cli.run(options + ["ingest", "--maildir", maildir])
        #expect(passed.status == 0, "\(passed.err)")
        #expect(passed.out.contains("e@example.com accepted (delegated by you)"), "\(passed.out)")
        #expect(passed.err.isEmpty, "\(passed.err)")
        let before = historyCount(cli)
        let forged = try reply(cli, from: "mallory@example.com") {
            $0.replacingOccurrences(of: "PARTSTAT=ACCEPTED", with: "PARTSTAT=DECLINED")
        }
        try FileManager.default.moveItem(atPath: forged, toPath: maildir + "/new/3.M3P3.host")
        let told = cli.run(options + ["ingest", "--maildir", maildir])
        #expect(told.err.contains("sent by mallory@example.com"), "\(told.err)")
        #expect(historyCount(cli) == before)
    }

    @Test("The RFC's decline by the delegate (§4.2.7), both ATTENDEEs in it, is filed with its comment")
    func theDelegatesDeclineIsFiled() throws {
        let cli = delegated()
        let ingested = cli.run(options + ["ingest", fixture("rfc5546-4.2.7-delegate-declines.ics")])
        #expect(ingested.status == 0, "\(ingested.err)")
        #expect(ingested.out.contains("e@example.com declined (delegated by you)"), "\(ingested.out)")
        #expect(ingested.out.contains("\"Sorry, I will be out of town at that time.\""))
        #expect(cli.run(options + ["list", "--all"]).out.contains("[e@example.com declined (delegated by you)]"))
    }

    @Test("A bare iCalendar file has no sender to check: the ATTENDEE must be the delegate")
    func aBareFileIsFiledByItsAttendee() throws {
        let cli = delegated()
        let declined = try reply(cli) { $0.replacingOccurrences(of: "PARTSTAT=ACCEPTED", with: "PARTSTAT=DECLINED") }
        #expect(cli.run(options + ["ingest", declined]).status == 0)
        #expect(cli.run(options + ["list", "--all"]).out.contains("[e@example.com declined (delegated by you)]"))
    }

    @Test(
        "A REPLY that is not your delegate's changes nothing and says why",
        arguments: [
            ("stranger", "you delegated it to e@example.com"),
            ("sender", "sent by mallory@example.com"),
            ("not yours", "iTIP REPLY, a message for the organizer"),
            ("unknown", "which is not in the inbox"),
            ("no answer", "answers nothing"),
        ])
    func aReplyThatIsNotYourDelegatesChangesNothing(_ kind: String, _ why: String) throws {
        let cli = delegated()
        let before = historyCount(cli)
        let path: String
        switch kind {
        case "stranger":
            path = try reply(cli, from: "f@example.com") {
                $0.replacingOccurrences(of: "\":mailto:e@example.com\r\n", with: "\":mailto:f@example.com\r\n")
            }
        case "sender": path = try reply(cli, from: "mallory@example.com")
        case "not yours":
            path = try reply(cli) { $0.replacingOccurrences(of: "mailto:c@example.com", with: "mailto:b@example.com") }
        case "unknown": path = try reply(cli) { $0.replacingOccurrences(of: "UID:calsrv", with: "UID:other") }
        default:
            path = try reply(cli) { $0.replacingOccurrences(of: "PARTSTAT=ACCEPTED", with: "PARTSTAT=NEEDS-ACTION") }
        }
        let ingested = cli.run(options + ["ingest", path])
        #expect(ingested.status == 65, "\(ingested.out) \(ingested.err)")
        #expect(ingested.err.contains(why), "\(ingested.err)")
        #expect(historyCount(cli) == before)
        #expect(cli.run(options + ["list", "--all"]).out.contains("[delegated to e@example.com]"))
    }
}
