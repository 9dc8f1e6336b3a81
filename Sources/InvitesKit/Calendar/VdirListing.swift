#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `.ics` items of a vdir in name order (hidden and `.tmp` files, anything without the
/// `.ics` ending, and names that are not UTF-8 are left out), with their stamps once
/// ``stamp()`` took them.
///
/// A vdir may hold 100,000 items and a warm run only needs to know that none changed, so the
/// names stay bytes in one buffer (no string per item), are sorted by those bytes, and are
/// stamped on every core. A first read needs no stamps before it opens the items (each is
/// stamped as it is read), so listing and stamping are apart.
final class VdirListing {
    let folder: String
    /// Every name, NUL-terminated, one after another.
    private let buffer: [UInt8]
    /// Where each name starts in ``buffer``, in ascending byte order of the names.
    private let starts: [Int]
    /// One per name once stamped; `nil` for an item that vanished meanwhile.
    private(set) var stamps: [FileStamp?]?

    init(_ folder: String) throws(CalendarError) {
        guard let directory = opendir(folder) else {
            throw .unreadable(path: folder, reason: String(cString: strerror(errno)))
        }
        defer { closedir(directory) }
        var buffer: [UInt8] = []
        var starts: [Int] = []
        while let entry = readdir(directory) {
            withUnsafeBytes(of: entry.pointee.d_name) { raw in
                let name = raw.prefix { $0 != 0 }
                guard VdirListing.isItemName(name) else { return }
                starts.append(buffer.count)
                buffer.append(contentsOf: name)
                buffer.append(0)
            }
        }
        buffer.withUnsafeBufferPointer { bytes in
            let base = UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self)
            starts.sort { strcmp(base + $0, base + $1) < 0 }
        }
        self.folder = folder
        self.buffer = buffer
        self.starts = starts
    }

    /// Whether a file name is one of a vdir's items, as vdirsyncer decides it.
    private static func isItemName(_ name: Slice<UnsafeRawBufferPointer>) -> Bool {
        let suffix = Array(".ics".utf8)
        guard name.count > suffix.count, name.first != UInt8(ascii: "."),
            zip(name.suffix(suffix.count), suffix).allSatisfy({ $0 | 0x20 == $1 })
        else { return false }
        return String(validating: name, as: UTF8.self) != nil
    }

    var count: Int { starts.count }

    /// The name at `position`, without its NUL.
    func withName<Result>(_ position: Int, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        buffer.withUnsafeBytes { bytes in
            let start = starts[position]
            let end = bytes[start...].firstIndex(of: 0) ?? bytes.endIndex
            return body(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
        }
    }

    func name(_ position: Int) -> String {
        withName(position) { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether the name at `position` sorts before `other`, by bytes, as ``VdirIndex`` keeps them.
    func name(_ position: Int, precedes other: String) -> Bool {
        var other = other
        return withName(position) { name in
            other.withUTF8 { name.lexicographicallyPrecedes($0) }
        }
    }

    func name(_ position: Int, equals other: String) -> Bool {
        var other = other
        return withName(position) { name in other.withUTF8 { name.elementsEqual($0) } }
    }

    /// Stamps every item, on every core.
    func stamp() throws(CalendarError) {
        guard stamps == nil else { return }
        guard let directory = opendir(folder) else {
            throw .unreadable(path: folder, reason: String(cString: strerror(errno)))
        }
        defer { closedir(directory) }
        let descriptor = dirfd(directory)
        let buffer = self.buffer
        stamps = Parallel.map(starts) { start in
            buffer.withUnsafeBufferPointer { bytes in
                let name = UnsafeRawPointer(bytes.baseAddress! + start).assumingMemoryBound(to: CChar.self)
                return FileStamp(folder: descriptor, name: name)
            }
        }
    }

    /// The version of the vdir as listed; `nil` before ``stamp()``. The same as the version of a
    /// ``VdirIndex`` holding the same names and stamps.
    var version: CalendarVersion? {
        guard let stamps else { return nil }
        var version = CalendarVersion.Builder()
        for (position, stamp) in stamps.enumerated() {
            guard let stamp else { continue }
            withName(position) { version.add(name: $0, stamp: stamp) }
        }
        return version.finish()
    }
}
