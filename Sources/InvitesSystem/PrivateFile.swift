import Foundation

/// Folders and files that are yours alone: what `invites` makes in its home (the store, the
/// cache, the locks, the notes beside them) is made 0700 or 0600 whatever the umask, since
/// the inbox holds strangers' mail and your answers, and under umask 000 anything else would
/// be open to every user of the machine.
package enum PrivateFile {
    /// The mode of every folder made here.
    static let folderMode: mode_t = 0o700
    /// The mode of every file made here.
    package static let fileMode: mode_t = 0o600

    /// Makes `path` and any of its parents that are missing, each 0700; folders already there
    /// are left as they are (a folder of yours is not changed without a word). Made meanwhile by
    /// another run, a folder is there all the same.
    package static func makeFolder(_ path: String) throws(SystemCallError) {
        var missing: [String] = []
        var current = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        while !current.isEmpty, current != "/", (try? Posix.lstat(current)) == nil {
            missing.append(current)
            let parent = (current as NSString).deletingLastPathComponent
            if parent == current { break }
            current = parent
        }
        for folder in missing.reversed() {
            do {
                try Posix.mkdir(folder, mode: folderMode)
            } catch {
                guard error.code == EEXIST else { throw error }
                continue
            }
            // mkdir masked the mode with the umask; a folder just made is ours to set.
            try Posix.chmod(folder, folderMode)
        }
    }

    /// Makes an empty file at `path`, 0600, when there is none: `false` when something is there
    /// already (a link too, which is not followed). For files another library creates with its
    /// own mode, as SQLite does a database 0644 less the umask and its WAL and shared memory
    /// with the database's mode.
    @discardableResult
    package static func create(_ path: String) throws(SystemCallError) -> Bool {
        let descriptor: Int32
        do {
            descriptor = try Posix.open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode: fileMode)
        } catch {
            guard error.code == EEXIST else { throw error }
            return false
        }
        do {
            try Posix.fchmod(descriptor, fileMode, path: path)
        } catch {
            try? Posix.close(descriptor, path: path)
            throw error
        }
        try Posix.close(descriptor, path: path)
        return true
    }

    /// Opens (creating, 0600) a lock file for reading and writing, never through a symbolic
    /// link: a link planted where a lock goes would otherwise have `invites` create or lock
    /// a file of the link's choosing. A link there fails with `ELOOP`, anything but a regular
    /// file with `EINVAL`.
    package static func openLock(_ path: String) throws(SystemCallError) -> Int32 {
        let descriptor = try Posix.open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, mode: fileMode)
        do throws(SystemCallError) {
            let info = try Posix.fstat(descriptor, path: path)
            guard info.st_mode & S_IFMT == S_IFREG else {
                throw SystemCallError(code: EINVAL, call: "open", path: path)
            }
        } catch {
            try? Posix.close(descriptor, path: path)
            throw error
        }
        return descriptor
    }

    /// Why a lock could not be opened, in words: a link is named as one.
    package static func lockProblem(_ error: SystemCallError) -> String {
        switch error.code {
        case ELOOP: return "it is a symbolic link, which invites does not follow for a lock"
        case EINVAL: return "it is not a regular file"
        default: return error.description
        }
    }
}
