#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What identifies one version of a file on disk: device, inode, size and modification time to
/// the nanosecond. A different stamp means the file may have changed.
struct FileStamp: Equatable, Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var seconds: Int64
    var nanoseconds: Int64

    /// The stamp of a path, or `nil` when it does not exist.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// The stamp of an entry of an open folder.
    init?(folder: Int32, name: String) {
        var info = stat()
        guard fstatat(folder, name, &info, 0) == 0 else { return nil }
        self.init(info)
    }

    init(device: UInt64, inode: UInt64, size: Int64, seconds: Int64, nanoseconds: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    private init(_ info: stat) {
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        self.init(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
            seconds: Int64(time.tv_sec), nanoseconds: Int64(time.tv_nsec))
    }
}
