import Foundation
import InvitesSystem

/// An advisory lock held for the life of the value, so that two `invites` writing the same
/// calendar take turns.
///
/// The wait is bounded: a lock held for longer than ``patience`` (another `invites` stopped
/// with ^Z in the middle of a write) ends the command with a message, not a wait without end.
final class FileLock {
    private let descriptor: Int32

    /// How long to wait for the lock, in seconds: far longer than one calendar write takes.
    static let patience: Double = 10

    /// Takes the lock at `path`, making its folder (0700) and the file (0600) when they are
    /// missing. A symbolic link where the lock goes is refused, not followed
    /// (``PrivateFile/openLock(_:)``).
    init(path: String) throws {
        try? PrivateFile.makeFolder((path as NSString).deletingLastPathComponent)
        do {
            descriptor = try PrivateFile.openLock(path)
        } catch {
            throw CalendarError.unwritable(path: path, reason: "cannot open lock: \(PrivateFile.lockProblem(error))")
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
