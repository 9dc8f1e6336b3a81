#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// What the last run learnt of each item of a vdir: its stamp and the stretch of time its
/// events can reach. An item whose stamp is unchanged and whose reach misses the window is not
/// opened; any other item is read afresh.
struct VdirIndex: Equatable {
    struct Item: Equatable {
        var stamp: FileStamp
        var reach: Range<Int>?
        var filterable: Bool
    }

    var items: [String: Item]

    init(items: [String: Item]) {
        self.items = items
    }

    /// One item of a vdir as its folder lists it.
    typealias Listed = (name: String, stamp: FileStamp)

    /// The `.ics` items of a vdir in name order, each with its stamp (hidden and `.tmp` files and
    /// anything without the `.ics` ending are left out, as vdirsyncer does). The stamps are taken
    /// on every core: a stat costs microseconds, and a vdir may hold 100,000 items.
    static func list(_ folder: String) throws(CalendarError) -> [Listed] {
        guard let directory = opendir(folder) else {
            throw .unreadable(path: folder, reason: String(cString: strerror(errno)))
        }
        defer { closedir(directory) }
        let descriptor = dirfd(directory)
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard !name.hasPrefix("."), name.lowercased().hasSuffix(".ics") else { continue }
            names.append(name)
        }
        names.sort()
        let stamps = Parallel.map(names) { FileStamp(folder: descriptor, name: $0) }
        return zip(names, stamps).compactMap { name, stamp in stamp.map { (name, $0) } }
    }

    func encoded() -> Data {
        var writer = IndexWriter(capacity: 32 + items.count * 160)
        writer.put(UInt64(FileIndex.format))
        writer.put(UInt64(items.count))
        for (name, item) in items.sorted(by: { $0.key < $1.key }) {
            writer.put(string: name)
            writer.put(item.stamp)
            writer.put(UInt64((item.reach == nil ? 1 : 0) | (item.filterable ? 2 : 0)))
            writer.put(item.reach)
        }
        return writer.data
    }

    init?(_ data: Data) {
        var reader = IndexReader(data: data)
        guard reader.next() == UInt64(FileIndex.format), let count = reader.next(), count <= UInt64(data.count / 64) else {
            return nil
        }
        items = [:]
        for _ in 0..<count {
            guard let length = reader.next(), length < 4096, let name = reader.bytes(Int(length)), let stamp = reader.stamp(),
                let flags = reader.next(), let lower = reader.next(), let upper = reader.next()
            else { return nil }
            let low = Int(Int64(bitPattern: lower)), high = Int(Int64(bitPattern: upper))
            guard flags & 1 != 0 || high >= low else { return nil }
            items[String(decoding: name, as: UTF8.self)] = Item(
                stamp: stamp, reach: flags & 1 != 0 ? nil : low..<high, filterable: flags & 2 != 0)
        }
    }
}
