#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What identifies one version of a file on disk: device, inode, size, and the modification and
/// status-change times to the nanosecond. A different stamp means the file may have changed.
///
/// The status-change time is there because nobody can set it: `touch -d` or a tool restoring an
/// old modification time still moves it on.
struct FileStamp: Equatable, Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var seconds: Int64
    var nanoseconds: Int64
    var changeSeconds: Int64 = 0
    var changeNanoseconds: Int64 = 0

    /// The later of the modification and status-change times, in whole Unix seconds.
    var lastChange: Int64 { max(seconds, changeSeconds) }

    /// Feeds every field into a digest.
    func add(to hasher: inout ContentHasher) {
        for value in [Int64(bitPattern: device), Int64(bitPattern: inode), size, seconds, nanoseconds, changeSeconds, changeNanoseconds] {
            hasher.add(UInt64(bitPattern: value))
        }
    }

    /// The stamp of a path, or `nil` when it does not exist.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        self.init(info)
    }

    /// The stamp of an entry of an open folder, by its NUL-terminated name.
    init?(folder: Int32, name: UnsafePointer<CChar>) {
        var info = stat()
        guard fstatat(folder, name, &info, 0) == 0 else { return nil }
        self.init(info)
    }

    init(
        device: UInt64, inode: UInt64, size: Int64, seconds: Int64, nanoseconds: Int64, changeSeconds: Int64 = 0,
        changeNanoseconds: Int64 = 0
    ) {
        self.device = device
        self.inode = inode
        self.size = size
        self.seconds = seconds
        self.nanoseconds = nanoseconds
        self.changeSeconds = changeSeconds
        self.changeNanoseconds = changeNanoseconds
    }

    /// The stamp `fstat` gave for an open file.
    init(_ info: stat) {
        #if canImport(Darwin)
        let time = info.st_mtimespec
        let change = info.st_ctimespec
        #else
        let time = info.st_mtim
        let change = info.st_ctim
        #endif
        self.init(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
            seconds: Int64(time.tv_sec), nanoseconds: Int64(time.tv_nsec), changeSeconds: Int64(change.tv_sec),
            changeNanoseconds: Int64(change.tv_nsec))
    }
}
