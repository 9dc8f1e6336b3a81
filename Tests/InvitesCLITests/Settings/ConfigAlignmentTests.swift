import Foundation
import InvitesTestSupport
import Testing

/// `invites config` in columns: every value starts in one column and every "from" in another,
/// the keys of 11 characters or more (`occurrences`, `respond_url`, `server_wait`,
/// `notify_command`) included.
@Suite struct ConfigAlignmentTests {
    @Test func everyKeysValueStartsInOneColumn() throws {
        var cli = CLIHarness()
        cli.variables["INVITES_CONFIG"] = cli.write(
            "config",
            """
            occurrences = 12
            respond_url = https://calendar.example.com/answers
            server_wait = 30m
            notify_command = notify-send --app-name=invites
            nudge = 2h, 15m
            name = Ann Example

            """)
        let config = cli.run(["--tz", "UTC", "config"])
        #expect(config.status == 0, "\(config.err)")
        let lines = config.out.split(separator: "\n").map(String.init)
        #expect(lines.count > 20)
        // The column a value starts in: after the key and the blanks that follow it.
        let starts = Set(lines.map { $0.prefix { $0 != " " }.count + $0.drop { $0 != " " }.prefix { $0 == " " }.count })
        #expect(starts.count == 1, "\(config.out)")
        let froms = Set(lines.dropFirst().compactMap { $0.range(of: "  from ")?.lowerBound.utf16Offset(in: $0) })
        #expect(froms.count == 1, "\(config.out)")
        for key in ["occurrences", "respond_url", "server_wait", "notify_command", "nudge"] {
            #expect(
                lines.contains {
                    $0.hasPrefix(key + " ") && $0.contains("from \(cli.variables["INVITES_CONFIG"] ?? "")")
                })
        }
    }
}
