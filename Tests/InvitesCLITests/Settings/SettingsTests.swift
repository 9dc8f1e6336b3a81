import Foundation
import InvitesTestSupport
import Testing

/// Settings as a new user meets them: `~` in the config, a calendar that is not there yet, a
/// config file named but missing, a bad value in the config.
@Suite struct SettingsTests {
    let cli = CLIHarness()
    /// An invite after the harness's clock, so that it is pending.
    var payload: String {
        cli.write(
            "invite.json", #"{"title":"Coming","start":"2024-07-01T10:00:00Z","end":"2024-07-01T11:00:00Z","id":12}"#)
    }

    /// A harness whose config file is `text`.
    func configured(_ text: String) -> (CLIHarness, String) {
        var harness = cli
        let path = cli.write("config", text)
        harness.variables["INVITES_CONFIG"] = path
        return (harness, path)
    }

    @Test func tildeInTheConfigIsHOME() throws {
        var (harness, _) = configured("calendar = ~/cal.ics\n")
        harness.variables["HOME"] = cli.home + "/elsewhere"
        let result = harness.run(["config"])
        #expect(result.out.contains("calendar        \(cli.home)/elsewhere/cal.ics (missing)"), "\(result.out)")
    }

    @Test("A missing calendar stops only the commands that use it")
    func aMissingCalendarStopsOnlyTheCommandsThatUseIt() {
        let missing = ["--calendar", "/nonexistent/cal.ics"]
        let config = cli.run(missing + ["config"])
        #expect(config.status == 0)
        #expect(config.out.contains("/nonexistent/cal.ics (missing)"))
        #expect(config.err.contains("invites: warning: calendar /nonexistent/cal.ics does not exist"))
        #expect(cli.run(missing + ["ingest", payload]).status == 0)
        #expect(cli.run(missing + ["list"]).status == 0)
        #expect(cli.run(missing + ["status"]).out == "1 pending\n")
        #expect(cli.run(missing + ["history"]).status == 0)
        let show = cli.run(missing + ["show", "12"])
        #expect(show.status == 66)
        #expect(show.err.contains("calendar /nonexistent/cal.ics does not exist"))
        #expect(cli.run(missing + ["accept", "12"]).status == 66)
        #expect(cli.run(["history"]).out == "No answers yet.\n")
    }

    @Test func aConfigFileNamedButMissingIsAnError() {
        let flag = cli.run(["--config", "/nonexistent/config", "list"])
        #expect(flag.status == 66)
        #expect(
            flag.err == "invites: error: config file /nonexistent/config (from --config) does not exist; "
                + "create it, or name another\n")
        var harness = cli
        harness.variables["INVITES_CONFIG"] = "/nonexistent/config"
        #expect(harness.run(["list"]).status == 66)
        #expect(cli.run(["list"]).status == 0, "the default config file may be missing")
    }

    /// A config path that is a folder (a mistyped `--config ~/.config/invites`) is named as such,
    /// default or not: the settings the user meant are not there to be read.
    @Test func aConfigFileThatIsAFolderIsAnError() throws {
        let folder = (cli.home as NSString).appendingPathComponent("config-folder")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let flag = cli.run(["--config", folder, "list"])
        #expect(flag.status == 74)
        #expect(flag.err == "invites: error: cannot read config file \(folder): it is a folder\n")
        var harness = cli
        harness.variables["INVITES_CONFIG"] = folder
        #expect(harness.run(["list"]).status == 74)
    }

    @Test(arguments: [
        ("before = 2 hours", "'before' takes a duration like 90m, 2h or 1h30m, up to 7d, not '2 hours'"),
        ("after = 8d", "'after' takes a duration like 90m, 2h or 1h30m, up to 7d, not '8d'"),
        ("occurrences = 0", "'occurrences' takes a count from 1 to 1000, not '0'"),
        ("color = sometimes", "'color' takes auto, always or never, not 'sometimes'"),
        ("tz = Mars/Olympus", "'tz' takes an IANA time zone like Europe/Berlin, not 'Mars/Olympus'"),
        (
            "nudge = soon",
            "'nudge' takes durations before the start separated by commas (24h, 1h), each from 1m to 30d, or never, "
                + "not 'soon'"
        ),
        (
            "nudge = 24h,,1h",
            "'nudge' takes durations before the start separated by commas (24h, 1h), each from 1m to 30d, or never, "
                + "not '24h,,1h'"
        ),
    ])
    func aBadValueIsAUsageErrorForEveryCommand(line: String, message: String) {
        let (harness, path) = configured("# mine\n\(line)\n")
        for command in [["list"], ["status"], ["config"], ["history"], ["show", "12"]] {
            let result = harness.run(["--tz", "UTC", "--color", "never"] + command)
            #expect(result.status == 2, "\(command)")
            #expect(result.err == "invites: error: \(path):2: \(message)\n", "\(command)")
        }
    }
}
