import Foundation

/// Folders made, and read as streams of entries.
extension Posix {
    /// `mkdir(2)`: a new folder with `mode` (less the umask).
    static func mkdir(_ path: String, mode: mode_t) throws(SystemCallError) {
        _ = try retrying("mkdir", path: path) { Foundation.mkdir(path, mode) }
    }

    /// A folder open for reading (`DIR *`), as the platform types it.
    #if canImport(Darwin)
        typealias FolderStream = UnsafeMutablePointer<DIR>
    #else
        package typealias FolderStream = OpaquePointer
    #endif

    /// `opendir(3)`.
    package static func opendir(_ path: String) throws(SystemCallError) -> FolderStream {
        while true {
            if let stream = Foundation.opendir(path) { return stream }
            let code = errno
            guard code == EINTR else { throw SystemCallError(code: code, call: "opendir", path: path) }
        }
    }

    /// `readdir(3)`: the next entry, or nil at the end (a folder that fails while it is read
    /// ends there too, as a listing that was cut short).
    package static func readdir(_ stream: FolderStream) -> UnsafeMutablePointer<dirent>? {
        Foundation.readdir(stream)
    }

    /// `closedir(3)`; nothing is left to do when it fails.
    package static func closedir(_ stream: FolderStream) {
        _ = Foundation.closedir(stream)
    }

    /// `dirfd(3)`: the descriptor of an open folder, for `openat` and `fstatat` in it.
    package static func dirfd(_ stream: FolderStream) -> Int32 {
        Foundation.dirfd(stream)
    }
}
