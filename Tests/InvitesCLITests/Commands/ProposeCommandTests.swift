import Foundation
import InvitesKit
import InvitesTestSupport
import Testing

@testable import InvitesCLI

/// `invites propose`: a new time through the outbox, at a time given or the first free one,
/// refused where the organizer takes none; the organizer's DECLINECOUNTER shown on the
/// invitation; `review`'s `p`.
@Suite struct ProposeCommandTests {
    let calendar = CLIHarness.repositoryFile("fixtures/calendar.ics")
    let fixtures = CLIHarness.repositoryFile("Tests/InvitesCLITests/Fixtures/triage")

    /// A copy of the sample calendar in the harness's home: answers write to it.
    func options(_ cli: CLIHarness) -> [String] {
        ["--calendar", cli.home + "/calendar.ics", "--tz", "America/Los_Angeles", "--me", "me@example.org"]
    }

    /// The planning invitation (10:00-11:00 on the sample's day), with the clock on 1 April 2018.
    func harness(_ files: [String] = ["planning.ics"]) -> CLIHarness {
        var cli = CLIHarness()
        cli.now = { Date.utc("2018-04-01T12:00:00Z") }
        _ = cli.write("calendar.ics", (try? String(contentsOfFile: calendar, encoding: .utf8)) ?? "")
        #expect(cli.run(options(cli) + ["ingest"] + files.map { fixtures + "/" + $0 }).status == 0)
        return cli
    }

    func outbox(_ cli: CLIHarness) throws -> [[String: Any]] {
        let listed = cli.run(["--json", "outbox", "--all"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(listed.out.utf8)) as? [String: Any])
        return try #require(document["messages"] as? [[String: Any]])
    }

    @Test func atATimeOnTheSameDay() throws {
        let cli = harness()
        let proposed = cli.run(options(cli) + ["propose", "planning", "--at", "15:00", "--comment", "After lunch?"])
        #expect(proposed.status == 0, "\(proposed.err)")
        #expect(
            proposed.out
                == "q5zr: proposed Tue 10 Apr 2018 15:00-16:00 PDT for \"Planning\", instead of Tue 10 Apr 2018 10:00-11:00 PDT\n"
        )
        #expect(proposed.err == "invites: q5zr: the proposal is queued; 'invites send' sends it\n")
        let messages = try outbox(cli)
        #expect(messages.map { $0["subject"] as? String } == ["New time proposed: Planning"])
        let history = cli.run(options(cli) + ["history"]).out
        #expect(
            history.contains(
                "proposed   Planning  (Tue 10 Apr 2018 15:00-16:00 PDT)  \"After lunch?\"  [proposal queued]"))
        let show = cli.run(options(cli) + ["show", "planning"]).out
        #expect(show.contains("\n  proposed   Tue 10 Apr 2018 15:00-16:00 PDT (proposal queued)\n"))
        #expect(cli.run(options(cli) + ["list"]).out.contains("pending"))
    }

    @Test(arguments: [
        ("2018-04-11 09:30", "Wed 11 Apr 2018 09:30-10:30 PDT"), ("2018-04-12", "Thu 12 Apr 2018 10:00-11:00 PDT"),
        ("2018-04-11T14:00", "Wed 11 Apr 2018 14:00-15:00 PDT"),
        ("2018-04-11T20:00:00Z", "Wed 11 Apr 2018 13:00-14:00 PDT"),
    ])
    func atForms(at: String, proposed: String) {
        let cli = harness()
        let result = cli.run(options(cli) + ["propose", "planning", "--at", at])
        #expect(result.out.contains("proposed \(proposed) for"), "\(result.out)\(result.err)")
    }

    @Test func mistakesAreUsageErrors() {
        let cli = harness()
        #expect(cli.run(options(cli) + ["propose", "planning"]).status == 2)
        #expect(cli.run(options(cli) + ["propose", "planning", "--free", "--at", "15:00"]).status == 2)
        #expect(cli.run(options(cli) + ["propose", "planning", "--at", "teatime"]).status == 2)
        let same = cli.run(options(cli) + ["propose", "planning", "--at", "10:00"])
        #expect(same.status == 1)
        #expect(same.err.contains("q5zr is already at that time"))
    }

    /// The sample day is busy at 10:00 (the dentist) and free from 11:00 to 12:30: the first free
    /// hour within 09:00-17:00 from the invitation's day on is 11:00.
    @Test func theFirstFreeTime() throws {
        let cli = harness()
        let proposed = cli.run(options(cli) + ["propose", "planning", "--free"])
        #expect(proposed.out.contains("proposed Tue 10 Apr 2018 11:00-12:00 PDT for \"Planning\""), "\(proposed.err)")
        let json = cli.run(options(cli) + ["--json", "propose", "planning", "--free", "--no-send"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let proposal = try #require(document["proposal"] as? [String: Any])
        #expect(proposal["start"] as? String == "2018-04-10T18:00:00Z")
        #expect((proposal["was"] as? [String: String])?["start"] == "2018-04-10T17:00:00Z")
        #expect(proposal["delivery"] as? String == "queued")
        // The newer proposal superseded the older one: one COUNTER waits.
        #expect(try outbox(cli).filter { $0["state"] as? String == "queued" }.count == 1)
        // Working hours from the config: only 16:00-18:00 on Tuesdays is looked at.
        try FileManager.default.createDirectory(atPath: cli.home + "/config/invites", withIntermediateDirectories: true)
        _ = cli.write("config/invites/config", "workday = 16:00-18:00\nworkdays = tue\n")
        #expect(
            cli.run(options(cli) + ["propose", "planning", "--free"]).out.contains("Tue 10 Apr 2018 16:00-17:00 PDT"))
    }

    @Test func oneOccurrenceOfASeries() throws {
        var cli = CLIHarness()
        cli.now = { Date.utc("2024-05-20T00:00:00Z") }
        #expect(cli.run(["--tz", "Europe/Berlin", "ingest", fixtures + "/../series/weekly.ics"]).status == 0)
        let handle = try #require(cli.run(["list", "--handles"]).out.split(separator: "\n").first).description
        let shown = cli.run(["--tz", "Europe/Berlin", "--json", "show", handle])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(shown.out.utf8)) as? [String: Any])
        let second = try #require((document["occurrences"] as? [[String: Any]])?[1]["recurrenceId"] as? String)
        let proposed = cli.run([
            "--tz", "Europe/Berlin", "--me", "me@example.org", "propose", handle, "--occurrence", second, "--at",
            "16:00",
        ])
        #expect(proposed.status == 0, "\(proposed.err)")
        #expect(proposed.out.contains("(the occurrence \(second))"))
    }

    /// A proposal for the series, then one for an occurrence: two COUNTERs, both waiting, since
    /// neither carries the other (the second once superseded the first, and history said both
    /// went). A newer proposal for the same component replaces the older, whose entry says so.
    @Test("Proposals for the series and an occurrence both wait")
    func proposalsForTheSeriesAndAnOccurrenceBothWait() throws {
        var cli = CLIHarness()
        cli.now = { Date.utc("2026-12-01T00:00:00Z") }
        let options = ["--tz", "UTC", "--me", "me@example.org"]
        #expect(cli.run(options + ["ingest", fixtures + "/../series/weekly.ics"]).status == 0)
        let handle = try #require(cli.run(["list", "--handles"]).out.split(separator: "\n").first).description
        #expect(cli.run(options + ["propose", handle, "--at", "2026-12-07 14:00"]).status == 0)
        #expect(
            cli.run(options + ["propose", handle, "--occurrence", "20261214T090000Z", "--at", "15:00"]).status == 0)
        #expect(try outbox(cli).map { $0["state"] as? String } == ["queued", "queued"])
        var history = cli.run(options + ["history"]).out
        #expect(history.components(separatedBy: "[proposal queued]").count == 3, "\(history)")
        cli.now = { Date.utc("2026-12-01T00:05:00Z") }
        #expect(cli.run(options + ["propose", handle, "--at", "2026-12-07 16:00"]).status == 0)
        #expect(try outbox(cli).map { $0["subject"] as? String }.count == 2, "the first is superseded")
        history = cli.run(options + ["history"]).out
        #expect(
            history.contains(
                "(Mon 7 Dec 2026 14:00-15:00 UTC)  [proposal superseded by the proposal of Tue 1 Dec 2026 00:05; not sent]"
            ), "\(history)")
        let json = cli.run(options + ["--json", "history"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let entries = try #require(document["entries"] as? [[String: Any]])
        #expect(entries.map { $0["delivery"] as? String } == ["queued", "queued", "superseded"])
        #expect(entries.last?["supersededAt"] as? String == "2026-12-01T00:05:00Z")
    }

    /// `--at` a time already past is refused, by the injected clock, naming the time.
    @Test func aTimeInThePastIsRefused() {
        let cli = harness()
        let past = cli.run(options(cli) + ["propose", "planning", "--at", "2018-03-30 10:00"])
        #expect(past.status == 2)
        #expect(
            past.err.hasPrefix(
                "invites: error: --at 2018-03-30 10:00 is in the past (it is Sun 1 Apr 2018 05:00 PDT now)"),
            "\(past.err)")
        #expect(cli.run(options(cli) + ["history"]).out == "No answers yet.\n")
        #expect(cli.run(options(cli) + ["propose", "planning", "--at", "2018-04-01 06:00"]).status == 0)
    }

    @Test("A proposal is refused where the organizer takes none, and for push invites")
    func refusedWhereTheOrganizerTakesNoProposalsAndForPushInvites() {
        let cli = harness(["teams-weekly.ics"])
        let refused = cli.run(options(cli) + ["propose", "teams-weekly", "--at", "15:00"])
        #expect(refused.status == 1)
        #expect(
            refused.err.contains(
                "the organizer does not take proposals of a new time (X-MICROSOFT-DISALLOW-COUNTER:TRUE)"))
        #expect(refused.err.contains("invites comment"))
        #expect(cli.run(["outbox"]).out.contains("No") || cli.run(["outbox"]).out.isEmpty)
        let push = cli.write(
            "p.json", #"{"title":"Dinner","start":"2018-04-10T18:00:00Z","end":"2018-04-10T20:00:00Z","id":7}"#)
        #expect(cli.run(options(cli) + ["ingest", push]).status == 0)
        let pushed = cli.run(options(cli) + ["propose", "7", "--free"])
        #expect(pushed.status == 1)
        #expect(pushed.err.contains("came as a push payload"))
    }

    @Test func aProposalDoesNotTakeTheAnswersPlace() throws {
        let cli = harness()
        #expect(cli.run(options(cli) + ["tentative", "planning", "--no-add"]).status == 0)
        #expect(cli.run(options(cli) + ["propose", "planning", "--at", "15:00"]).status == 0)
        let subjects = try outbox(cli).filter { $0["state"] as? String == "queued" }.compactMap {
            $0["subject"] as? String
        }
        #expect(subjects.sorted() == ["New time proposed: Planning", "Tentative: Planning"])
    }

    @Test("The organizer's DECLINECOUNTER is shown, not refused")
    func theOrganizersDeclineCounterIsShownNotRefused() throws {
        let cli = harness()
        #expect(cli.run(options(cli) + ["propose", "planning", "--at", "15:00"]).status == 0)
        let declined = cli.run(options(cli) + ["ingest", fixtures + "/planning-declinecounter.ics"])
        #expect(declined.status == 0)
        #expect(
            declined.out
                == "q5zr: the organizer declined your proposal of a new time for \"Planning\": \"Sorry, the room is taken then\"\n"
        )
        let again = cli.run(options(cli) + ["ingest", fixtures + "/planning-declinecounter.ics"])
        #expect(again.out.hasSuffix("(already in the history)\n"))
        let show = cli.run(options(cli) + ["show", "planning", "--width", "132"]).out
        #expect(
            show.contains(
                "\n  proposed   Tue 10 Apr 2018 15:00-16:00 PDT: declined by the organizer (\"Sorry, the room is taken then\")\n"
            ))
        let json = cli.run(options(cli) + ["--json", "show", "planning"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let proposal = try #require((document["details"] as? [String: Any])?["proposal"] as? [String: Any])
        #expect(proposal["declined"] as? Bool == true)
        #expect(proposal["organizerComment"] as? String == "Sorry, the room is taken then")
        #expect(cli.run(["history", "--status", "proposal-declined"]).out.contains("proposal-declined"))
        let stranger = CLIHarness()
        let unknown = stranger.run(["ingest", fixtures + "/planning-declinecounter.ics"])
        #expect(unknown.status == 65)
        #expect(unknown.err.contains("which is not in the inbox"))
    }

    @Test func reviewProposesWithP() {
        let cli = harness()
        let review = cli.run(options(cli) + ["review"], stdin: "p\n15:00\nt\n")
        #expect(review.out.contains("new start (2026-12-14 15:00, 15:00; Enter: the first free time): "))
        #expect(review.out.contains("q5zr: proposed Tue 10 Apr 2018 15:00-16:00 PDT for \"Planning\""))
        #expect(review.out.contains("q5zr: the proposal is queued; 'invites send' sends it"))
        #expect(review.out.contains("proposed   Tue 10 Apr 2018 15:00-16:00 PDT (proposal queued)"))
        #expect(review.out.contains("q5zr: tentative \"Planning\""))
        let second = harness()
        let free = second.run(options(second) + ["review"], stdin: "p\n\nq\n")
        #expect(free.out.contains("proposed Tue 10 Apr 2018 11:00-12:00 PDT"))
        let third = harness(["teams-weekly.ics"])
        let refused = third.run(options(third) + ["review"], stdin: "p\n15:00\nq\n")
        #expect(refused.out.contains("X-MICROSOFT-DISALLOW-COUNTER:TRUE"))
    }
}
