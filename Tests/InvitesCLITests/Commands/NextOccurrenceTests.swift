import Foundation
import InvitesTestSupport
import Testing

/// An ongoing series is shown by its next occurrence, said to be the next, not by a first date
/// years back; `show` keeps the first date below it, and `--json` keeps the series' start.
@Suite struct NextOccurrenceTests {
    let cli = CLIHarness()
    let invite = CLIHarness.repositoryFile("Tests/InvitesCLITests/Fixtures/ongoing-weekly.ics")

    @Test func listShowsTheNextOccurrence() throws {
        #expect(cli.run(["--tz", "UTC", "ingest", invite]).status == 0)
        let list = cli.run(["--tz", "UTC", "list"])
        #expect(list.status == 0)
        #expect(list.out.contains("next Mon 3 Jun 2024 10:00-10:30 UTC, weekly on Mon  Monday planning"), "\(list.out)")
        #expect(!list.out.contains("2015"))
        let json = cli.run(["--tz", "UTC", "--json", "list"])
        #expect(json.out.contains("\"2015-01-12T10:00:00Z\""))
    }

    @Test func showSaysNextAndKeepsTheFirstDate() throws {
        #expect(cli.run(["--tz", "UTC", "ingest", invite]).status == 0)
        let show = cli.run(["--tz", "UTC", "show", "ongoing-weekly", "--width", "80", "--occurrences", "3"])
        #expect(show.status == 0)
        #expect(
            show.out.contains(
                "  when       next Mon 3 Jun 2024 10:00-10:30 UTC\n  first      Mon 12 Jan 2015 10:00-10:30 UTC\n"))
        try Snapshot.assert(show.out, named: "show-ongoing-80")
    }
}

/// `propose --free` for a series keeps its weekday: another time on the occurrence's own day
/// (the next one, or the one `--occurrence` names), and when that day has none, it says so
/// rather than offer another weekday (a weekly Monday meeting was offered a Wednesday).
@Suite struct SeriesFreeTimeTests {
    let invite = CLIHarness.repositoryFile("Tests/InvitesCLITests/Fixtures/ongoing-weekly.ics")

    /// On Wednesday 5 June 2024, with your calendar busy on Monday 10 June from `busyUntil`.
    func harness(busyUntil end: String) -> (CLIHarness, [String]) {
        var cli = CLIHarness()
        cli.now = { Date.utc("2024-06-05T12:00:00Z") }
        let calendar = cli.write(
            "calendar.ics",
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:t\r\nBEGIN:VEVENT\r\nUID:busy@example.org\r\n"
                + "DTSTART:20240610T090000Z\r\nDTEND:20240610T\(end)00Z\r\nSUMMARY:Busy\r\nEND:VEVENT\r\n"
                + "BEGIN:VEVENT\r\nUID:other@example.org\r\nDTSTART:20240617T090000Z\r\nDTEND:20240617T170000Z\r\n"
                + "SUMMARY:Busy too\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
        let options = ["--calendar", calendar, "--tz", "UTC", "--me", "me@example.org"]
        #expect(cli.run(options + ["ingest", invite]).status == 0)
        return (cli, options)
    }

    @Test func anotherTimeOfTheNextOccurrencesDay() throws {
        let (cli, options) = harness(busyUntil: "1200")
        let proposed = cli.run(options + ["propose", "ongoing-weekly", "--free", "--no-send"])
        #expect(proposed.status == 0, "\(proposed.err)")
        #expect(proposed.out.contains("Mon 10 Jun 2024 12:00-12:30 UTC"), "\(proposed.out)")
        #expect(
            proposed.out.hasSuffix(
                "(the occurrence 2024-06-10T10:00:00Z), instead of Mon 10 Jun 2024 10:00-10:30 UTC\n"),
            "the occurrence it moves, not the series' first start in 2015: \(proposed.out)")
        let json = cli.run(options + ["--json", "propose", "ongoing-weekly", "--free", "--no-send"]).out
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let proposal = try #require(document["proposal"] as? [String: Any])
        #expect(proposal["recurrenceId"] as? String == "2024-06-10T10:00:00Z", "\(json)")
        #expect((proposal["was"] as? [String: Any])?["start"] as? String == "2024-06-10T10:00:00Z", "\(json)")
    }

    @Test func aDayWithNoFreeTimeIsSaid() {
        let (cli, options) = harness(busyUntil: "1700")
        let proposed = cli.run(options + ["propose", "ongoing-weekly", "--free", "--no-send"])
        #expect(proposed.status == 1)
        #expect(
            proposed.err.contains(
                "no other stretch long enough is free within your working hours on Mon 10 Jun 2024, the occurrence's day"
            ), "\(proposed.err)")
        let occurrence = cli.run(
            options + ["propose", "ongoing-weekly", "--free", "--occurrence", "2024-06-17", "--no-send"])
        #expect(occurrence.status == 1)
        #expect(occurrence.err.contains("on Mon 17 Jun 2024, the occurrence's day"), "\(occurrence.err)")
    }
}
