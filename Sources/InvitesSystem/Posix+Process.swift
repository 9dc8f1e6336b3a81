import Foundation

/// The process: who it is, waiting, ending, and other processes.
extension Posix {
    /// `getpid(2)`.
    package static func getpid() -> pid_t {
        Foundation.getpid()
    }

    /// `geteuid(2)`: the user the process acts as.
    package static func geteuid() -> uid_t {
        Foundation.geteuid()
    }

    /// `kill(2)`: sends `signal` (0 only asks whether `process` exists and may be signalled).
    package static func kill(_ process: pid_t, _ signal: Int32) throws(SystemCallError) {
        try once("kill") { Foundation.kill(process, signal) }
    }

    /// `nanosleep(2)`: waits `seconds`, all of them, through any signal that comes meanwhile.
    package static func sleep(seconds: Double) {
        guard seconds > 0 else { return }
        let whole = seconds.rounded(.down)
        var request = timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1_000_000_000))
        var remaining = timespec()
        while Foundation.nanosleep(&request, &remaining) != 0, errno == EINTR {
            request = remaining
        }
    }

    /// The process's environment, read from `environ` itself: ProcessInfo would first set up
    /// CoreFoundation and its own caches, a tenth of what a start of invites costs. The first
    /// of two definitions of a name wins, as getenv(3) finds it.
    package static func environment() -> [String: String] {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            // The name and the value are made from the bytes on each side of the first `=`,
            // without a string of the whole entry to walk by characters first.
            if let equals = strchr(pointer, Int32(UInt8(ascii: "="))) {
                let name = UnsafeRawBufferPointer(start: pointer, count: equals - pointer)
                let key = String(decoding: name, as: UTF8.self)
                if variables[key] == nil { variables[key] = String(cString: equals + 1) }
            }
            entry += 1
        }
        return variables
    }

    /// `exit(3)`: ends the process with `status`, flushing the C library's streams.
    package static func exit(_ status: Int32) -> Never {
        Foundation.exit(status)
    }

    /// `_exit(2)`: ends the process with `status` at once, running nothing more: for a process
    /// whose standard output failed, where nothing else should be tried.
    package static func _exit(_ status: Int32) -> Never {
        Foundation._exit(status)
    }
}
