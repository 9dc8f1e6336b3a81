import Foundation

/// An advisory lock held for the life of the value, so that two `invites` writing the same
/// calendar take turns.
///
/// The wait is bounded: a lock held for longer than ``patience`` (another `invites` stopped
/// with ^Z in the middle of a write) ends the command with a message, not a wait without end.
final class FileLock {
    private let descriptor: Int32

    /// How long to wait for the lock, in seconds: far longer than one calendar write takes.
    static let patience: Double = 10

    init(path: String) throws {
        try? FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        do {
            descriptor = try Posix.open(path, O_RDWR | O_CREAT | O_CLOEXEC, mode: 0o600)
        } catch {
            throw CalendarError.unwritable(path: path, reason: "cannot open lock: \(error)")
        }
        let deadline = Date().addingTimeInterval(FileLock.patience)
        while true {
            do {
                try Posix.flock(descriptor, LOCK_EX | LOCK_NB, path: path)
                return
            } catch {
                guard error.code == EWOULDBLOCK, Date() < deadline else {
                    try? Posix.close(descriptor, path: path)
                    let reason =
                        error.code == EWOULDBLOCK
                        ? "another invites has held this lock for \(Int(FileLock.patience)) seconds; try again"
                        : "cannot lock: \(error)"
                    throw CalendarError.unwritable(path: path, reason: reason)
                }
                Posix.sleep(seconds: 0.02)
            }
        }
    }

    deinit {
        try? Posix.flock(descriptor, LOCK_UN)
        try? Posix.close(descriptor)
    }
}
