import Foundation
import InvitesTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A home other users can write to is refused by every command that opens the inbox: one
/// message that says how to fix it, exit 1, and nothing made in it.
@Suite struct UnsafeHomeCommandTests {
    @Test(arguments: [["list"], ["status"], ["ingest", CLIHarness.repositoryFile("fixtures/invite.json")]])
    func aHomeOthersCanWriteIsRefusedWithTheFix(_ arguments: [String]) throws {
        let cli = CLIHarness()
        try FileManager.default.createDirectory(atPath: cli.home, withIntermediateDirectories: true)
        chmod(cli.home, 0o777)
        let result = cli.run(arguments)
        #expect(result.status == 1)
        #expect(
            result.err
                == "invites: error: refusing the home \(cli.home): other users can write to \(cli.home) (mode 0777), "
                + "and so change your inbox and what is sent in your name; make it yours alone with "
                + "'chmod 700 \(cli.home)', or name another home with --home or INVITES_HOME\n")
        #expect(result.out.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cli.home).isEmpty)
        chmod(cli.home, 0o700)
        #expect(cli.run(arguments).status == 0, "the fix the message gives is enough")
    }
}
