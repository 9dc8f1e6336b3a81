import Foundation
import InvitesModel
import InvitesSystem

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

    /// How long after its last change a file's stamp is trusted on its own. File times tick
    /// coarsely (a kernel tick, two seconds on FAT), so a write in the same tick as the read
    /// that made an index or an answer could leave the stamp as it was; like git's "racy"
    /// entries, a file changed this shortly before it was read is read again next time.
    static let settleTime: Int64 = 2

    /// Whether the file had stopped changing long enough before `time` (Unix seconds) for an
    /// unchanged stamp to prove unchanged contents.
    func isSettled(at time: Int64) -> Bool {
        lastChange < time - FileStamp.settleTime
    }

    /// Every field, in the order indexes store them and digests take them.
    var fields: [Int64] {
        [
            Int64(bitPattern: device), Int64(bitPattern: inode), size, seconds, nanoseconds, changeSeconds,
            changeNanoseconds,
        ]
    }

    /// A stamp from its ``fields``; `nil` for any other number of them.
    init?(fields: [Int64]) {
        guard fields.count == 7 else { return nil }
        self.init(
            device: UInt64(bitPattern: fields[0]), inode: UInt64(bitPattern: fields[1]), size: fields[2],
            seconds: fields[3],
            nanoseconds: fields[4], changeSeconds: fields[5], changeNanoseconds: fields[6])
    }

    /// Every field, in the order of ``fields``, without making that array: a vdir's 100,000
    /// stamps are hashed on every warm run.
    func add(to hasher: inout ContentHasher) {
        hasher.add(device)
        hasher.add(inode)
        hasher.add(UInt64(bitPattern: size))
        hasher.add(UInt64(bitPattern: seconds))
        hasher.add(UInt64(bitPattern: nanoseconds))
        hasher.add(UInt64(bitPattern: changeSeconds))
        hasher.add(UInt64(bitPattern: changeNanoseconds))
    }

    /// The stamp of a path, or `nil` when it does not exist.
    init?(path: String) {
        guard let info = try? Posix.stat(path) else { return nil }
        self.init(info)
    }

    /// The stamp of an entry of an open folder, by its NUL-terminated name.
    init?(folder: Int32, name: UnsafePointer<CChar>) {
        guard let info = try? Posix.fstatat(folder, name) else { return nil }
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
