import Foundation
import InvitesKit
import InvitesTestSupport
import Testing

@testable import InvitesCLI
@testable import InvitesFormats

/// Whole commands, in-process: output, diagnostics and exit statuses as the spec promises them.
@Suite struct CommandTests {
    let cli = CLIHarness()
    let calendar = CLIHarness.repositoryFile("fixtures/calendar.ics")
    let payload = CLIHarness.repositoryFile("fixtures/invite.json")

    func sample() -> [String] { ["--calendar", calendar, "--tz", "America/Los_Angeles"] }

    @Test func ingestThenShowTheSample() throws {
        let ingest = cli.run(sample() + ["ingest", payload])
        #expect(ingest.status == 0)
        #expect(ingest.err.isEmpty)
        try Snapshot.assert(ingest.out, named: "ingest-sample")
        let show = cli.run(sample() + ["show", "12", "--width", "80"])
        #expect(show.status == 0)
        try Snapshot.assert(show.out, named: "show-sample-80")
        let again = cli.run(sample() + ["ingest", payload])
        #expect(again.out.contains("unchanged"))
    }

    @Test func showJSONFollowsTheSchema() throws {
        _ = cli.run(sample() + ["ingest", payload])
        let show = cli.run(sample() + ["--json", "show", "12"])
        #expect(show.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(show.out.utf8)) as? [String: Any])
        let invite = try #require(document["invite"] as? [String: Any])
        #expect(invite["id"] as? String == "12")
        #expect(invite["start"] as? String == "2018-04-10T16:00:00Z")
        #expect(invite["status"] as? String == "pending")
        let window = try #require(document["window"] as? [String: Any])
        #expect(window["start"] as? String == "2018-04-10T14:00:00Z")
        #expect(window["end"] as? String == "2018-04-10T22:00:00Z")
        let events = try #require(document["events"] as? [[String: Any]])
        #expect(
            events.map { $0["uid"] as? String ?? "" } == [
                "conference-berlin@example.org", "standup-2018@example.org", "yoga-0410@example.org",
                "dentist-0410@example.org", "lunch-0410@example.org", "gym-0410@example.org",
            ])
        #expect(events[0]["allDay"] as? Bool == true)
        #expect(events[0]["start"] as? String == "2018-04-09")
        #expect(events[3]["conflict"] as? Bool == true)
        #expect(events[3]["overlapMinutes"] as? Int == 60)
        #expect(events[2]["free"] as? Bool == true)
        #expect(document["conflicts"] as? Int == 3)
    }

    @Test func checkExitsThreeOnConflictAndZeroWhenFree() {
        _ = cli.run(sample() + ["ingest", payload])
        let busy = cli.run(sample() + ["check", "12"])
        #expect(busy.status == 3)
        #expect(busy.out.split(separator: "\n").count == 1)
        let free = cli.write(
            "free.json",
            #"{"title":"Free slot","start":"2018-04-11T20:00:00Z","end":"2018-04-11T21:00:00Z","id":"free"}"#)
        _ = cli.run(sample() + ["ingest", free])
        let clear = cli.run(sample() + ["check", "free"])
        #expect(clear.status == 0)
        #expect(clear.out.contains("free"))
    }

    @Test func listAndStatus() {
        let empty = cli.run(["list"])
        #expect(empty.out == "No pending invites.\n")
        #expect(cli.run(["status"]).out.isEmpty)
        let coming = cli.write(
            "coming.json", #"{"title":"Coming","start":"2024-07-01T10:00:00Z","end":"2024-07-01T11:00:00Z","id":"c"}"#)
        _ = cli.run(sample() + ["ingest", coming])
        #expect(cli.run(["status"]).out == "1 pending\n")
        #expect(cli.run(["list"]).out.contains("Coming"))
        #expect(cli.run(["list", "--status", "declined"]).out == "No invites.\n")
    }

    @Test func badPayloadIsRefusedAndNothingIsStored() {
        let bad = cli.write(
            "bad.json", #"{"title":"T","start":"2024-01-01T10:00:00Z","end":"2024-01-01T09:00:00Z","id":1}"#)
        let result = cli.run(["ingest", bad])
        #expect(result.status == 65)
        #expect(result.err == "invites: error: \(bad): payload: \"end\" is before \"start\"\n")
        #expect(cli.run(["list", "--all"]).out == "No invites.\n")
    }

    @Test func goodFilesAreIngestedBesideBadOnes() {
        let bad = cli.write("bad.json", #"{"start":"2024-01-01T10:00:00Z","end":"2024-01-01T11:00:00Z"}"#)
        let result = cli.run(["ingest", bad, payload, "/nonexistent/invite.ics"])
        #expect(result.status == 1)
        #expect(result.out.contains("Family Reunion"))
        #expect(result.err.contains("missing or empty \"title\""))
        #expect(result.err.contains("/nonexistent/invite.ics: no such file"))
    }

    @Test func standardInput() {
        let text = (try? String(contentsOfFile: payload, encoding: .utf8)) ?? ""
        let result = cli.run(["ingest", "-"], stdin: text)
        #expect(result.status == 0)
        #expect(result.out.contains("Family Reunion"))
    }

    @Test func calendarsThatCannotBeRead() {
        _ = cli.run(sample() + ["ingest", payload])
        let missing = cli.run(["--calendar", "/nonexistent/cal.ics", "show", "12"])
        #expect(missing.status == 66)
        #expect(missing.err.contains("/nonexistent/cal.ics"))
        let notCalendar = cli.run(["--calendar", payload, "show", "12"])
        #expect(notCalendar.status == 65)
        let firstRun = cli.run(["show", "12"])
        #expect(firstRun.status == 0)
        #expect(firstRun.err.contains("does not exist yet"))
    }

    @Test func usageErrorsSuggestAndExitTwo() {
        let typo = cli.run(["shwo", "12"])
        #expect(typo.status == 2)
        #expect(typo.err.contains("did you mean 'show'?"))
        #expect(typo.err.contains("Usage:"))
        let option = cli.run(["show", "12", "--widht", "80"])
        #expect(option.status == 2)
        #expect(option.err.contains("did you mean '--width'?"))
        #expect(cli.run(["show"]).status == 2)
        #expect(cli.run(["show", "12", "--before", "soon"]).status == 2)
    }

    @Test func unknownHandleFails() {
        let result = cli.run(["show", "nope"])
        #expect(result.status == 1)
        #expect(result.err.contains("no invite \"nope\""))
    }

    @Test func hostileTextIsNeutralised() {
        let hostile = cli.write(
            "hostile.json",
            #"{"title":"\u001b]0;pwned\u0007Evil\u202Etxt.exe","start":"2024-01-01T10:00:00Z","end":"2024-01-01T11:00:00Z","id":"x"}"#
        )
        let result = cli.run(["ingest", hostile])
        #expect(result.status == 0)
        #expect(!result.out.contains("\u{1B}"))
        #expect(!result.out.contains("\u{202E}"))
        #expect(result.out.contains("^[]0;pwned^GEvil<U+202E>txt.exe"))
        #expect(!cli.run(["list"]).out.contains("\u{1B}"))
    }

    @Test("Wide text in the details is cut by columns, not characters")
    func wideTextInTheDetailsIsCutByColumnsNotCharacters() throws {
        let wide = cli.write(
            "wide.json",
            #"{"title":"四半期の予算レビューと来年度の計画についての打ち合わせ","location":"東京本社 第三会議室（十二階）、オンライン参加も可","organizer":{"name":"山田 太郎 👩‍💻","email":"taro@example.jp"},"start":"2018-04-10T09:30:00-07:00","end":"2018-04-10T10:30:00-07:00","id":"wide"}"#
        )
        #expect(cli.run(sample() + ["ingest", wide]).status == 0)
        let show = cli.run(sample() + ["show", "wide", "--width", "40"])
        #expect(show.status == 0)
        for line in show.out.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(DisplayWidth.of(String(line)) <= 40, "\(line)")
        }
        try Snapshot.assert(show.out, named: "show-wide-40")
    }

    @Test func iTIPReplyIsRefusedWithWhatItIs() {
        let reply = cli.write(
            "reply.ics",
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:t\r\nMETHOD:REPLY\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTART:20240101T100000Z\r\nATTENDEE;PARTSTAT=ACCEPTED:mailto:a@example.org\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        )
        let result = cli.run(["ingest", reply])
        #expect(result.status == 65)
        #expect(result.err.contains("iTIP REPLY, a message for the organizer"))
    }

    @Test("A recurring invite is checked over its next occurrences")
    func recurringInviteIsCheckedOverItsNextOccurrences() throws {
        let invite = CLIHarness.repositoryFile("Tests/InvitesCLITests/Fixtures/weekly-invite.ics")
        let recurring = CLIHarness.repositoryFile("Tests/InvitesKitTests/Fixtures/calendars/recurrence.ics")
        let options = ["--calendar", recurring, "--tz", "Europe/Berlin"]
        #expect(cli.run(options + ["ingest", invite]).status == 0)
        let show = cli.run(options + ["show", "weekly-sync", "--width", "80"])
        #expect(show.status == 0)
        #expect(show.out.contains("conflicts with 3 of the next 6 occurrences"))
        try Snapshot.assert(show.out, named: "show-recurring-80")
        let check = cli.run(options + ["check", "weekly-sync", "--occurrences", "2"])
        #expect(check.status == 3)
        #expect(check.out.contains("(1 of the next 2)"))
        let json = cli.run(options + ["--json", "show", "weekly-sync"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect((document["occurrences"] as? [[String: Any]])?.count == 6)
    }

    @Test("Help for every command shows its options and an example")
    func helpForEveryCommandShowsItsOptionsAndAnExample() {
        for entry in InvitesCommand.commands {
            let viaFlag = cli.run([entry.name, "--help"])
            let viaHelp = cli.run(["help", entry.name])
            #expect(viaFlag.status == 0)
            #expect(viaFlag.out == viaHelp.out)
            #expect(viaFlag.out.contains("USAGE: invites [OPTIONS] \(entry.usage)"))
            for option in entry.spec.values.union(entry.spec.flags) {
                #expect(viaFlag.out.contains(option), "help for \(entry.name) does not explain \(option)")
            }
            #expect(viaFlag.out.contains("EXAMPLES:"))
        }
        #expect(cli.run(["--help"]).out.contains("SUBCOMMANDS:"))
        let man = cli.run(["help", "--man"])
        #expect(man.out.hasPrefix(".TH INVITES 1"))
        #expect(InvitesCommand.commands.allSatisfy { man.out.contains(".B invites \($0.name)") })
    }

    @Test func configNamesWhereEachSettingComesFrom() {
        let config = cli.write(
            "config", "# mine\ncalendar = \(calendar)\nme = Me@Example.org\nbefore = 90m\noccurrences = 4\n")
        var harness = cli
        harness.variables["INVITES_CONFIG"] = config
        let result = harness.run(["--tz", "Europe/Berlin", "config"])
        #expect(result.status == 0)
        #expect(result.out.contains("from \(config):2"))
        #expect(result.out.contains("me@example.org"))
        #expect(result.out.contains("1h30m"))
        #expect(result.out.contains("from --tz"))
        let broken = cli.write("broken", "calendar = \(calendar)\ncolour = always\n")
        harness.variables["INVITES_CONFIG"] = broken
        let error = harness.run(["config"])
        #expect(error.status == 2)
        #expect(error.err.contains("\(broken):2: unknown key 'colour'; did you mean 'color'?"))
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionsNameCommandsOptionsAndHandles(shell: String) {
        let result = cli.run(["completions", shell])
        #expect(result.status == 0)
        #expect(result.out.contains("accept"))
        #expect(result.out.contains("occurrences"))
        #expect(result.out.contains("list --all --handles"))
    }

    @Test func colourOnlyWhenAskedOrOnATerminal() {
        _ = cli.run(sample() + ["ingest", payload])
        #expect(!cli.run(sample() + ["show", "12"]).out.contains("\u{1B}["))
        #expect(cli.run(sample() + ["--color", "always", "show", "12"]).out.contains("\u{1B}["))
        #expect(cli.run(["--color", "sometimes", "status"]).status == 2)
    }

    @Test("Values libical dropped are reported as warnings")
    func valuesLibicalDroppedAreReportedAsWarnings() {
        let invite = cli.write(
            "bad-end.ics",
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:t\r\nMETHOD:REQUEST\r\nBEGIN:VEVENT\r\nUID:bad-end\r\nDTSTART:20240610T100000Z\r\nDTEND:202406101T110000Z\r\nLOCATION:\r\nSUMMARY:Bad end\r\nORGANIZER:mailto:a@example.org\r\nATTENDEE:mailto:b@example.org\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        )
        let result = cli.run(["ingest", invite])
        #expect(result.status == 0)
        #expect(result.err.contains("invites: warning: \(invite): Can't parse as DATE-TIME value in DTEND property"))
        #expect(!result.err.contains("LOCATION"))
    }
}
