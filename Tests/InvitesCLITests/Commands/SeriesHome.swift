import Foundation
import InvitesTestSupport
import Testing

/// A home on 1 December 2026 in UTC, as me@example.org, with an empty single-file calendar,
/// that ingested one series: what the tests of answers to a series' occurrences start from.
struct SeriesHome {
    let cli: CLIHarness
    /// The global options every command of the test takes.
    let options: [String]
    /// The calendar file answers write to.
    let calendar: String

    init(ingesting fixture: String) {
        var cli = CLIHarness()
        cli.now = { Date.utc("2026-12-01T00:00:00Z") }
        self.cli = cli
        calendar = cli.write("calendar.ics", "")
        options = ["--calendar", calendar, "--tz", "UTC", "--me", "me@example.org"]
        #expect(cli.run(options + ["ingest", CLIHarness.repositoryFile(fixture)]).status == 0)
    }

    /// Runs `invites` with the home's options before `arguments`.
    func run(_ arguments: [String]) -> CLIHarness.Result {
        cli.run(options + arguments)
    }
}
