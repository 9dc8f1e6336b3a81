import Foundation
import InvitesSystem

/// One `watch` per store: an advisory lock on `watch.lock` beside the store, held for the
/// life of the process and let go by the kernel however it ends (SIGKILL too), with the pid
/// written in it so that a second `watch` can say who holds it.
final class WatchLock {
    private let descriptor: Int32

    /// Takes the lock, or says who holds it. The file is made 0600 and never opened through a
    /// symbolic link (``PrivateFile/openLock(_:)``); the pid goes in through the descriptor
    /// that holds the lock, so it lands in that file and nowhere a link could lead.
    init(path: String) throws(WatchError) {
        try? PrivateFile.makeFolder((path as NSString).deletingLastPathComponent)
        do {
            descriptor = try PrivateFile.openLock(path)
        } catch {
            throw .unwritable(path: path, reason: PrivateFile.lockProblem(error))
        }
        do {
            try Posix.flock(descriptor, LOCK_EX | LOCK_NB, path: path)
        } catch {
            // The holder's pid, read through the descriptor: the path is not opened again.
            let held = error.code == EWOULDBLOCK ? (try? DescriptorReader.readAll(descriptor)) ?? Data() : nil
            try? Posix.close(descriptor)
            guard let held else { throw .unwritable(path: path, reason: error.description) }
            let text = String(decoding: held.prefix(32), as: UTF8.self)
            throw .alreadyRunning(lock: path, pid: Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)))
        }
        try? Posix.ftruncate(descriptor, 0, path: path)
        try? DescriptorWriter.writeAll("\(Posix.getpid())\n", to: descriptor)
    }

    deinit {
        try? Posix.close(descriptor)
    }
}
