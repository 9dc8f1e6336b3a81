import Foundation
import InvitesTestSupport
import Testing

/// The `nudge` setting as `config` shows it, and `status --format %d`: the pending invitations
/// starting within its shortest threshold.
@Suite struct NudgeSettingTests {
    /// At 1 June 2024 12:00 UTC, with invitations starting in 30 minutes, in 3 hours and
    /// tomorrow, and `nudge` as `setting` says (none: the default).
    func harness(_ setting: String?) -> CLIHarness {
        var cli = CLIHarness()
        cli.now = { Date.utc("2024-06-01T12:00:00Z") }
        if let setting { cli.variables["INVITES_CONFIG"] = cli.write("config", "nudge = \(setting)\n") }
        for (id, start) in [(1, "12:30"), (2, "15:00"), (3, "2024-06-02T11:00")] {
            let at = start.contains("T") ? start : "2024-06-01T\(start)"
            let payload = cli.write(
                "invite\(id).json",
                #"{"title":"Meeting \#(id)","start":"\#(at):00Z","end":"\#(at):59Z","id":\#(id)}"#)
            #expect(cli.run(["ingest", payload]).status == 0)
        }
        return cli
    }

    @Test(arguments: [
        (nil, "3 pending, 1 due", "24h, 1h  from default"), ("4h", "3 pending, 2 due", "4h  from "),
        ("never", "3 pending, 0 due", "never  from "), ("30m, 2d, 1d", "3 pending, 1 due", "48h, 24h, 30m  from "),
    ])
    func dueCountsWithinTheShortestThreshold(setting: String?, status: String, shown: String) {
        let cli = harness(setting)
        #expect(cli.run(["status", "--format", "%n pending, %d due"]).out == status + "\n")
        #expect(cli.run(["status"]).out == "3 pending\n", "%d is counted only when asked for")
        let config = cli.run(["config"]).out.split(separator: "\n").first { $0.hasPrefix("nudge ") } ?? ""
        #expect(config.replacing(#/ {3,}/#, with: "  ").hasPrefix("nudge  " + shown), "\(config)")
    }
}
