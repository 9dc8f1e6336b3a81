import Foundation
import InvitesKit
import InvitesTestSupport
import Testing

@testable import InvitesCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Output that cannot be written ends a command with a status, never with a trap: 141 when the
/// reader went away, 74 and one message when the write failed.
@Suite struct OutputFailureTests {
    let cli = CLIHarness()
    let payload = CLIHarness.repositoryFile("fixtures/invite.json")

    /// Runs a command with standard output on `descriptor` and standard error in memory.
    func run(_ arguments: [String], out descriptor: Int32) -> (status: Int32, err: String) {
        let err = TextSink()
        let environment = CLIEnvironment(
            variables: cli.variables, now: { Date(timeIntervalSince1970: 1_717_243_200) },
            readStandardInput: { Data() },
            out: TextSink(descriptor: descriptor, name: "standard output"), err: err)
        return (InvitesCommand.run(["--home", cli.home] + arguments, environment: environment), err.text)
    }

    /// A pipe whose reading end is already closed.
    func closedPipe() -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return -1 }
        close(ends[0])
        return ends[1]
    }

    @Test("A sink on a closed pipe records closed once and drops the rest")
    func aSinkOnAClosedPipeRecordsClosedOnceAndDropsTheRest() {
        let descriptor = closedPipe()
        defer { close(descriptor) }
        let calls = Calls()
        let sink = TextSink(descriptor: descriptor, name: "standard output") { calls.add($0) }
        sink.write("first\n")
        sink.write("second\n")
        #expect(sink.failure == .closed(stream: "standard output"))
        #expect(calls.all == [.closed(stream: "standard output")])
    }

    @Test func aClosedPipeEndsTheCommandQuietlyWith141() {
        _ = cli.run(["ingest", payload])
        let descriptor = closedPipe()
        defer { close(descriptor) }
        let result = run(["list", "--all"], out: descriptor)
        #expect(result.status == 141)
        #expect(result.err.isEmpty)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func aFullOutputEndsWith74AndOneMessage() {
        _ = cli.run(["ingest", payload])
        let descriptor = open("/dev/full", O_WRONLY | O_CLOEXEC)
        defer { close(descriptor) }
        let result = run(["list", "--all"], out: descriptor)
        #expect(result.status == 74)
        #expect(result.err == "invites: error: cannot write standard output: No space left on device\n")
    }

    @Test func replyOutIntoAMissingFolderIsAWriteError() {
        _ = cli.run(["ingest", payload])
        _ = cli.run(["accept", "12", "--no-add"])
        let path = cli.home + "/missing/reply.ics"
        let result = cli.run(["reply", "12", "--out", path])
        #expect(result.status == 74)
        #expect(result.err.hasSuffix("invites: error: cannot write \(path): No such file or directory\n"))
    }

    /// What a sink's failure handler was told, in order.
    final class Calls: @unchecked Sendable {
        private let lock = NSLock()
        private var recorded: [OutputError] = []

        func add(_ failure: OutputError) {
            lock.lock()
            defer { lock.unlock() }
            recorded.append(failure)
        }

        var all: [OutputError] {
            lock.lock()
            defer { lock.unlock() }
            return recorded
        }
    }
}
