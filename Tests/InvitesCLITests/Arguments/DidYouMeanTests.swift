import Foundation
import InvitesTestSupport
import Testing

/// A slip of the keyboard gets the closest name back, for commands after `help` and for handles.
@Suite struct DidYouMeanTests {
    let cli = CLIHarness()

    @Test func helpForAnUnknownCommandIsAUsageError() {
        let typo = cli.run(["help", "shwo"])
        #expect(typo.status == 2)
        #expect(typo.out.isEmpty)
        #expect(typo.err.hasPrefix("invites: error: unknown command 'shwo'; did you mean 'show'?\n"))
        let unknown = cli.run(["help", "frobnicate"])
        #expect(unknown.status == 2)
        #expect(unknown.err.hasPrefix("invites: error: unknown command 'frobnicate'; the commands are ingest, list,"))
        #expect(cli.run(["help"]).out.contains("SUBCOMMANDS:"))
        #expect(cli.run(["help", "help"]).status == 0)
    }

    @Test func aMistypedHandleGetsTheClosestOne() throws {
        let payload = CLIHarness.repositoryFile("fixtures/invite.json")
        let handle = try #require(cli.run(["ingest", payload]).out.split(separator: " ").first.map(String.init))
        let slip = String(handle.dropLast()) + (handle.hasSuffix("z") ? "y" : "z")
        for command in [["show", slip], ["check", slip], ["accept", slip], ["reply", slip], ["history", slip]] {
            let result = cli.run(command)
            #expect(result.status == 1, "\(command)")
            #expect(
                result.err.hasSuffix(
                    "invites: error: no invite \"\(slip)\"; did you mean '\(handle)' (\"Family Reunion\")?\n"),
                "\(command): \(result.err)")
        }
        #expect(cli.run(["show", "13"]).err.contains("did you mean '12'"))
        #expect(cli.run(["show", "zzzzzzzz"]).err.contains("'invites list --all' shows the handles"))
    }
}
