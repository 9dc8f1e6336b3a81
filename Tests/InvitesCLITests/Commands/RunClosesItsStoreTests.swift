import Foundation
import InvitesTestSupport
import Testing

/// A run builds its home once, with its context, and the home reaches the store and the cache
/// only through what the context opened: when the run ends, its database connections end with
/// it. A cycle between the context and its home would keep every run's store open, and the
/// in-process runs of the tests would pile them up (issue 36, point 4).
@Suite struct RunClosesItsStoreTests {
    let cli = CLIHarness()

    /// The files under the harness's home that this process still has open.
    func openFiles() throws -> [String] {
        let home = URL(fileURLWithPath: cli.home).resolvingSymlinksInPath().path + "/"
        return try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").compactMap { descriptor in
            try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + descriptor)
        }.filter { $0.hasPrefix(home) }
    }

    @Test func noStoreOrCacheConnectionOutlivesItsRun() throws {
        let calendar = cli.write("calendar.ics", "")
        let options = ["--me", "b@example.com", "--calendar", calendar]
        #expect(cli.run(options + ["ingest", CLIHarness.repositoryFile("fixtures/invite.json")]).status == 0)
        #expect(cli.run(options + ["show", "12"]).status == 0)
        let accept = cli.run(options + ["accept", "12", "--no-send"])
        #expect(accept.status == 0, "\(accept.err)")
        #expect(cli.run(options + ["list"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: cli.home + "/invites.sqlite3"))
        #expect(try openFiles() == [])
    }
}
