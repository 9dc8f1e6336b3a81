import Foundation
import InvitesSystem

/// The bytes of one calendar file, read through the descriptor that was stamped, without
/// Foundation's URL machinery, since a vdir may hold 100,000 of them.
///
/// Never memory-mapped: another program truncating a mapped file would kill the process with
/// SIGBUS the moment a vanished page was read.
struct CalendarFile: Sendable {
    let path: String
    let data: Data
    /// The file's stamp, taken from the open file before its bytes were read: anything cached
    /// under it describes these bytes or older ones, never newer ones.
    var stamp: FileStamp?

    /// The largest calendar file read: 512 MiB, about two million events, which `show` answers
    /// within a gigabyte of memory.
    static let largest = 512 << 20

    /// Reads `path` into memory of its own.
    static func read(_ path: String) throws(CalendarError) -> CalendarFile {
        var room: UnsafeMutableRawPointer?
        do throws(CalendarError) {
            let (count, stamp) = try contents(path, in: nil, path: { path }) { size in
                room = malloc(max(size, 1))
                return room
            }
            guard let room else { throw .unreadable(path: path, reason: "out of memory") }
            return CalendarFile(
                path: path, data: Data(bytesNoCopy: room, count: count, deallocator: .free), stamp: stamp)
        } catch {
            free(room)
            throw error
        }
    }

    /// The bytes of `name` (in the open folder `folder`, else the current folder) read into
    /// `buffer`, valid until the buffer is used again, and the stamp they were read under. A
    /// cold run reads 100,000 vdir items by name and keeps the bytes of a few, so a thread reads
    /// them all into the same room. `path` is what an error calls the file, made only for an
    /// error.
    static func contents(
        _ name: String, in folder: Int32?, buffer: ReadBuffer, path: () -> String
    ) throws(CalendarError) -> (bytes: UnsafeRawBufferPointer, stamp: FileStamp) {
        let (count, stamp) = try contents(name, in: folder, path: path) { buffer.room(for: $0) }
        return (UnsafeRawBufferPointer(start: buffer.base, count: count), stamp)
    }

    /// The bytes of the entry `name` (NUL-terminated, as the folder listed it) of the open
    /// folder `folder`, read into `buffer` as ``contents(_:in:buffer:path:)`` reads them: a
    /// first look at a vdir and a cold read of one read 100,000 items without making a string
    /// of any name. `path` is what an error calls the file, made only for an error; a reason
    /// for failing past the open does not name it.
    static func contents(
        entry name: UnsafePointer<CChar>, in folder: Int32, buffer: ReadBuffer, path: () -> String
    ) throws(CalendarError) -> (bytes: UnsafeRawBufferPointer, stamp: FileStamp) {
        let descriptor: Int32
        do {
            descriptor = try openForReading(entry: name, in: folder)
        } catch {
            if error.code == ENOENT { throw .notFound(path: path()) }
            throw .unreadable(path: path(), reason: error.description)
        }
        let (count, stamp) = try contents(of: descriptor, name: nil, path: path) { buffer.room(for: $0) }
        return (UnsafeRawBufferPointer(start: buffer.base, count: count), stamp)
    }

    /// Reads `name` into the room `room` gives for its size (`nil`: out of memory); how many
    /// bytes were read and the stamp.
    private static func contents(
        _ name: String, in folder: Int32?, path: () -> String, room: (Int) -> UnsafeMutableRawPointer?
    ) throws(CalendarError) -> (count: Int, stamp: FileStamp) {
        let descriptor: Int32
        do {
            descriptor = try openForReading(name, in: folder)
        } catch {
            if error.code == ENOENT { throw .notFound(path: path()) }
            throw .unreadable(path: path(), reason: error.description)
        }
        return try contents(of: descriptor, name: name, path: path, room: room)
    }

    /// Stamps and reads the open `descriptor` (closed after), `name` what a system call's error
    /// calls it.
    private static func contents(
        of descriptor: Int32, name: String?, path: () -> String, room: (Int) -> UnsafeMutableRawPointer?
    ) throws(CalendarError) -> (count: Int, stamp: FileStamp) {
        defer { try? Posix.close(descriptor, path: name) }
        let info: stat
        do {
            info = try Posix.fstat(descriptor, path: name)
        } catch {
            throw .unreadable(path: path(), reason: error.description)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .unreadable(path: path(), reason: "not a regular file") }
        let size = Int(info.st_size)
        guard size <= CalendarFile.largest else {
            throw .tooLarge(path: path(), size: size, limit: CalendarFile.largest)
        }
        let stamp = FileStamp(info)
        // Room the kernel fills directly: Data(count:) would write zeros over it first.
        guard let buffer = room(size) else { throw .unreadable(path: path(), reason: "out of memory") }
        var total = 0
        while total < size {
            let count: Int
            do {
                count = try Posix.read(descriptor, into: buffer + total, count: size - total, path: name)
            } catch {
                throw .unreadable(path: path(), reason: error.description)
            }
            if count == 0 { break }
            total += count
        }
        // A file that shrank while being read is taken as far as it went; one that grew, as it
        // was stamped (the stamp then no longer matches, and the next run reads it again).
        return (total, stamp)
    }

    /// Opens read-only; on Linux without updating the access time where the file is ours, which
    /// saves an inode write per vdir item.
    private static func openForReading(_ name: String, in folder: Int32?) throws(SystemCallError) -> Int32 {
        let opened = name.withCString { entry in
            Result { () throws(SystemCallError) in try openForReading(entry: entry, in: folder ?? AT_FDCWD) }
        }
        return try opened.get()
    }

    /// ``openForReading(_:in:)`` of a NUL-terminated name.
    private static func openForReading(entry name: UnsafePointer<CChar>, in folder: Int32) throws(SystemCallError)
        -> Int32
    {
        #if os(Linux)
            let noAccessTime: Int32 = 0o1000000  // O_NOATIME, which Glibc's module does not export
            do {
                return try Posix.openat(folder, name, O_RDONLY | O_CLOEXEC | O_NONBLOCK | noAccessTime)
            } catch {
                // EPERM: not our file, opened without the flag below.
                guard error.code == EPERM else { throw error }
            }
        #endif
        // Non-blocking, so that a FIFO named like a calendar cannot hang the open; it is then
        // refused as not a regular file.
        return try Posix.openat(folder, name, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    }
}
