import Foundation

/// One `watch` per store: an advisory lock on `watch.lock` beside the store, held for the
/// life of the process and let go by the kernel however it ends (SIGKILL too), with the pid
/// written in it so that a second `watch` can say who holds it.
final class WatchLock {
    private let descriptor: Int32

    init(path: String) throws(WatchError) {
        try? FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        do {
            descriptor = try Posix.open(path, O_RDWR | O_CREAT | O_CLOEXEC, mode: 0o600)
        } catch {
            throw .unwritable(path: path, reason: error.description)
        }
        do {
            try Posix.flock(descriptor, LOCK_EX | LOCK_NB, path: path)
        } catch {
            try? Posix.close(descriptor)
            guard error.code == EWOULDBLOCK else { throw .unwritable(path: path, reason: error.description) }
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            throw .alreadyRunning(lock: path, pid: Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)))
        }
        try? Data("\(Posix.getpid())\n".utf8).write(to: URL(fileURLWithPath: path))
    }

    deinit {
        try? Posix.close(descriptor)
    }
}
