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

    /// The `.ics` items of a vdir in name order, each with its stamp (hidden and `.tmp` files and
    /// anything without the `.ics` ending are left out, as vdirsyncer does).
    static func list(_ folder: String) throws(CalendarError) -> [(name: String, stamp: FileStamp)] {
        guard let directory = opendir(folder) else {
            throw .unreadable(path: folder, reason: String(cString: strerror(errno)))
        }
        defer { closedir(directory) }
        let descriptor = dirfd(directory)
        var result: [(name: String, stamp: FileStamp)] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard !name.hasPrefix("."), name.lowercased().hasSuffix(".ics"),
                let stamp = FileStamp(folder: descriptor, name: name)
            else { continue }
            result.append((name, stamp))
        }
        return result.sorted { $0.name < $1.name }
    }

    func encoded() -> Data {
        var writer = FileIndex.Writer()
        writer.put(UInt64(FileIndex.format))
        writer.put(UInt64(items.count))
        for (name, item) in items.sorted(by: { $0.key < $1.key }) {
            let bytes = Data(name.utf8)
            writer.put(UInt64(bytes.count))
            writer.data.append(bytes)
            writer.put(item.stamp)
            writer.put(UInt64((item.reach == nil ? 1 : 0) | (item.filterable ? 2 : 0)))
            writer.put(item.reach)
        }
        return writer.data
    }

    init?(_ data: Data) {
        var reader = FileIndex.Reader(data: data)
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
