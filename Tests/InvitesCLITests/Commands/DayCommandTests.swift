import Foundation
import InvitesKit
import InvitesTestSupport
import Testing

@testable import InvitesCLI

/// `invites day`: the day's events with the invitations waiting on it, conflicts marked, and
/// the free stretches within working hours.
@Suite struct DayCommandTests {
    let calendar = CLIHarness.repositoryFile("fixtures/calendar.ics")
    let payload = CLIHarness.repositoryFile("fixtures/invite.json")
    let allDay = CLIHarness.repositoryFile("Tests/InvitesCLITests/Fixtures/triage/all-day.ics")

    func options() -> [String] { ["--calendar", calendar, "--tz", "America/Los_Angeles"] }

    func harness(_ files: [String]) -> CLIHarness {
        let cli = CLIHarness()
        #expect(cli.run(options() + ["ingest"] + files).status == 0)
        return cli
    }

    @Test(arguments: [40, 80, 132])
    func theSampleDayAtEachWidth(width: Int) throws {
        let day = harness([payload]).run(options() + ["day", "2018-04-10", "--width", "\(width)"])
        #expect(day.status == 0)
        #expect(
            day.out.replacingOccurrences(of: "\n", with: " ").contains(
                "1 invitation waiting (1 with conflicts); free 4h30m within 09:00-17:00"))
        for line in day.out.split(separator: "\n") { #expect(line.count <= width, "\(line)") }
        try Snapshot.assert(day.out, named: "day-\(width)")
    }

    @Test(arguments: [40, 80, 132])
    func theDayOfAnAllDayInvitation(width: Int) throws {
        let day = harness([payload, allDay]).run(options() + ["day", "2018-04-10", "--width", "\(width)"])
        for line in day.out.split(separator: "\n") { #expect(line.count <= width, "\(line)") }
        try Snapshot.assert(day.out, named: "day-all-day-\(width)")
    }

    /// The days of the corpus's Teams, Zoom and Google Meet invitations, at each width.
    @Test(
        .enabled(if: Fixture.corpus != nil, "../shared/corpus is not here"),
        arguments: ShowDetailsTests.corpusCases.flatMap { item in [40, 80, 132].map { (item.0, item.1, $0) } })
    func corpusMeetingDays(name: String, path: String, width: Int) throws {
        var cli = CLIHarness()
        // Before the meetings: an invitation that is over is no longer waiting for an answer.
        cli.now = { Date.utc("2019-01-01T00:00:00Z") }
        let options = ["--tz", "Europe/Helsinki", "--me", "homer@example.com"]
        let file = try #require(ShowDetailsTests.corpusFile(path, into: cli))
        #expect(cli.run(options + ["ingest", file]).status == 0)
        let listed = cli.run(options + ["--json", "list"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(listed.out.utf8)) as? [String: Any])
        let start = try #require((document["invites"] as? [[String: Any]])?.first?["start"] as? String)
        let day = cli.run(options + ["day", String(start.prefix(10)), "--width", "\(width)"])
        #expect(day.status == 0)
        #expect(day.out.contains("1 invitation waiting"))
        for line in day.out.split(separator: "\n") { #expect(line.count <= width, "\(line)") }
        try Snapshot.assert(day.out, named: "day-\(name)-\(width)")
    }

    /// At 40 columns `day` and `show` keep every row's times and more of its title than six
    /// characters: the track takes what is left.
    @Test func atFortyColumnsEveryRowKeepsItsTimes() {
        let cli = harness([payload])
        let day = cli.run(options() + ["day", "2018-04-10", "--width", "40"]).out
        for times in ["09:00-13:00", "05:30-06:30", "08:30-09:30", "10:00-11:00", "12:30-13:30", "14:00-15:00"] {
            #expect(day.contains(times), "\(times)")
        }
        #expect(day.contains("School run ") && day.contains("Family Re") && day.contains("Lunch wit"))
        let show = cli.run(options() + ["show", "12", "--width", "40"]).out
        for times in ["09:00-13:00", "08:30-09:30", "10:00-11:00", "12:30-13:30"] {
            #expect(show.contains(times), "\(times)")
        }
        #expect(show.contains("Standup (") && show.contains("Lunch wit"))
    }

    @Test func freeStretchesAndConflictsInJSON() throws {
        let day = harness([payload]).run(options() + ["--json", "day", "2018-04-10"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(day.out.utf8)) as? [String: Any])
        #expect(document["date"] as? String == "2018-04-10")
        let free = try #require(document["free"] as? [[String: Any]])
        #expect(
            free.map { $0["start"] as? String ?? "" } == [
                "2018-04-10T16:30:00Z", "2018-04-10T18:00:00Z", "2018-04-10T20:30:00Z", "2018-04-10T22:00:00Z",
            ])
        #expect(free.map { $0["minutes"] as? Int ?? 0 } == [30, 90, 30, 120])
        let invitations = try #require(document["invitations"] as? [[String: Any]])
        #expect(invitations.count == 1)
        #expect(
            invitations[0]["conflicts"] as? [String] == [
                "standup-2018@example.org", "dentist-0410@example.org", "lunch-0410@example.org",
            ])
        let events = try #require(document["events"] as? [[String: Any]])
        #expect(events.filter { $0["conflict"] as? Bool == true }.count == 3)
        #expect((document["workday"] as? [String: Any])?["working"] as? Bool == true)
    }

    /// The free stretches never meet a busy event, by the rules `show` uses.
    @Test func noFreeStretchConflicts() throws {
        let cli = harness([payload])
        let day = cli.run(options() + ["--json", "day", "2018-04-10"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(day.out.utf8)) as? [String: Any])
        let events = try #require(document["events"] as? [[String: Any]])
        for stretch in try #require(document["free"] as? [[String: Any]]) {
            let start = Date.utc(stretch["start"] as? String ?? ""), end = Date.utc(stretch["end"] as? String ?? "")
            for event in events where event["free"] as? Bool == false && event["allDay"] as? Bool == false {
                let from = Date.utc(event["start"] as? String ?? ""), to = Date.utc(event["end"] as? String ?? "")
                #expect(!ConflictRules.intersects(from, to, start, end), "\(event) in \(stretch)")
            }
        }
    }

    @Test func anAllDayInvitationOnTheDay() throws {
        let day = harness([payload, allDay]).run(options() + ["day", "2018-04-10", "--width", "80"])
        #expect(day.out.contains("all day: Team offsite (invitation wjfv, conflict)"))
        #expect(day.out.contains("2 invitations waiting (2 with conflicts)"))
    }

    @Test func aDayOffAndTheSettings() throws {
        let cli = harness([payload])
        let saturday = cli.run(options() + ["day", "2018-04-14"])
        #expect(saturday.out.contains("not a working day (workdays = mon-fri)"))
        #expect(!saturday.out.contains("free:"))
        try FileManager.default.createDirectory(atPath: cli.home + "/config/invites", withIntermediateDirectories: true)
        _ = cli.write("config/invites/config", "workday = 08:00-12:00\nworkdays = sat-sun\n")
        let weekend = cli.run(options() + ["day", "2018-04-14"])
        #expect(weekend.out.contains("free 4h within 08:00-12:00"))
        #expect(
            cli.run(options() + ["day", "2018-04-10", "--width", "132"]).out.contains(
                "not a working day (workdays = sat,sun)"))
        #expect(cli.run(["config"]).out.contains("workdays        sat,sun"))
        _ = cli.write("config/invites/config", "workday = 17:00-09:00\n")
        let bad = cli.run(options() + ["day", "2018-04-10"])
        #expect(bad.status == 2, "a bad config value is a usage error, for every command")
        #expect(cli.run(["list"]).status == 2)
        #expect(bad.err.contains("'workday' takes two times like 09:00-17:00"))
    }

    @Test func datesAndTheirMistakes() {
        let cli = harness([payload])
        // The harness's clock stands at Sat 1 Jun 2024, 12:00 UTC.
        #expect(cli.run(options() + ["day"]).out.hasPrefix("Sat 1 Jun 2024\n"))
        #expect(cli.run(options() + ["day", "tomorrow"]).out.hasPrefix("Sun 2 Jun 2024\n"))
        #expect(cli.run(options() + ["day", "yesterday"]).out.hasPrefix("Fri 31 May 2024\n"))
        #expect(cli.run(options() + ["day", "2018-02-30x"]).status == 2)
        #expect(cli.run(options() + ["day", "a", "b"]).status == 2)
    }
}
