#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `.ics` items of a vdir in name order (hidden and `.tmp` files and anything without the
/// `.ics` ending are left out, as vdirsyncer does), with their stamps once ``stamp()`` took them.
///
/// A first read of a vdir needs no stamps before it opens the items (each is stamped as it is
/// read), so listing and stamping are apart: a stat costs microseconds and a vdir may hold
/// 100,000 items.
final class VdirListing {
    let folder: String
    let names: [String]
    /// One per name once stamped; `nil` for an item that vanished meanwhile.
    private(set) var stamps: [FileStamp?]?

    init(_ folder: String) throws(CalendarError) {
        guard let directory = opendir(folder) else {
            throw .unreadable(path: folder, reason: String(cString: strerror(errno)))
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard !name.hasPrefix("."), name.lowercased().hasSuffix(".ics") else { continue }
            names.append(name)
        }
        self.folder = folder
        self.names = names.sorted()
    }

    /// Stamps every item, on every core.
    func stamp() throws(CalendarError) {
        guard stamps == nil else { return }
        guard let directory = opendir(folder) else {
            throw .unreadable(path: folder, reason: String(cString: strerror(errno)))
        }
        defer { closedir(directory) }
        let descriptor = dirfd(directory)
        stamps = Parallel.map(names) { FileStamp(folder: descriptor, name: $0) }
    }

    /// The stamped items, for a ``CalendarVersion``; `nil` before ``stamp()``.
    var stamped: [(name: String, stamp: FileStamp)]? {
        stamps.map { stamps in zip(names, stamps).compactMap { name, stamp in stamp.map { (name, $0) } } }
    }
}
