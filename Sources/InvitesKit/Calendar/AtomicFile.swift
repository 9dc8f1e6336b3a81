#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Replaces files the way a crash can never half-do: a temporary file in the same folder,
/// fsync, rename over the old one, fsync the folder. A change someone else made between our
/// read and our rename is noticed, and the caller's change is made again on top of it.
struct AtomicFile {
    let path: String

    /// Reads the file (nil when it does not exist), lets `change` make the new contents and
    /// writes them; `change` returning nil leaves the file alone. Retried when the file changed
    /// underneath, so a concurrent edit is never overwritten.
    func update(_ change: (Data?) throws -> Data?) throws {
        for _ in 0..<20 {
            let before = FileStamp(path: path)
            let current = before == nil ? nil : try read()
            guard let next = try change(current) else { return }
            let temporary = try writeTemporary(next)
            guard FileStamp(path: path) == before else {
                unlink(temporary)
                continue
            }
            guard rename(temporary, path) == 0 else {
                let reason = String(cString: strerror(errno))
                unlink(temporary)
                throw CalendarError.unreadable(path: path, reason: "cannot rename into place: \(reason)")
            }
            syncFolder()
            return
        }
        throw CalendarError.unreadable(path: path, reason: "it kept changing while invites tried to write it")
    }

    /// Removes the file, durably.
    func remove() throws {
        guard unlink(path) == 0 || errno == ENOENT else {
            throw CalendarError.unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        syncFolder()
    }

    private func read() throws -> Data {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CalendarError.unreadable(path: path, reason: error.localizedDescription)
        }
    }

    private var folder: String { (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent }

    /// Writes and fsyncs `.NAME.invites-PID-N.tmp` next to the file, with the file's permissions.
    private func writeTemporary(_ data: Data) throws -> String {
        var info = stat()
        let mode: mode_t = stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0o644
        let name = (path as NSString).lastPathComponent
        var attempt = 0
        while true {
            attempt += 1
            let temporary = (folder as NSString).appendingPathComponent(".\(name).invites-\(getpid())-\(attempt).tmp")
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
            if descriptor < 0 {
                if errno == EEXIST, attempt < 1000 { continue }
                throw CalendarError.unreadable(path: path, reason: "cannot create a temporary file: \(String(cString: strerror(errno)))")
            }
            defer { close(descriptor) }
            let written = data.withUnsafeBytes { bytes -> Bool in
                var offset = 0
                while offset < bytes.count {
                    let count = write(descriptor, bytes.baseAddress?.advanced(by: offset), bytes.count - offset)
                    if count < 0 {
                        if errno == EINTR { continue }
                        return false
                    }
                    offset += count
                }
                return true
            }
            guard written, fsync(descriptor) == 0 else {
                let reason = String(cString: strerror(errno))
                unlink(temporary)
                throw CalendarError.unreadable(path: path, reason: "cannot write: \(reason)")
            }
            return temporary
        }
    }

    private func syncFolder() {
        let descriptor = open(folder, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}

/// An advisory lock held for the life of the value, so that two `invites` writing the same
/// calendar take turns.
final class FileLock {
    private let descriptor: Int32

    init(path: String) throws {
        try? FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw CalendarError.unreadable(path: path, reason: "cannot open lock: \(String(cString: strerror(errno)))")
        }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                close(descriptor)
                throw CalendarError.unreadable(path: path, reason: "cannot lock: \(String(cString: strerror(errno)))")
            }
        }
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
