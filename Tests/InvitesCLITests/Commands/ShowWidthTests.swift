import Foundation
import InvitesKit
import InvitesTestSupport
import Testing

@testable import InvitesCLI
@testable import InvitesFormats

/// How wide `show` draws, and how it fills that width: the terminal's own width, a ruler whose
/// step fits the window, and all-day invites drawn as all-day.
@Suite struct ShowWidthTests {
    let calendar = CLIHarness.repositoryFile("fixtures/calendar.ics")
    let payload = CLIHarness.repositoryFile("fixtures/invite.json")
    let allDay = CLIHarness.repositoryFile("Tests/InvitesCLITests/Fixtures/triage/all-day.ics")

    func sample() -> [String] { ["--calendar", calendar, "--tz", "America/Los_Angeles"] }

    func harness(terminal: Int? = nil, columns: String? = nil) -> CLIHarness {
        var cli = CLIHarness()
        cli.terminalColumns = { terminal }
        cli.variables["COLUMNS"] = columns
        #expect(cli.run(sample() + ["ingest", payload]).status == 0)
        return cli
    }

    func widest(_ text: String) -> Int {
        text.split(separator: "\n").map { DisplayWidth.of(String($0)) }.max() ?? 0
    }

    @Test func theTerminalsOwnWidthWinsOverCOLUMNS() {
        let cli = harness(terminal: 40, columns: "132")
        let show = cli.run(sample() + ["show", "12"])
        #expect(show.status == 0)
        #expect(widest(show.out) <= 40)
        #expect(show.out.contains("[==] invite  XX overlap  -- nearby"))
    }

    @Test func widthOptionWinsOverTheTerminal() {
        let cli = harness(terminal: 40)
        let show = cli.run(sample() + ["show", "12", "--width", "132"])
        #expect(widest(show.out) > 80)
        #expect(widest(show.out) <= 132)
    }

    @Test func withoutATerminalCOLUMNSThenEighty() {
        #expect(widest(harness(columns: "100").run(sample() + ["show", "12"]).out) > 80)
        #expect(widest(harness().run(sample() + ["show", "12"]).out) <= 80)
    }

    @Test func aTerminalNarrowerThanFortyGetsForty() {
        let show = harness(terminal: 20).run(sample() + ["show", "12"])
        #expect(show.status == 0)
        #expect(widest(show.out) <= 40)
        #expect(widest(show.out) > 30)
    }

    /// `--before 19h`: the window fills the line at every width; the invite's row ends where the
    /// times column starts, not halfway.
    @Test(arguments: [40, 80, 132])
    func aNineteenHourLookFillsTheLine(width: Int) throws {
        let show = harness().run(sample() + ["show", "12", "--before", "19h", "--width", "\(width)"])
        #expect(show.status == 0)
        #expect(widest(show.out) <= width)
        let ruler = try #require(show.out.split(separator: "\n").first { $0.hasPrefix(" ") && $0.contains("|") })
        #expect(ruler.count > width * 2 / 3, "the ruler reaches \(ruler.count) of \(width) columns")
        try Snapshot.assert(show.out, named: "show-19h-\(width)")
    }

    @Test(arguments: [40, 80, 132])
    func anAllDayInviteIsDrawnAndLabelledAllDay(width: Int) throws {
        let cli = harness()
        #expect(cli.run(sample() + ["ingest", allDay]).status == 0)
        let show = cli.run(sample() + ["show", "offsite", "--width", "\(width)"])
        #expect(show.status == 0)
        #expect(widest(show.out) <= width)
        #expect(show.out.contains("(all day)"))
        #expect(!show.out.contains("00:00-00:00"))
        #expect(!show.out.contains("window 22:00-02:00"))
        try Snapshot.assert(show.out, named: "show-all-day-\(width)")
    }
}
