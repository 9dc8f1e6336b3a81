import Foundation

/// Waiting on several descriptors at once: `watch`'s one place to sleep.
extension Posix {
    /// `poll(2)`: waits until one of `descriptors` is ready or `timeout` milliseconds pass (-1:
    /// no limit); the number ready, with each one's `revents` set. A signal that interrupts the
    /// wait returns 0, so that the caller looks at what the signal told it at once.
    package static func poll(_ descriptors: inout [pollfd], timeout: Int32) throws(SystemCallError) -> Int {
        let count = descriptors.count
        let result = descriptors.withUnsafeMutableBufferPointer { buffer in
            Foundation.poll(buffer.baseAddress, nfds_t(count), timeout)
        }
        if result < 0 {
            let code = errno
            guard code == EINTR else { throw SystemCallError(code: code, call: "poll") }
            return 0
        }
        return Int(result)
    }

    /// `pipe(2)`, both ends closed on exec and non-blocking: a wake-up channel that neither
    /// side ever waits on.
    package static func nonBlockingPipe() throws(SystemCallError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        try once("pipe") { Foundation.pipe(&ends) }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        return (ends[0], ends[1])
    }

    /// `waitpid(2)` with `WNOHANG` for one child `watch` started and left running (a terminal),
    /// so that it does not stay behind as a zombie: whether it has ended (and is collected).
    /// One child by its pid, never any: a program another thread runs and waits for (a
    /// sendmail) must keep its exit status for that thread.
    package static func reaped(_ child: pid_t) -> Bool {
        var status: Int32 = 0
        let result = Foundation.waitpid(child, &status, WNOHANG)
        return result == child || (result < 0 && errno == ECHILD)
    }
}
