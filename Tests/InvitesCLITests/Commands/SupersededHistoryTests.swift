import Foundation
import InvitesKit
import InvitesTestSupport
import Testing

/// The history tells what went (issue 35, part 4): an answer a newer one replaced before `send`
/// says superseded, by which answer and when, and what became of its comment; the one mail that
/// goes carries neither. End to end, with a sendmail stand-in that keeps what it is given.
@Suite struct SupersededHistoryTests {
    var cli: CLIHarness
    let invitation = CLIHarness.repositoryFile("Tests/InvitesCLITests/Fixtures/weekly-invite.ics")
    let calendar: String
    let handle: String

    init() throws {
        var cli = CLIHarness()
        cli.variables["INVITES_ME"] = "me@example.org"
        calendar = cli.write("calendar.ics", "")
        try cli.keepSentMail()
        cli.now = { Date.utc("2024-06-01T12:00:00Z") }
        self.cli = cli
        handle = cli.run(["--calendar", calendar, "ingest", invitation, "--print", "handle"]).out
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs at `time` (hours and minutes of 1 June 2024, UTC).
    mutating func run(_ arguments: [String], at time: String) -> CLIHarness.Result {
        cli.now = { Date.utc("2024-06-01T\(time):00Z") }
        return cli.run(["--calendar", calendar] + arguments)
    }

    /// Each mail the stand-in kept, its quoted-printable soft breaks and `=3D` undone.
    func sent() -> [String] {
        cli.sentMail.map {
            $0.replacingOccurrences(of: "=\r\n", with: "").replacingOccurrences(of: "=\n", with: "")
                .replacingOccurrences(of: "=3D", with: "=")
        }
    }

    func history() throws -> [[String: Any]] {
        let result = cli.run(["--json", "history"])
        let document = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
        return try #require(document?["entries"] as? [[String: Any]])
    }

    /// `decline --comment cannot`, `accept`, `send`: one mail, Accepted, without the comment;
    /// the decline says it was superseded by the accept and not sent, nor its comment.
    @Test("A decline replaced by an accept says it was not sent")
    mutating func aDeclineReplacedByAnAcceptSaysItWasNotSent() throws {
        #expect(run(["decline", handle, "--comment", "cannot"], at: "12:00").status == 0)
        #expect(run(["accept", handle], at: "12:05").status == 0)
        let send = run(["send"], at: "12:10")
        #expect(send.status == 0)
        #expect(send.out == "\(handle): sent 'Accepted: Weekly sync' to ann@example.org\n")
        let mails = sent()
        try #require(mails.count == 1)
        let mail = mails[0]
        #expect(mail.contains("Subject: Accepted: Weekly sync"))
        #expect(mail.contains("ATTENDEE;PARTSTAT=ACCEPTED:mailto:me@example.org"))
        #expect(mail.contains("METHOD:REPLY"))
        #expect(!mail.contains("cannot") && !mail.contains("COMMENT") && !mail.contains("DECLINED"))
        let lines = run(["history"], at: "12:15").out.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "Sat 1 Jun 2024 12:05  \(handle)  accepted   Weekly sync  (Mon 3 Jun 2024 07:30-08:00 UTC)  [reply sent]",
                "Sat 1 Jun 2024 12:00  \(handle)  declined   Weekly sync  (Mon 3 Jun 2024 07:30-08:00 UTC)  \"cannot\"  "
                    + "[reply superseded by the accept of Sat 1 Jun 2024 12:05; not sent, nor its comment]",
            ])
        let entries = try history()
        #expect(entries.map { $0["delivery"] as? String } == ["sent", "superseded"])
        #expect(entries.map { $0["sentAt"] as? String } == ["2024-06-01T12:10:00Z", nil])
        #expect(entries.map { $0["supersededAt"] as? String } == [nil, "2024-06-01T12:05:00Z"])
        let by = try #require(entries[1]["supersededBy"] as? [String: Any])
        #expect(by["action"] as? String == "accepted" && by["at"] as? String == "2024-06-01T12:05:00Z")
        #expect(by["recurrenceId"] is NSNull)
        #expect(entries.allSatisfy { $0["commentLeftOutBy"] is NSNull })
        #expect(entries[0]["supersededBy"] is NSNull)
        // The outbox lists the one message that went, and nothing for the decline.
        let outbox = cli.run(["outbox", "--all"]).out.split(separator: "\n")
        #expect(outbox.count == 1 && outbox.first?.contains("sent         Accepted: Weekly sync") == true, "\(outbox)")
    }

    /// The series accepted with a comment, then one occurrence declined before `send`: the one
    /// mail reports both answers, not the comment, and the accept says so.
    @Test("An occurrence's answer leaves the series' comment out")
    mutating func anOccurrenceAnswerLeavesTheSeriesCommentOut() throws {
        #expect(run(["accept", handle, "--comment", "Fine"], at: "12:00").status == 0)
        #expect(run(["decline", handle, "--occurrence", "2024-06-04"], at: "12:03").status == 0)
        #expect(run(["send"], at: "12:04").status == 0)
        let mails = sent()
        try #require(mails.count == 1)
        #expect(mails[0].contains("Subject: Declined: Weekly sync"))
        #expect(mails[0].contains("PARTSTAT=ACCEPTED") && mails[0].contains("PARTSTAT=DECLINED"))
        #expect(!mails[0].contains("Fine"))
        let lines = run(["history"], at: "12:15").out.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasSuffix("[reply sent]") == true, "\(lines)")
        #expect(
            lines.last?.hasSuffix(
                "\"Fine\"  [reply sent without its comment, left out by the decline of Sat 1 Jun 2024 12:03]") == true,
            "\(lines)")
        let left = try #require(try history().last?["commentLeftOutBy"] as? [String: Any])
        #expect(left["action"] as? String == "declined" && left["recurrenceId"] as? String == "2024-06-04T07:30:00Z")
    }

    /// A comment alone, then an answer, before `send`: the answer's reply does not carry the
    /// comment, and the comment's entry says it was not sent.
    @Test("A comment alone replaced by an answer says it was not sent")
    mutating func aCommentAloneReplacedByAnAnswerSaysItWasNotSent() throws {
        #expect(run(["comment", handle, "running late"], at: "12:00").status == 0)
        #expect(run(["tentative", handle], at: "12:01").status == 0)
        #expect(run(["send"], at: "12:02").status == 0)
        #expect(sent().count == 1 && sent().first?.contains("running late") == false)
        let lines = run(["history"], at: "12:15").out.split(separator: "\n")
        #expect(
            lines.last?.hasSuffix(
                "\"running late\"  [reply superseded by the tentative answer of Sat 1 Jun 2024 12:01; not sent]")
                == true, "\(lines)")
    }

    /// A reply the relay refused stays queued; a newer answer takes its place, `send --again`
    /// sends that one alone, and the history says the first never went.
    @Test mutating func sendAgainSendsOnlyTheAnswerThatStands() throws {
        let refusing = cli.write("refusing", "#!/bin/sh\necho 'relay refused' >&2\nexit 75\n")
        let config = cli.home + "/config/invites/config"
        let working = try String(contentsOfFile: config, encoding: .utf8)
        FileManager.default.createFile(atPath: config, contents: Data("sendmail = /bin/sh \(refusing)\n".utf8))
        #expect(run(["decline", handle, "--comment", "cannot", "--send"], at: "12:00").status == 1)
        FileManager.default.createFile(atPath: config, contents: Data(working.utf8))
        #expect(run(["accept", handle], at: "12:05").status == 0)
        #expect(run(["send", "--again"], at: "12:06").status == 0)
        #expect(sent().count == 1 && sent().first?.contains("Subject: Accepted") == true)
        #expect(try history().map { $0["delivery"] as? String } == ["sent", "superseded"])
    }
}
