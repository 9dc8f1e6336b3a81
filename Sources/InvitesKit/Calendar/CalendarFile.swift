#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The bytes of one calendar file: large files memory-mapped, small ones (a vdir item) read in
/// one system call, without Foundation's URL machinery, since a vdir may hold 100,000 of them.
struct CalendarFile: Sendable {
    let path: String
    let data: Data
    /// The file's stamp, taken from the open file before its bytes were read: anything cached
    /// under it describes these bytes or older ones, never newer ones.
    var stamp: FileStamp?

    static let mappingThreshold = 1 << 20

    /// Reads `path`; with `folder` (an open folder) and `name`, the name is opened in that
    /// folder, sparing the kernel a walk of the whole path for each of a vdir's items.
    static func read(_ path: String, folder: Int32? = nil, name: String? = nil) throws(CalendarError) -> CalendarFile {
        let descriptor = openForReading(name ?? path, in: folder)
        guard descriptor >= 0 else {
            if errno == ENOENT { throw .notFound(path: path) }
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw .unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .unreadable(path: path, reason: "not a regular file") }
        let size = Int(info.st_size)
        let stamp = FileStamp(info)
        if size >= mappingThreshold {
            do {
                let data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
                return CalendarFile(path: path, data: data, stamp: stamp)
            } catch {
                throw .unreadable(path: path, reason: error.localizedDescription)
            }
        }
        var data = Data(count: size)
        var total = 0
        let failed = data.withUnsafeMutableBytes { buffer -> Bool in
            while total < size {
                let count = systemRead(descriptor, buffer.baseAddress?.advanced(by: total), size - total)
                if count < 0, errno == EINTR { continue }
                if count <= 0 { return count < 0 }
                total += count
            }
            return false
        }
        guard !failed else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        return CalendarFile(path: path, data: total == size ? data : data.prefix(total), stamp: stamp)
    }

    /// Opens read-only; on Linux without updating the access time where the file is ours, which
    /// saves an inode write per vdir item.
    private static func openForReading(_ path: String, in folder: Int32?) -> Int32 {
        let base = folder ?? AT_FDCWD
        #if os(Linux)
        let noAccessTime: Int32 = 0o1000000  // O_NOATIME, which Glibc's module does not export
        let descriptor = openat(base, path, O_RDONLY | O_CLOEXEC | noAccessTime)
        if descriptor >= 0 || errno != EPERM { return descriptor }
        #endif
        return openat(base, path, O_RDONLY | O_CLOEXEC)
    }
}

/// `read(2)`, named apart from the static `read` above.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
