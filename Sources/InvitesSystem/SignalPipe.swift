import Foundation

/// The write end the handler writes to: a signal handler cannot reach an instance.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// The self-pipe trick: a handler that writes the signal's number into a pipe, which the main
/// loop polls with its other descriptors, so that SIGTERM ends `watch` at once and SIGHUP is
/// handled between two passes, never inside one. It works on Linux and macOS alike, and
/// whichever thread the signal lands on (GDBus keeps threads of its own).
package final class SignalPipe {
    /// The end to poll for reading.
    package let descriptor: Int32
    private let writeEnd: Int32

    /// Installs the handler for `signals`: the newest pipe receives them.
    package init(signals: [Int32]) throws(SystemCallError) {
        (descriptor, writeEnd) = try Posix.nonBlockingPipe()
        signalPipeWriteEnd = writeEnd
        for signal in signals {
            try Posix.sigaction(signal) { number in
                var byte = UInt8(truncatingIfNeeded: number)
                let saved = errno
                _ = Foundation.write(signalPipeWriteEnd, &byte, 1)
                errno = saved
            }
        }
    }

    /// The signals that came since the last call, in order.
    package func received() -> [Int32] {
        SignalPipe.drain(descriptor)
    }

    /// The signal numbers waiting in the non-blocking pipe `descriptor` reads, one byte each, in
    /// order: this pipe's, and a pipe that hands them on from it (``TerminationGuard``).
    package static func drain(_ descriptor: Int32) -> [Int32] {
        var signals: [Int32] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = (try? Posix.read(descriptor, into: &buffer, count: buffer.count)) ?? 0
            guard count > 0 else { return signals }
            signals += buffer[0..<count].map { Int32($0) }
        }
    }
}
