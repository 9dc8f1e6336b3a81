import Foundation
import InvitesKit
import InvitesTestSupport
import Testing

@testable import InvitesCLI

/// Answers that reach the organizer: the outbox, `send`, `--send` and the `send` setting, and
/// the commands that act on "this message" (`-`), as a mail client runs them.
@Suite struct SendCommandTests {
    let cli: CLIHarness
    let mail = CLIHarness.repositoryFile("Tests/InvitesCLITests/Fixtures/mail/google-twice.eml")
    let calendar: String
    let sentFolder: String

    init() throws {
        var cli = CLIHarness()
        cli.variables["INVITES_ME"] = "ann@example.org"
        self.cli = cli
        calendar = cli.write("calendar.ics", "")
        sentFolder = cli.home + "/sent"
        try config(sendmail: sendmail(exit: 0))
    }

    /// A sendmail stand-in: keeps each message it is given in `sent/`, or fails with `status`.
    func sendmail(exit status: Int) -> String {
        cli.write(
            "sendmail-\(status)",
            """
            #!/bin/sh
            mkdir -p "\(sentFolder)"
            cat > "\(sentFolder)/$$.eml"
            [ \(status) = 0 ] || { echo "relay refused" >&2; exit \(status); }

            """)
    }

    func config(sendmail script: String, extra: String = "") throws {
        chmod(script, 0o755)
        try FileManager.default.createDirectory(atPath: cli.home + "/config/invites", withIntermediateDirectories: true)
        // Through /bin/sh: a script just written may not be executable at once (ETXTBSY) while a
        // test beside this one forks with it still open for writing.
        let text = "name = Ann Example\nsendmail = /bin/sh \(script) -t -i\n\(extra)"
        FileManager.default.createFile(atPath: cli.home + "/config/invites/config", contents: Data(text.utf8))
    }

    func run(_ arguments: [String], stdin: String = "") -> CLIHarness.Result {
        cli.run(["--calendar", calendar] + arguments, stdin: stdin)
    }

    func sent() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: sentFolder)) ?? []).compactMap {
            try? String(contentsOfFile: sentFolder + "/" + $0, encoding: .utf8)
        }
    }

    func outbox() throws -> [[String: Any]] {
        let result = run(["--json", "outbox", "--all"])
        let document = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
        return try #require(document?["messages"] as? [[String: Any]])
    }

    var message: String { (try? String(contentsOfFile: mail, encoding: .utf8)) ?? "" }

    /// The mail read in a client: `ingest - --print handle` names its one invitation (the mail
    /// carries it twice), and again after a second read.
    @Test func thisMessageHasOneHandle() {
        let first = run(["ingest", "-", "--print", "handle"], stdin: message)
        #expect(first.status == 0)
        #expect(first.out.split(separator: "\n").count == 1)
        let second = run(["ingest", "-", "--print", "handle"], stdin: message)
        #expect(second.out == first.out)
        #expect(run(["ingest", "-", "--print", "title"], stdin: message).status == 2)
    }

    /// `accept - --send`: the invitation in the message is answered and the reply goes at once,
    /// threaded with the invitation mail, from the name setting.
    @Test func acceptThisMessageAndSend() throws {
        let result = run(["accept", "-", "--comment", "See you", "--send"], stdin: message)
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("accepted \"Quarterly review\""))
        #expect(result.out.contains("sent 'Accepted: Quarterly review' to olga@example.org"))
        let mails = sent()
        try #require(mails.count == 1)
        #expect(mails[0].contains("From: Ann Example <ann@example.org>"))
        #expect(mails[0].contains("In-Reply-To: <quarterly-review-invitation@calendar.example.org>"))
        #expect(mails[0].contains("method=REPLY"))
        let history = run(["history"])
        #expect(history.out.contains("[reply sent]"))
        #expect(try outbox().map { $0["state"] as? String } == ["sent"])
        let again = run(["accept", "-", "--send"], stdin: message)
        #expect(again.status == 0)
        #expect(sent().count == 2, "a second accept is a second answer, and its reply goes too")
    }

    /// A command that fails: the answer stands, the reply stays queued with what the command
    /// said, exit 1; `send` later delivers it once.
    @Test func aFailingSendmailKeepsTheReplyQueued() throws {
        let handle = run(["ingest", mail, "--print", "handle"]).out.trimmingCharacters(in: .whitespacesAndNewlines)
        try config(sendmail: sendmail(exit: 75))
        let declined = run(["decline", handle, "--send"])
        #expect(declined.status == 1)
        #expect(declined.out.contains("declined"))
        #expect(declined.err.contains("relay refused") && declined.err.contains("stays queued"))
        let waiting = try outbox()
        #expect(waiting.first?["state"] as? String == "queued" && waiting.first?["attempts"] as? Int == 1)
        #expect(run(["outbox"]).out.contains("1 attempt; last: "))
        let failures = sent().count
        try config(sendmail: sendmail(exit: 0))
        let send = run(["send"])
        #expect(send.status == 0)
        #expect(sent().count == failures + 1)
        #expect(run(["send"]).out == "Nothing to send.\n")
        #expect(try outbox().map { $0["state"] as? String } == ["sent"])
    }

    /// The default is `send = never`: nothing leaves the machine unless the user says so.
    @Test func nothingIsSentUnlessAsked() throws {
        let result = run(["accept", "-"], stdin: message)
        #expect(result.status == 0)
        #expect(result.err.contains("the reply is queued; 'invites send' sends it"))
        #expect(sent().isEmpty)
        try config(sendmail: sendmail(exit: 0), extra: "send = always\n")
        let handle = run(["ingest", mail, "--print", "handle"]).out.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(run(["tentative", handle, "--no-send"]).err.contains("queued"))
        #expect(sent().isEmpty)
        #expect(run(["decline", handle]).status == 0)
        #expect(sent().count == 1, "send = always sends the newest answer, which superseded the older ones")
        try config(sendmail: sendmail(exit: 0), extra: "send = ask\n")
        let asked = run(["accept", handle])
        #expect(asked.err.contains("no terminal to ask on"))
        var asking = cli
        asking.confirm = { _ in false }
        #expect(asking.run(["--calendar", calendar, "accept", handle]).err.contains("the reply is queued"))
        #expect(sent().count == 1)
        asking.confirm = { $0.contains("Send the reply") }
        #expect(asking.run(["--calendar", calendar, "decline", handle]).out.contains("sent 'Declined"))
        #expect(sent().count == 2)
        try config(sendmail: sendmail(exit: 0), extra: "send = sometimes\n")
        let bad = run(["accept", handle])
        #expect(bad.err.contains("'send' takes always, ask or never"))
        #expect(run(["accept", handle, "--send", "--no-send"]).status == 2)
    }

    /// A comment alone reaches the organizer (RFC 5546 §3.2.3); `--private` keeps it.
    @Test func aCommentAloneIsQueued() throws {
        let handle = run(["ingest", mail, "--print", "handle"]).out.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(run(["comment", handle, "Can we start at 10:30?", "--send"]).status == 0)
        let mails = sent()
        try #require(mails.count == 1)
        #expect(mails[0].contains("Subject: Commented: Quarterly review"))
        #expect(run(["reply", handle]).out.contains("PARTSTAT=NEEDS-ACTION"))
        #expect(run(["comment", handle, "bring the slides", "--private"]).status == 0)
        #expect(try outbox().count == 1)
    }

    /// A push payload's answer is JSON for its sender's server: `reply --mime` is an error, not
    /// JSON for sendmail.
    @Test func aPushInviteHasNoMail() {
        let payload = cli.write(
            "p.json", #"{"title":"Reunion","start":"2027-04-10T08:00:00Z","end":"2027-04-10T09:00:00Z","id":12}"#)
        _ = run(["ingest", payload])
        _ = run(["accept", "12"])
        let mime = run(["reply", "12", "--mime"])
        #expect(mime.status == 1)
        #expect(mime.out.isEmpty)
        #expect(mime.err.contains("push payload"))
        let send = run(["send"])
        #expect(send.status == 1)
        #expect(send.err.contains("no respond_url is set"))
    }

    /// `ingest --maildir`: every invitation once, and nothing the second time, wherever the
    /// client moved the message.
    @Test func aMaildirIsReadOnce() throws {
        let maildir = cli.home + "/Mail/INBOX"
        for folder in ["new", "cur", "tmp"] {
            try FileManager.default.createDirectory(atPath: maildir + "/" + folder, withIntermediateDirectories: true)
        }
        try FileManager.default.copyItem(atPath: mail, toPath: maildir + "/new/1701000000.M1P1.host")
        FileManager.default.createFile(
            atPath: maildir + "/new/1701000001.M2P1.host", contents: Data("Subject: lunch?\n\nNoon?\n".utf8))
        let first = run(["ingest", "--maildir", maildir])
        #expect(first.status == 0, "\(first.err)")
        #expect(first.out.split(separator: "\n").count == 1)
        #expect(first.out.contains("new") && first.out.contains("Quarterly review"))
        #expect(run(["ingest", "--maildir", maildir]).out.isEmpty)
        try FileManager.default.moveItem(
            atPath: maildir + "/new/1701000000.M1P1.host", toPath: maildir + "/cur/1701000000.M1P1.host:2,S")
        #expect(run(["ingest", "--maildir", maildir]).out.isEmpty)
        #expect(run(["ingest", "--maildir", cli.home]).status == 65)
    }

    /// An answer still waiting when the organizer's CANCEL arrives is withdrawn: `send` does not
    /// send it (not with `--again` either), ingest says so, and the outbox and the history show it.
    @Test func aCancellationWithdrawsTheWaitingAnswer() throws {
        let handle = run(["ingest", mail, "--print", "handle"]).out.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(run(["accept", handle, "--no-send"]).status == 0)
        let cancel = cli.write(
            "cancel.ics",
            """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//Example Calendar//EN\r
            METHOD:CANCEL\r
            BEGIN:VEVENT\r
            UID:quarterly-review@calendar.example.org\r
            SEQUENCE:1\r
            DTSTAMP:20270602T080000Z\r
            DTSTART:20270614T100000Z\r
            DTEND:20270614T110000Z\r
            SUMMARY:Quarterly review\r
            STATUS:CANCELLED\r
            ORGANIZER;CN=Olga Organizer:mailto:olga@example.org\r
            ATTENDEE;CN=Ann Attendee:mailto:ann@example.org\r
            END:VEVENT\r
            END:VCALENDAR\r

            """)
        let ingested = run(["ingest", cancel])
        #expect(ingested.status == 0, "\(ingested.err)")
        #expect(ingested.out.contains("cancelled"))
        #expect(
            ingested.err.contains("\(handle): the message waiting in the outbox for it was withdrawn"),
            "\(ingested.err)")
        #expect(run(["send"]).out == "Nothing to send.\n")
        _ = run(["send", "--again"])
        #expect(sent().isEmpty)
        #expect(try outbox().map { $0["state"] as? String } == ["withdrawn"])
        #expect(run(["outbox", "--all"]).out.contains("withdrawn"))
        #expect(run(["outbox"]).out == "Nothing waits to be sent.\n")
        let history = run(["history", handle]).out
        #expect(history.contains("[reply withdrawn: the organizer cancelled; not sent]"), "\(history)")
    }

    @Test func configShowsHowRepliesLeave() {
        let config = run(["config"])
        #expect(config.out.contains("send"))
        #expect(config.out.contains("sendmail"))
        #expect(config.out.contains("Ann Example"))
    }
}
