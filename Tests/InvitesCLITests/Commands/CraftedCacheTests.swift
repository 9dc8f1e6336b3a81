import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesCLI
@testable import InvitesKit

/// `day` and `show` over a cache someone else made (issue 34, case 11): the same answer as over
/// a cache of their own, one line saying the cache was made again, and nothing said after.
@Suite struct CraftedCacheTests {
    let calendar = CLIHarness.repositoryFile("fixtures/calendar.ics")
    let payload = CLIHarness.repositoryFile("fixtures/invite.json")

    func options() -> [String] { ["--calendar", calendar, "--tz", "America/Los_Angeles"] }

    /// A view in place of each table, and a trigger: each answers with what a view may not.
    static let crafted = [
        """
        CREATE VIEW calendar_index AS SELECT 'x' AS key, x'00' AS data, 0 AS updated_at;
        CREATE VIEW window_cache AS SELECT 'x' AS key, 0 AS lower, 1 AS upper, x'00' AS data, 0 AS updated_at;
        PRAGMA user_version = 1;
        """,
        Schema.cacheMigrations[0] + "CREATE TRIGGER t AFTER INSERT ON window_cache BEGIN SELECT 1; END;"
            + "PRAGMA user_version = 1;",
    ]

    @Test(
        "A command answers over a crafted cache and makes it again", arguments: [["day", "2018-04-10"], ["show"]],
        0..<crafted.count)
    func aCommandAnswersOverACraftedCacheAndMakesItAgain(command: [String], index: Int) throws {
        let cli = CLIHarness()
        #expect(cli.run(options() + ["ingest", payload]).status == 0)
        let handle = try #require(cli.run(options() + ["list", "--all", "--handles"]).out.split(separator: "\n").first)
        let arguments = options() + (command[0] == "show" ? ["show", String(handle)] : command)
        let clean = cli.run(arguments)
        #expect(clean.status == 0)

        let path = cli.home + "/" + CacheStore.fileName
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        try Database(path: path).execute(CraftedCacheTests.crafted[index])
        let crafted = cli.run(arguments)
        #expect(crafted.status == 0)
        #expect(crafted.out == clean.out)
        let lines = crafted.err.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(
            lines.first?.hasPrefix("invites: warning: the cache \(path) was not as invites makes it (it holds ") == true
        )
        #expect(lines.first?.hasSuffix("): deleted and made again") == true)

        let again = cli.run(arguments)
        #expect(again.err == "")
        #expect(again.out == clean.out)
    }
}
