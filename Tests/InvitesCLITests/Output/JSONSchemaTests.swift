import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesCLI

/// Every command's `--json` output, and every error, against `docs/json-schema.json`: one
/// document on one line, with `"schema": 2`, that the schema's definition for that command
/// accepts (and its root, which takes exactly one of them).
@Suite struct JSONSchemaTests {
    let cli = CLIHarness()
    let validator: JSONSchemaValidator
    let weekly = CLIHarness.repositoryFile("Tests/InvitesCLITests/Fixtures/weekly-invite.ics")
    /// A copy of a calendar fixture: the answers below write into it.
    let calendar: String

    init() throws {
        validator = try JSONSchemaValidator(path: CLIHarness.repositoryFile("docs/json-schema.json"))
        let fixture = CLIHarness.repositoryFile("Tests/InvitesKitTests/Fixtures/calendars/recurrence.ics")
        calendar = cli.write("calendar.ics", try String(contentsOfFile: fixture, encoding: .utf8))
    }

    /// Runs a command with `--json`, checks its document against `$defs/<definition>` and the
    /// root, and returns it.
    @discardableResult
    func document(
        _ arguments: [String], _ definition: String, status: Int32 = 0,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String: Any] {
        let result = cli.run(["--json", "--tz", "Europe/Berlin", "--me", "me@example.org"] + arguments)
        #expect(result.status == status, "\(arguments): \(result.err)", sourceLocation: sourceLocation)
        #expect(
            result.out.hasSuffix("\n") && result.out.filter { $0 == "\n" }.count == 1,
            "\(arguments): not one line", sourceLocation: sourceLocation)
        let value = try JSONSerialization.jsonObject(with: Data(result.out.utf8))
        let object = try #require(value as? [String: Any], sourceLocation: sourceLocation)
        #expect(object["schema"] as? Int == 2, sourceLocation: sourceLocation)
        let problems =
            validator.problems(value, against: ["$ref": "#/$defs/\(definition)"]) + validator.problems(value)
        #expect(problems.isEmpty, "\(arguments): \(problems.joined(separator: "; "))", sourceLocation: sourceLocation)
        return object
    }

    @Test func everyCommandFollowsTheSchema() throws {
        let options = ["--calendar", calendar]
        let push = cli.write(
            "push.json", #"{"title":"Lunch","start":"2024-07-01T10:00:00Z","end":"2024-07-01T11:00:00Z","id":7}"#)
        let bad = cli.write("bad.json", "{")
        let ingested = try document(options + ["ingest", weekly, push, bad], "ingest", status: 1)
        #expect((ingested["failed"] as? [[String: Any]])?.first?["file"] as? String == bad)
        try document(options + ["ingest", "/nonexistent.ics"], "ingest", status: 66)
        let publish = cli.write(
            "publish.ics",
            [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//t//EN", "METHOD:PUBLISH", "BEGIN:VEVENT",
                "UID:booking@example.org", "DTSTAMP:20240501T000000Z", "DTSTART;VALUE=DATE:20240710",
                "DTEND;VALUE=DATE:20240711", "SUMMARY:Booking", "END:VEVENT", "END:VCALENDAR", "",
            ].joined(separator: "\r\n"))
        try document(options + ["ingest", publish], "ingest")
        let listed = try document(["list", "--all"], "list")
        #expect((listed["invites"] as? [Any])?.count == 3)
        try document(["list"], "list")
        try document(["list", "--handles"], "list")
        let show = try document(options + ["show", "weekly-sync"], "show")
        #expect((show["occurrences"] as? [Any])?.count == 6)
        let one = try document(options + ["show", "7"], "show")
        #expect((one["occurrences"] as? [Any])?.isEmpty == true)
        try document(options + ["check", "weekly-sync"], "check", status: 3)
        try document(options + ["check", "7"], "check")
        try document(options + ["accept", "weekly-sync", "--comment", "Fine"], "answer")
        try document(options + ["decline", "weekly-sync", "--occurrence", "2024-06-04 09:30"], "answer")
        try document(options + ["tentative", "7", "--no-add"], "answer")
        try document(options + ["comment", "7", "Hungry"], "answer")
        try document(options + ["accept", "booking", "--no-add"], "answer")
        let history = try document(["history"], "history")
        #expect((history["entries"] as? [[String: Any]])?.allSatisfy { $0.keys.contains("id") } == true)
        try document(["history", "7", "--since", "7d"], "history")
        try document(["reply", "weekly-sync"], "reply")
        try document(["reply", "weekly-sync", "--mime"], "reply")
        try document(["reply", "7"], "reply")
        try document(["reply", "weekly-sync", "--out", cli.home + "/reply.ics"], "reply")
        try document(options + ["day", "2024-06-04"], "day")
        try document(options + ["propose", "weekly-sync", "--at", "2024-07-01 15:00", "--no-send"], "propose")
        try document(["refresh", "weekly-sync", "--comment", "Lost it", "--no-send"], "refresh")
        try document(["forward", "weekly-sync", "erin@example.org", "--no-send"], "forward")
        try document(options + ["delegate", "weekly-sync", "dan@example.org", "--no-send"], "delegate")
        try document(options + ["ingest", TaskInvitationTests.fixture(TaskInvitationTests.request)], "ingest")
        try document(options + ["progress", TaskInvitationTests.uid, "40", "--no-send"], "answer")
        try document(options + ["done", TaskInvitationTests.uid, "--no-send"], "answer")
        try document(["history", TaskInvitationTests.uid], "history")
        try document(["outbox"], "outbox")
        try document(["outbox", "--all"], "outbox")
        // A second proposal for the series supersedes the first, whose entry says so; the
        // organizer's CANCEL then withdraws what waits.
        try document(options + ["propose", "weekly-sync", "--at", "2024-07-01 16:00", "--no-send"], "propose")
        let raw = try String(contentsOfFile: weekly, encoding: .utf8)
        let cancel = cli.write(
            "cancel.ics",
            raw.replacingOccurrences(of: "METHOD:REQUEST", with: "METHOD:CANCEL")
                .replacingOccurrences(of: "SEQUENCE:0", with: "SEQUENCE:1"))
        try document(options + ["ingest", cancel], "ingest")
        let withdrawn = try document(["history", "weekly-sync"], "history")
        let deliveries = (withdrawn["entries"] as? [[String: Any]])?.compactMap { $0["delivery"] as? String } ?? []
        #expect(deliveries.contains("superseded") && deliveries.contains("withdrawn"), "\(deliveries)")
        let all = try document(["outbox", "--all"], "outbox")
        #expect((all["messages"] as? [[String: Any]])?.contains { $0["state"] as? String == "withdrawn" } == true)
        let sent = try document(["send", "7"], "send", status: 1)
        #expect((sent["results"] as? [[String: Any]])?.first?["result"] as? String == "queued")
        // Only the push answer (no respond_url: it stays queued); the mail replies would go to
        // this machine's own sendmail.
        try document(["send", "7", "--again"], "send", status: 1)
        try document(["status"], "status")
        try document(["config"], "config")
        try document(["--calendar", "/nonexistent.ics", "config"], "config")
        let scheduling = cli.write("scheduling.conf", "scheduling = client\nscheduling = server \(weekly)\n")
        let configured = try document(["--config", scheduling, "config"], "config")
        let mode = ((configured["settings"] as? [String: Any])?["scheduling"] as? [String: Any])?["value"]
        #expect(((mode as? [String: Any])?["calendars"] as? [Any])?.count == 1)
        for shell in ["bash", "zsh", "fish"] { try document(["completions", shell], "completions") }
        try document(["help"], "help")
        try document(["help", "show"], "help")
        try document(["show", "--help"], "help")
        try document(["help", "--man"], "help")
        try document(["--help"], "help")
        try document(["--version"], "version")
        let commands = Set(InvitesCommand.commands.map(\.name))
        #expect(
            commands
                == [
                    "ingest", "list", "show", "check", "accept", "decline", "tentative", "comment", "history", "reply",
                    "status", "config", "completions", "send", "outbox", "propose", "day", "review", "watch",
                    "refresh", "forward", "delegate", "progress", "done",
                ], "a new command needs a case here and a definition in the schema")
    }

    @Test func everyErrorIsADocumentWithTheSameStatus() throws {
        let missing = try document(["show", "nope"], "error", status: 1)
        #expect((missing["error"] as? [String: Any])?["kind"] as? String == "failure")
        try document(["frobnicate"], "error", status: 2)
        try document(["help", "shwo"], "error", status: 2)
        try document(["list", "--bogus"], "error", status: 2)
        try document(["list", "--status", "maybe"], "error", status: 2)
        try document(["--config", "/nonexistent/config", "status"], "error", status: 66)
        try document(["--calendar", "/nonexistent.ics", "show", "x"], "error", status: 66)
        try document(["ingest", "-"], "ingest", status: 65)
        let config = cli.write("config", "before = 2 hours\n")
        let usage = try document(["--config", config, "list"], "error", status: 2)
        #expect(
            (usage["error"] as? [String: Any])?["message"] as? String == "\(config):1: 'before' takes a duration "
                + "like 90m, 2h or 1h30m, up to 7d, not '2 hours'")
        #expect(cli.run(["list", "--bogus"]).out.isEmpty, "no JSON without --json")
    }

    @Test func theValidatorFindsWhatIsWrong() throws {
        let good: [String: Any] = ["schema": 2, "pending": 3]
        #expect(validator.problems(good).isEmpty)
        #expect(!validator.problems(["schema": 2, "pending": -1]).isEmpty)
        #expect(!validator.problems(["schema": 2, "pending": "3"]).isEmpty)
        #expect(!validator.problems(["schema": 1, "pending": 3]).isEmpty)
        #expect(!validator.problems(["schema": 2, "pending": 3, "extra": true]).isEmpty)
        #expect(!validator.problems(["schema": 2]).isEmpty)
        let boolean = try JSONSerialization.jsonObject(with: Data(#"{"schema":2,"pending":true}"#.utf8))
        #expect(!validator.problems(boolean).isEmpty, "true is no integer")
        #expect(!validator.problems(good, against: ["type": "object", "unknownKeyword": 1]).isEmpty)
    }
}
