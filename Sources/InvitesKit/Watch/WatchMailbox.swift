import Foundation
import InvitesSystem

/// Where the lanes (``WorkLane``) leave what their jobs gave, for the loop: a list behind a
/// lock, and a pipe whose read end the loop polls beside signals, inotify and the bus, so that
/// a job done wakes it.
final class WatchMailbox: @unchecked Sendable {
    /// The end the loop polls.
    let descriptor: Int32
    private let wake: Int32
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var posted: [WatchWork] = []

    init() throws(SystemCallError) {
        let ends = try Posix.nonBlockingPipe()
        descriptor = ends.read
        wake = ends.write
    }

    deinit {
        try? Posix.close(descriptor)
        try? Posix.close(wake)
    }

    /// Leaves `work` for the loop and wakes it. A full pipe already wakes it: the byte not
    /// written is not missed.
    func post(_ work: WatchWork) {
        lock.lock()
        posted.append(work)
        lock.unlock()
        try? DescriptorWriter.writeAll("\u{1}", to: wake)
    }

    /// What was posted since the last call, in order.
    func take() -> [WatchWork] {
        var buffer = [UInt8](repeating: 0, count: 64)
        while let count = try? Posix.read(descriptor, into: &buffer, count: buffer.count), count > 0 {}
        lock.lock()
        defer { lock.unlock() }
        let taken = posted
        posted = []
        return taken
    }
}
