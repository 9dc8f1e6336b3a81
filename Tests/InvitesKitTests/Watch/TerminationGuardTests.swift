import Foundation
import Testing

@testable import InvitesKit
@testable import InvitesSystem

/// The thread that hears `watch`'s signals hands each on to the loop, and ends the process
/// (here: calls the closure) when a signal to end finds the loop still busy after the grace.
/// SIGUSR1 and SIGUSR2 stand for SIGTERM and SIGHUP, so that the test process keeps its own.
/// How long it takes is for `Tests/Scripts/robustness.sh` to measure; these only wait for it.
@Suite(.serialized) struct TerminationGuardTests {
    final class Called: @unchecked Sendable {
        let semaphore = DispatchSemaphore(value: 0)
    }

    /// Waits (30 s at most) until `descriptor` can be read.
    func waitForInput(_ descriptor: Int32) {
        var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
        _ = try? Posix.poll(&descriptors, timeout: 30_000)
    }

    @Test func signalsAreHandedOnAndABusyLoopIsEnded() throws {
        let signals = try SignalPipe(signals: [SIGUSR1, SIGUSR2])
        let called = Called()
        let watchdog = try TerminationGuard(signals: signals, grace: 0, endingSignals: [SIGUSR1]) {
            called.semaphore.signal()
        }
        defer { watchdog.finish() }
        try Posix.kill(Posix.getpid(), SIGUSR2)
        waitForInput(watchdog.descriptor)
        #expect(watchdog.received() == [SIGUSR2])
        #expect(!watchdog.isEnding)
        try Posix.kill(Posix.getpid(), SIGUSR1)
        // The loop never ends here: the guard calls `overdue` once the grace is over.
        #expect(called.semaphore.wait(timeout: .now() + 30) == .success)
        #expect(watchdog.isEnding)
        waitForInput(watchdog.descriptor)
        #expect(watchdog.received() == [SIGUSR1])
    }
}
