import Foundation
import InvitesSystem

/// Replaces files the way a crash can never half-do: a temporary file in the same folder,
/// fsync, rename over the old one, fsync the folder. A change someone else made between our
/// read and our rename is noticed, and the caller's change is made again on top of it.
///
/// A path that is a symbolic link is written through: the file at the end of the link is
/// replaced, in its own folder, and the link stays a link (``LinkTarget``); a link that leads
/// nowhere is refused and left as it is.
struct AtomicFile {
    let path: String
    /// The exact mode of a file made new (not masked by the umask): 0600 for the files of the
    /// home. `nil`: 0644 less the umask, as any other program would make a calendar.
    var newFileMode: mode_t?

    init(path: String, newFileMode: mode_t? = nil) {
        self.path = path
        self.newFileMode = newFileMode
    }

    /// Reads the file (nil when it does not exist), lets `change` make the new contents and
    /// writes them; `change` returning nil leaves the file alone. Retried when the file changed
    /// underneath, so a concurrent edit is never overwritten. A failed write throws
    /// ``CalendarError/unwritable(path:reason:)`` and leaves the file as it was.
    ///
    /// Where the path leads is looked up again on every attempt and once more before the
    /// rename: a link pointed elsewhere meanwhile is a change underneath like any other.
    func update(_ change: (Data?) throws -> Data?) throws {
        for _ in 0..<20 {
            let target = try LinkTarget.resolve(path)
            let before = FileStamp(path: target)
            let current = before == nil ? nil : try contents(of: target)
            guard let next = try change(current) else { return }
            if before != nil { try requireWritable(target) }
            let temporary = try writeTemporary(next, for: target)
            guard FileStamp(path: target) == before, (try? LinkTarget.resolve(path)) == target else {
                try? Posix.unlink(temporary)
                continue
            }
            do {
                try Posix.rename(temporary, to: target)
            } catch {
                try? Posix.unlink(temporary)
                throw CalendarError.unwritable(path: path, reason: "cannot rename into place: \(error)")
            }
            syncFolder(of: target)
            return
        }
        throw CalendarError.unwritable(path: path, reason: "it kept changing while invites tried to write it")
    }

    /// Removes the file, durably. A vdir item that is a symbolic link goes with the file it
    /// names: removing the link alone would leave the event wherever the link led (the folder
    /// a sync reads), and removing the file alone would leave a link to nothing.
    func remove() throws {
        let target = try LinkTarget.resolve(path)
        if target != path {
            try removeEntry(target)
            syncFolder(of: target)
        }
        try removeEntry(path)
        syncFolder(of: path)
    }

    private func removeEntry(_ file: String) throws {
        do {
            try Posix.unlink(file)
        } catch {
            // A file already gone is removed all the same.
            guard error.code == ENOENT else {
                throw CalendarError.unwritable(path: path, reason: error.description)
            }
        }
    }

    /// Refuses a file its owner made read-only (mode 0444, `chattr +i`, a read-only mount).
    ///
    /// The rename would replace a 0444 file all the same, since it needs only the folder's
    /// permission; but a user who took the write bit away meant "do not change this". Checked
    /// for the effective user, so root, for whom the mode bits stop nothing, writes as before.
    private func requireWritable(_ target: String) throws {
        do {
            try Posix.faccessat(target, W_OK)
        } catch {
            throw CalendarError.unwritable(path: path, reason: error.description)
        }
    }

    private func contents(of target: String) throws -> Data {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: target))
        } catch {
            throw CalendarError.unreadable(path: path, reason: error.localizedDescription)
        }
    }

    private func folder(of file: String) -> String {
        (file as NSString).deletingLastPathComponent.isEmpty ? "." : (file as NSString).deletingLastPathComponent
    }

    /// Writes and fsyncs `.NAME.invites-PID-N.tmp` next to `target` (the file itself, not a
    /// link to it), with the file's mode, owner and group.
    ///
    /// The mode is set with `fchmod` after the open, since `open` masks it with the umask: under
    /// mutt's umask 077 a shared 0644 calendar would otherwise become 0600 on its first rewrite.
    /// The owner and group are kept where the system lets us (root, or our own file and one of
    /// our groups); where it does not, the file is still written. A new file takes
    /// ``newFileMode`` when there is one, else 0644 less the umask, as any other program's would.
    private func writeTemporary(_ data: Data, for target: String) throws -> String {
        let existing = try? Posix.stat(target)
        let mode: mode_t = existing.map { $0.st_mode & 0o7777 } ?? newFileMode ?? 0o644
        let name = (target as NSString).lastPathComponent
        var attempt = 0
        while true {
            attempt += 1
            let temporary = (folder(of: target) as NSString).appendingPathComponent(
                ".\(name).invites-\(Posix.getpid())-\(attempt).tmp")
            let descriptor: Int32
            do {
                descriptor = try Posix.open(
                    temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode: mode)
            } catch {
                if error.code == EEXIST, attempt < 1000 { continue }
                throw CalendarError.unwritable(path: path, reason: "cannot create a temporary file beside it: \(error)")
            }
            do {
                try fill(descriptor, with: data, keeping: existing, mode: existing == nil ? newFileMode : nil)
            } catch {
                try? Posix.close(descriptor, path: temporary)
                try? Posix.unlink(temporary)
                throw CalendarError.unwritable(path: path, reason: error.description)
            }
            // close can report a failed write-back (NFS): then the copy is not whole either.
            do {
                try Posix.close(descriptor, path: temporary)
            } catch {
                try? Posix.unlink(temporary)
                throw CalendarError.unwritable(path: path, reason: error.description)
            }
            return temporary
        }
    }

    /// Gives the open temporary file the old file's owner, group and mode (or `mode`, for a new
    /// file), writes `data` and flushes it to the disk.
    private func fill(_ descriptor: Int32, with data: Data, keeping existing: stat?, mode: mode_t?)
        throws(SystemCallError)
    {
        if let mode { try Posix.fchmod(descriptor, mode) }
        if let existing {
            // fchown first: a change of owner clears the set-id bits that fchmod then restores.
            let user = Posix.geteuid()
            if user == 0 || existing.st_uid == user {
                try? Posix.fchown(descriptor, existing.st_uid, existing.st_gid)
            }
            try Posix.fchmod(descriptor, existing.st_mode & 0o7777)
        }
        try DescriptorWriter.writeAll(data, to: descriptor)
        try Posix.fsync(descriptor)
    }

    private func syncFolder(of file: String) {
        guard let descriptor = try? Posix.open(folder(of: file), O_RDONLY | O_CLOEXEC) else { return }
        try? Posix.fsync(descriptor)
        try? Posix.close(descriptor)
    }
}
