import Foundation
import InvitesSystem

/// Ends a `watch` that does not end by itself soon after SIGTERM or SIGINT.
///
/// The loop hears a signal through the self-pipe only between two pieces of work: a piece that
/// takes long (a store another process keeps locked, a notification server that does not
/// answer, a stranger's invitation that takes long to read) kept SIGTERM waiting, and systemd
/// killed `watch` after 90 seconds and started it into the same work. A thread of its own now
/// reads the signal pipe and hands each signal on to the loop through a pipe of its own; on
/// SIGTERM or SIGINT it gives the loop ``grace`` seconds to end by itself, then calls
/// `overdue`, which the command makes end the process (the library ends nothing itself). What
/// was filed but not yet told is told at the next start (``NotifiedJournal``), as after a
/// SIGKILL. An idle `watch` costs nothing more: the thread sleeps in `poll`.
final class TerminationGuard: @unchecked Sendable {
    /// The end the loop polls for the signals handed on to it.
    let descriptor: Int32
    /// How long the loop has to end after SIGTERM or SIGINT.
    let grace: TimeInterval
    /// The signals that end the loop.
    let endingSignals: Set<Int32>
    private let stopRead: Int32
    private let stopWrite: Int32
    /// Guards what follows: the thread and ``finish()`` close the ends they share, whichever
    /// comes second, so that neither writes to a pipe the other has closed.
    private let lock = NSLock()
    private var ending = false
    private var threadDone = false
    private var finished = false

    /// Starts the thread that reads `signals`; `overdue` is called on it when the loop is still
    /// running `grace` seconds after one of `endingSignals`.
    init(
        signals: SignalPipe, grace: TimeInterval, endingSignals: Set<Int32> = [SIGTERM, SIGINT],
        overdue: @escaping @Sendable () -> Void
    ) throws(SystemCallError) {
        let relay = try Posix.nonBlockingPipe()
        let stop = try Posix.nonBlockingPipe()
        descriptor = relay.read
        stopRead = stop.read
        stopWrite = stop.write
        self.grace = grace
        self.endingSignals = endingSignals
        let source = signals.descriptor
        let thread = Thread { [self] in
            watch(source, relay: relay.write, stop: stop.read, overdue: overdue)
            lock.lock()
            threadDone = true
            if finished { closeShared() }
            lock.unlock()
            try? Posix.close(relay.write)
        }
        thread.name = "invites: termination guard"
        thread.start()
    }

    /// Whether a signal to end came: the loop leaves what it is doing at the next chance.
    var isEnding: Bool {
        lock.lock()
        defer { lock.unlock() }
        return ending
    }

    /// The signals handed on since the last call, in order.
    func received() -> [Int32] {
        SignalPipe.drain(descriptor)
    }

    /// The loop has ended: the thread ends without calling `overdue`.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        guard !finished else { return }
        finished = true
        if threadDone {
            closeShared()
        } else {
            try? DescriptorWriter.writeAll("\u{1}", to: stopWrite)
        }
        try? Posix.close(stopWrite)
    }

    /// The ends both sides use; called with the lock held, once both are done.
    private func closeShared() {
        try? Posix.close(descriptor)
        try? Posix.close(stopRead)
    }

    private func watch(_ source: Int32, relay: Int32, stop: Int32, overdue: @Sendable () -> Void) {
        var descriptors = [
            pollfd(fd: source, events: Int16(POLLIN), revents: 0), pollfd(fd: stop, events: Int16(POLLIN), revents: 0),
        ]
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            descriptors[0].revents = 0
            descriptors[1].revents = 0
            guard (try? Posix.poll(&descriptors, timeout: -1)) != nil else { return }
            if descriptors[1].revents != 0 { return }
            guard descriptors[0].revents != 0 else { continue }
            var endingNow = false
            while let count = try? Posix.read(source, into: &buffer, count: buffer.count), count > 0 {
                try? DescriptorWriter.writeAll(Data(buffer[0..<count]), to: relay)
                endingNow = endingNow || buffer[0..<count].contains { endingSignals.contains(Int32($0)) }
            }
            if endingNow { break }
        }
        lock.lock()
        ending = true
        lock.unlock()
        // The loop ends by itself within the grace, or it is ended.
        var waiting = [pollfd(fd: stop, events: Int16(POLLIN), revents: 0)]
        let deadline = Date().addingTimeInterval(grace)
        while Date() < deadline {
            let left = Int32(clamping: Int((deadline.timeIntervalSinceNow * 1_000).rounded(.up)))
            waiting[0].revents = 0
            if let ready = try? Posix.poll(&waiting, timeout: max(left, 0)), ready > 0 { return }
        }
        overdue()
    }
}
