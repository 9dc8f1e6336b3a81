import Foundation
import Testing

@testable import InvitesKit
@testable import InvitesSystem

/// The sendmail command is run for real: its input, its words and its end are what the outbox
/// decides on.
@Suite struct SubprocessTests {
    @Test func inputGoesInAndTheStatusAndWordsComeBack() throws {
        let input = Data(String(repeating: "a line of a long message\n", count: 20_000).utf8)
        let outcome = try Subprocess.run(
            ["sh", "-c", "wc -c; echo 'on stderr' >&2; exit 3"], input: input, timeout: 30)
        #expect(outcome.status == 3 && !outcome.timedOut)
        #expect(outcome.output.contains("\(input.count)") && outcome.output.contains("on stderr"))
    }

    /// A program that exits without reading its input does not take the caller down with
    /// SIGPIPE, whatever the caller does with that signal.
    @Test func aProgramThatDoesNotReadIsNoSIGPIPE() throws {
        let input = Data(repeating: 0x41, count: 1 << 20)
        let outcome = try Subprocess.run(["sh", "-c", "exit 0"], input: input, timeout: 30)
        #expect(outcome.status == 0)
    }

    @Test func aHungProgramIsKilledAtTheDeadline() throws {
        let started = Date()
        let outcome = try Subprocess.run(["sh", "-c", "sleep 30 & wait"], input: Data("x".utf8), timeout: 0.5)
        #expect(outcome.timedOut)
        #expect(Date().timeIntervalSince(started) < 10)
    }

    @Test func aMissingProgramIsAnError() {
        #expect(throws: Subprocess.Failure.self) {
            try Subprocess.run(["/nonexistent/sendmail", "-t"], input: Data(), timeout: 5)
        }
    }
}
