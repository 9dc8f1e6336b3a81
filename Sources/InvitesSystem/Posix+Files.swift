import Foundation

// The calls whose names are also C structs' (`struct stat`, `struct flock`), by their types.
private func systemStat(_ path: UnsafePointer<CChar>, _ info: UnsafeMutablePointer<stat>) -> Int32 {
    stat(path, info)
}

private func systemLstat(_ path: UnsafePointer<CChar>, _ info: UnsafeMutablePointer<stat>) -> Int32 {
    lstat(path, info)
}

private func systemFlock(_ descriptor: Int32, _ operation: Int32) -> Int32 {
    flock(descriptor, operation)
}

/// Files and descriptors: open, read, write, flush, stat, rename, remove, lock.
extension Posix {
    /// `open(2)`: a descriptor for `path`; `mode` for a file it creates.
    package static func open(_ path: String, _ flags: Int32, mode: mode_t = 0) throws(SystemCallError) -> Int32 {
        try retrying("open", path: path) { Foundation.open(path, flags, mode) }
    }

    /// `openat(2)`: `name` opened in the open folder `folder` (the current folder when nil);
    /// `path` is what an error calls it.
    package static func openat(_ name: String, in folder: Int32?, _ flags: Int32, path: String) throws(SystemCallError)
        -> Int32
    {
        try retrying("openat", path: path) { Foundation.openat(folder ?? AT_FDCWD, name, flags) }
    }

    /// `openat(2)` of the entry `name` (NUL-terminated) of the open folder `folder`. The name
    /// becomes a string only for an error: a first look at a vdir opens its 100,000 items by the
    /// bytes the folder listed.
    package static func openat(_ folder: Int32, _ name: UnsafePointer<CChar>, _ flags: Int32) throws(SystemCallError)
        -> Int32
    {
        while true {
            let descriptor = Foundation.openat(folder, name, flags)
            if descriptor >= 0 { return descriptor }
            let code = errno
            guard code == EINTR else { throw SystemCallError(code: code, call: "openat", path: String(cString: name)) }
        }
    }

    /// `close(2)`, made once: the descriptor is gone whatever it answers, so an interrupted close
    /// is not made again (it could close a descriptor another thread just opened). A failure is
    /// still reported: on NFS it can be the write-back of what was written.
    package static func close(_ descriptor: Int32, path: String? = nil) throws(SystemCallError) {
        try once("close", path: path) { Foundation.close(descriptor) }
    }

    /// `read(2)`: up to `count` bytes into `buffer`; 0 at the end of the file.
    package static func read(
        _ descriptor: Int32, into buffer: UnsafeMutableRawPointer?, count: Int, path: String? = nil
    ) throws(SystemCallError) -> Int {
        try retrying("read", path: path) { Foundation.read(descriptor, buffer, count) }
    }

    /// `fsync(2)`: what was written to `descriptor` reaches the disk.
    package static func fsync(_ descriptor: Int32, path: String? = nil) throws(SystemCallError) {
        try retrying("fsync", path: path) { Foundation.fsync(descriptor) }
    }

    /// `fchmod(2)`.
    package static func fchmod(_ descriptor: Int32, _ mode: mode_t, path: String? = nil) throws(SystemCallError) {
        try retrying("fchmod", path: path) { Foundation.fchmod(descriptor, mode) }
    }

    /// `chmod(2)`: for a folder just made, whose mode `mkdir` masked with the umask.
    static func chmod(_ path: String, _ mode: mode_t) throws(SystemCallError) {
        try retrying("chmod", path: path) { Foundation.chmod(path, mode) }
    }

    /// `ftruncate(2)`: the open file cut (or grown) to `length` bytes.
    package static func ftruncate(_ descriptor: Int32, _ length: Int, path: String? = nil) throws(SystemCallError) {
        try retrying("ftruncate", path: path) { Foundation.ftruncate(descriptor, off_t(length)) }
    }

    /// `fchown(2)`.
    package static func fchown(_ descriptor: Int32, _ owner: uid_t, _ group: gid_t, path: String? = nil)
        throws(SystemCallError)
    {
        try retrying("fchown", path: path) { Foundation.fchown(descriptor, owner, group) }
    }

    /// `stat(2)`: what the system knows of `path`, following a symbolic link.
    package static func stat(_ path: String) throws(SystemCallError) -> Foundation.stat {
        var info = Foundation.stat()
        try retrying("stat", path: path) { systemStat(path, &info) }
        return info
    }

    /// `lstat(2)`: what the system knows of `path` itself, a symbolic link as the link (not the
    /// file it names), so that a writer can tell a link from a file before it replaces one.
    package static func lstat(_ path: String) throws(SystemCallError) -> Foundation.stat {
        var info = Foundation.stat()
        try retrying("lstat", path: path) { systemLstat(path, &info) }
        return info
    }

    /// `readlink(2)`: where a symbolic link points; `nil` when `path` is not one or cannot be
    /// read.
    package static func readlink(_ path: String) -> String? {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX))
        let count = buffer.withUnsafeMutableBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { characters in
                characters.baseAddress.map { Foundation.readlink(path, $0, characters.count) } ?? -1
            }
        }
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }

    /// `realpath(3)`: `path` made absolute, with every symbolic link and `.` or `..` resolved;
    /// `nil` when a part of it does not exist or cannot be read.
    package static func realpath(_ path: String) -> String? {
        guard let resolved = Foundation.realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `fstat(2)`: what the system knows of an open file.
    package static func fstat(_ descriptor: Int32, path: String? = nil) throws(SystemCallError) -> Foundation.stat {
        var info = Foundation.stat()
        try retrying("fstat", path: path) { Foundation.fstat(descriptor, &info) }
        return info
    }

    /// `fstatat(2)`: what the system knows of the entry `name` (NUL-terminated) of the open
    /// folder `folder`. The name becomes a string only for an error: a vdir's 100,000 items are
    /// stamped through here.
    package static func fstatat(_ folder: Int32, _ name: UnsafePointer<CChar>) throws(SystemCallError)
        -> Foundation.stat
    {
        var info = Foundation.stat()
        while Foundation.fstatat(folder, name, &info, 0) != 0 {
            let code = errno
            guard code == EINTR else { throw SystemCallError(code: code, call: "fstatat", path: String(cString: name)) }
        }
        return info
    }

    /// `faccessat(2)` with `AT_EACCESS`: whether the effective user may `mode` (`W_OK`) `path`;
    /// throws the reason it may not.
    package static func faccessat(_ path: String, _ mode: Int32) throws(SystemCallError) {
        try retrying("faccessat", path: path) { Foundation.faccessat(AT_FDCWD, path, mode, AT_EACCESS) }
    }

    /// `rename(2)`: `source` replaces `destination`, at once.
    package static func rename(_ source: String, to destination: String) throws(SystemCallError) {
        try retrying("rename", path: destination) { Foundation.rename(source, destination) }
    }

    /// `unlink(2)`.
    package static func unlink(_ path: String) throws(SystemCallError) {
        try retrying("unlink", path: path) { Foundation.unlink(path) }
    }

    /// `flock(2)`: takes (`LOCK_EX`, with `LOCK_NB` not to wait) or gives back (`LOCK_UN`) the
    /// advisory lock on an open file.
    package static func flock(_ descriptor: Int32, _ operation: Int32, path: String? = nil) throws(SystemCallError) {
        try retrying("flock", path: path) { systemFlock(descriptor, operation) }
    }
}
