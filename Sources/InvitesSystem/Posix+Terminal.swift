import Foundation

/// Terminals: whether a descriptor is one, its modes and its size, and waiting for its keys.
extension Posix {
    /// `isatty(3)`.
    package static func isatty(_ descriptor: Int32) -> Bool {
        Foundation.isatty(descriptor) == 1
    }

    /// `tcgetattr(3)`: the terminal's modes.
    package static func tcgetattr(_ descriptor: Int32) throws(SystemCallError) -> termios {
        var modes = termios()
        try retrying("tcgetattr") { Foundation.tcgetattr(descriptor, &modes) }
        return modes
    }

    /// `tcsetattr(3)` with `TCSANOW`: the terminal takes `modes` at once.
    package static func tcsetattr(_ descriptor: Int32, _ modes: termios) throws(SystemCallError) {
        var modes = modes
        try retrying("tcsetattr") { Foundation.tcsetattr(descriptor, TCSANOW, &modes) }
    }

    /// `ioctl(2)` `TIOCGWINSZ`: the terminal's size, as its kernel knows it now.
    package static func windowSize(_ descriptor: Int32) throws(SystemCallError) -> winsize {
        var size = winsize()
        try retrying("ioctl") { Foundation.ioctl(descriptor, UInt(TIOCGWINSZ), &size) }
        return size
    }

    /// `poll(2)` on `descriptors`, for at most `milliseconds` (-1: without end); the number
    /// ready, 0 when the time ran out. Not made again when a signal interrupts it: the signal
    /// (a resize) is often what the caller is waiting for, so `EINTR` is thrown.
    package static func poll(_ descriptors: inout [pollfd], milliseconds: Int32) throws(SystemCallError) -> Int32 {
        let count = nfds_t(descriptors.count)
        return try once("poll") { Foundation.poll(&descriptors, count, milliseconds) }
    }
}
