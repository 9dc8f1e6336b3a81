import Foundation
import InvitesTestSupport
import Testing

/// A calendar file larger than invites reads is refused before a byte of it is read, with its
/// size and the limit named, and changes nothing.
@Suite struct BigCalendarTests {
    @Test func aCalendarOverTheLimitIsRefused() throws {
        let cli = CLIHarness()
        let path = cli.write("huge.ics", "")
        // Sparse: the size is there, the disk blocks are not.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 600 << 20)
        try handle.close()
        #expect(cli.run(["--calendar", path, "ingest", CLIHarness.repositoryFile("fixtures/invite.json")]).status == 0)
        let show = cli.run(["--calendar", path, "show", "12"])
        #expect(show.status == 65)
        #expect(show.err.contains("is 600 MB; invites reads calendar files up to 512 MB"))
        let accept = cli.run(["--calendar", path, "accept", "12"])
        #expect(accept.status != 0)
        #expect(cli.run(["list"]).out.contains("pending"))
    }
}
