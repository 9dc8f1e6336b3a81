import Foundation

/// Replaces files the way a crash can never half-do: a temporary file in the same folder,
/// fsync, rename over the old one, fsync the folder. A change someone else made between our
/// read and our rename is noticed, and the caller's change is made again on top of it.
struct AtomicFile {
    let path: String

    /// Reads the file (nil when it does not exist), lets `change` make the new contents and
    /// writes them; `change` returning nil leaves the file alone. Retried when the file changed
    /// underneath, so a concurrent edit is never overwritten. A failed write throws
    /// ``CalendarError/unwritable(path:reason:)`` and leaves the file as it was.
    func update(_ change: (Data?) throws -> Data?) throws {
        for _ in 0..<20 {
            let before = FileStamp(path: path)
            let current = before == nil ? nil : try contents()
            guard let next = try change(current) else { return }
            if before != nil { try requireWritable() }
            let temporary = try writeTemporary(next)
            guard FileStamp(path: path) == before else {
                try? Posix.unlink(temporary)
                continue
            }
            do {
                try Posix.rename(temporary, to: path)
            } catch {
                try? Posix.unlink(temporary)
                throw CalendarError.unwritable(path: path, reason: "cannot rename into place: \(error)")
            }
            syncFolder()
            return
        }
        throw CalendarError.unwritable(path: path, reason: "it kept changing while invites tried to write it")
    }

    /// Removes the file, durably.
    func remove() throws {
        do {
            try Posix.unlink(path)
        } catch {
            // A file already gone is removed all the same.
            guard error.code == ENOENT else {
                throw CalendarError.unwritable(path: path, reason: error.description)
            }
        }
        syncFolder()
    }

    /// Refuses a file its owner made read-only (mode 0444, `chattr +i`, a read-only mount).
    ///
    /// The rename would replace a 0444 file all the same, since it needs only the folder's
    /// permission; but a user who took the write bit away meant "do not change this". Checked
    /// for the effective user, so root, for whom the mode bits stop nothing, writes as before.
    private func requireWritable() throws {
        do {
            try Posix.faccessat(path, W_OK)
        } catch {
            throw CalendarError.unwritable(path: path, reason: error.description)
        }
    }

    private func contents() throws -> Data {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CalendarError.unreadable(path: path, reason: error.localizedDescription)
        }
    }

    private var folder: String {
        (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
    }

    /// Writes and fsyncs `.NAME.invites-PID-N.tmp` next to the file, with the file's mode, owner
    /// and group.
    ///
    /// The mode is set with `fchmod` after the open, since `open` masks it with the umask: under
    /// mutt's umask 077 a shared 0644 calendar would otherwise become 0600 on its first rewrite.
    /// The owner and group are kept where the system lets us (root, or our own file and one of
    /// our groups); where it does not, the file is still written. A new file takes 0644 less
    /// the umask, as any other program's would.
    private func writeTemporary(_ data: Data) throws -> String {
        let existing = try? Posix.stat(path)
        let mode: mode_t = existing.map { $0.st_mode & 0o7777 } ?? 0o644
        let name = (path as NSString).lastPathComponent
        var attempt = 0
        while true {
            attempt += 1
            let temporary = (folder as NSString).appendingPathComponent(
                ".\(name).invites-\(Posix.getpid())-\(attempt).tmp")
            let descriptor: Int32
            do {
                descriptor = try Posix.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode: mode)
            } catch {
                if error.code == EEXIST, attempt < 1000 { continue }
                throw CalendarError.unwritable(path: path, reason: "cannot create a temporary file beside it: \(error)")
            }
            do {
                try fill(descriptor, with: data, keeping: existing)
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

    /// Gives the open temporary file the old file's owner, group and mode, writes `data` and
    /// flushes it to the disk.
    private func fill(_ descriptor: Int32, with data: Data, keeping existing: stat?) throws(SystemCallError) {
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

    private func syncFolder() {
        guard let descriptor = try? Posix.open(folder, O_RDONLY | O_CLOEXEC) else { return }
        try? Posix.fsync(descriptor)
        try? Posix.close(descriptor)
    }
}
