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
