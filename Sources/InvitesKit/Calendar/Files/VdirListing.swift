import Foundation
import InvitesModel
import InvitesSystem

/// The `.ics` items of a vdir (hidden and `.tmp` files, anything without the `.ics` ending, and
/// names that are not UTF-8 are left out), by position in name order, with their stamps once
/// ``stamp()`` took them.
///
/// A vdir may hold 100,000 items and a warm run only needs to know that none changed, so the
/// names stay bytes (no string per item), are stamped and hashed on every core in the order the
/// folder gives them, the first while the rest are still listed, and are sorted only when asked
/// for by position (a run that reads items matches them with an index in name order). A first
/// read needs no stamps before it opens the items (each is stamped as it is read), so listing
/// and stamping can be apart.
final class VdirListing {
    let folder: String
    /// Every name, NUL-terminated, one after another.
    private let buffer: [UInt8]
    /// Where each name lies in ``buffer`` (without its NUL), in the order the folder listed them.
    private let listed: [Range<Int>]
    /// One per listed name once stamped; `nil` for an item that vanished meanwhile.
    private var listedStamps: [FileStamp?]?
    /// Each listed name's share of the version (its name and stamp hashed), once stamped.
    private var listedShares: [ContentDigest?]?
    /// The version of the vdir as listed, once stamped: the same as the version of a
    /// ``VdirIndex`` holding the same names and stamps. A name listed twice (a folder renamed
    /// into while it was read) counts twice, which can only make it differ from every index's
    /// and have the vdir read again.
    private(set) var version: CalendarVersion?
    /// Indexes into ``listed`` in ascending byte order of the names, a name listed twice once.
    private lazy var order: [Int] = sortedOrder()

    /// Lists the items; with `stamping`, also stamps them as ``stamp()`` does, a batch of names
    /// on another core while the folder is still being read (what a warm run wants: listing is a
    /// third of the time that stamping takes).
    convenience init(_ folder: String, stamping: Bool = false) throws(CalendarError) {
        let directory = try OpenFolder(folder)
        let batches: [Batch]
        var stamped: (stamps: [FileStamp?], shares: [ContentDigest?], version: CalendarVersion)?
        if stamping {
            let descriptor = directory.descriptor
            let done = Parallel.overlapped(produce: { VdirListing.list(directory, into: $0) }) { batch in
                (batch, batch.stamps(in: descriptor))
            }
            batches = done.map(\.0)
            var builder = CalendarVersion.Builder()
            var stamps: [FileStamp?] = []
            var shares: [ContentDigest?] = []
            stamps.reserveCapacity(batches.reduce(0) { $0 + $1.names.count })
            shares.reserveCapacity(stamps.capacity)
            for (_, items) in done {
                for item in items {
                    stamps.append(item?.stamp)
                    shares.append(item?.share)
                    if let item { builder.add(item.share, lastChange: item.stamp.lastChange) }
                }
            }
            stamped = (stamps, shares, builder.finish())
        } else {
            var listed: [Batch] = []
            VdirListing.list(directory) { listed.append($0) }
            batches = listed
        }
        withExtendedLifetime(directory) {}
        self.init(folder, batches: batches)
        if let stamped {
            listedStamps = stamped.stamps
            listedShares = stamped.shares
            version = stamped.version
        }
    }

    /// Lists the items and hands each batch of names, as listed, to `transform` (with the
    /// folder open, and the state its thread made with `makeState`) on the other cores while
    /// the rest are still listed: what a cold read wants, whose every item is read. What
    /// `transform` gave for each name, in the order listed (``listedOrder``).
    ///
    /// Listing 100,000 names took a cold read 40 ms on one core before the first item was read.
    static func listing<State, Mapped: Sendable>(
        _ folder: String, state makeState: @escaping @Sendable () -> State,
        _ transform: @escaping @Sendable (inout State, Batch, Int32) -> [Mapped]
    ) throws(CalendarError) -> (listing: VdirListing, mapped: [Mapped]) {
        let directory = try OpenFolder(folder)
        let descriptor = directory.descriptor
        var done = Parallel.overlapped(produce: { VdirListing.list(directory, into: $0) }, state: makeState) {
            state, batch in (batch, transform(&state, batch, descriptor))
        }
        withExtendedLifetime(directory) {}
        let batches = done.map(\.0)
        var mapped: [Mapped] = []
        mapped.reserveCapacity(done.reduce(0) { $0 + $1.1.count })
        // Each batch's share let go once copied: what 100,000 items gave is held once, not twice.
        for index in done.indices {
            mapped += done[index].1
            done[index].1 = []
        }
        return (VdirListing(folder, batches: batches), mapped)
    }

    /// The listing the batches make, in the order they were listed.
    private init(_ folder: String, batches: [Batch]) {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(batches.reduce(0) { $0 + $1.bytes.count })
        var listed: [Range<Int>] = []
        listed.reserveCapacity(batches.reduce(0) { $0 + $1.names.count })
        for batch in batches {
            let offset = buffer.count
            buffer += batch.bytes
            for name in batch.names { listed.append((name.lowerBound + offset)..<(name.upperBound + offset)) }
        }
        self.folder = folder
        self.buffer = buffer
        self.listed = listed
    }

    /// Names as listed, a few hundred at a time: what one thread stamps while the next are read.
    struct Batch: Sendable {
        /// Every name, NUL-terminated, one after another.
        var bytes: [UInt8] = []
        /// Where each name lies in ``bytes``, without its NUL.
        var names: [Range<Int>] = []
        /// How many names the folder listed before this batch's first.
        var first = 0

        /// How many names a batch holds: enough that handing it over costs nothing beside
        /// stamping it, few enough that the other cores start at once.
        static let size = 512

        /// Each name's stamp and share of the version, `nil` for a name gone meanwhile.
        func stamps(in folder: Int32) -> [(stamp: FileStamp, share: ContentDigest)?] {
            bytes.withUnsafeBytes { buffer in
                names.map { name in VdirListing.stamp(buffer, name, in: folder) }
            }
        }
    }

    /// Reads the folder's item names, handing them over in batches of ``Batch/size``.
    static func list(_ directory: OpenFolder, into hand: (Batch) -> Void) {
        let nameOffset = VdirListing.nameOffset
        var batch = Batch()
        batch.bytes.reserveCapacity(Batch.size * 64)
        while let entry = directory.next() {
            let name = UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: UInt8.self)
            let bytes = UnsafeBufferPointer(start: name, count: strlen(name))
            guard VdirListing.isItemName(bytes) else { continue }
            batch.names.append(batch.bytes.count..<(batch.bytes.count + bytes.count))
            // With its NUL, for `fstatat` and `openat`.
            batch.bytes.append(contentsOf: UnsafeBufferPointer(start: name, count: bytes.count + 1))
            if batch.names.count == Batch.size {
                hand(batch)
                batch = Batch(first: batch.first + batch.names.count)
                batch.bytes.reserveCapacity(Batch.size * 64)
            }
        }
        if !batch.names.isEmpty { hand(batch) }
    }

    /// The stamp and share of the name at `name` in `buffer` (NUL-terminated there), in `folder`.
    private static func stamp(
        _ buffer: UnsafeRawBufferPointer, _ name: Range<Int>, in folder: Int32
    ) -> (stamp: FileStamp, share: ContentDigest)? {
        guard let start = buffer.baseAddress?.advanced(by: name.lowerBound),
            let stamp = FileStamp(folder: folder, name: start.assumingMemoryBound(to: CChar.self))
        else { return nil }
        return (
            stamp, CalendarVersion.share(name: UnsafeRawBufferPointer(start: start, count: name.count), stamp: stamp)
        )
    }

    /// Where `d_name` lies in a `dirent`, read in place rather than copied out of the entry.
    private static let nameOffset: Int = {
        guard let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name) else {
            preconditionFailure("dirent's d_name is a stored field")
        }
        return offset
    }()

    /// Whether a file name is one of a vdir's items, as vdirsyncer decides it.
    private static func isItemName(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = name.count
        guard count > 4, name[0] != UInt8(ascii: "."), name[count - 4] == UInt8(ascii: "."),
            name[count - 3] | 0x20 == UInt8(ascii: "i"), name[count - 2] | 0x20 == UInt8(ascii: "c"),
            name[count - 1] | 0x20 == UInt8(ascii: "s")
        else { return false }
        var high: UInt8 = 0
        for byte in name { high |= byte }
        return high < 0x80 || String(validating: name, as: UTF8.self) != nil
    }

    /// Whether a name heard in the folder is one of its items (``isItemName(_:)``).
    static func isItemName(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { isItemName($0) }
    }

    /// Listed names in ascending byte order, each once: ordered by the first eight bytes as one
    /// number (``KeyOrder``), and by strcmp only within a run of names whose eight bytes tie
    /// (the same order as strcmp's, since names hold no NUL and the padding sorts first).
    private func sortedOrder() -> [Int] {
        buffer.withUnsafeBufferPointer { bytes in
            guard let base = UnsafeRawPointer(bytes.baseAddress)?.assumingMemoryBound(to: CChar.self) else { return [] }
            let keys = listed.map { VdirListing.leadingBytes(bytes, $0) }
            var sorted = KeyOrder.ascending(keys)
            func precedes(_ left: Int, _ right: Int) -> Bool {
                strcmp(base + listed[left].lowerBound, base + listed[right].lowerBound) < 0
            }
            var start = 0
            while start < sorted.count {
                var end = start + 1
                while end < sorted.count, keys[sorted[end]] == keys[sorted[start]] { end += 1 }
                if end - start > 1 { sorted[start..<end].sort(by: precedes) }
                start = end
            }
            // A folder renamed into while it is read may list a name twice. Names whose first
            // eight bytes differ differ: only a tie is compared in full.
            var order: [Int] = []
            order.reserveCapacity(sorted.count)
            for position in sorted.indices {
                let index = sorted[position]
                if position > 0, keys[sorted[position - 1]] == keys[index],
                    strcmp(base + listed[sorted[position - 1]].lowerBound, base + listed[index].lowerBound) == 0
                {
                    continue
                }
                order.append(index)
            }
            return order
        }
    }

    /// The first eight bytes of a name as a big-endian number, zeros after a shorter name's end.
    private static func leadingBytes(_ bytes: UnsafeBufferPointer<UInt8>, _ name: Range<Int>) -> UInt64 {
        var key: UInt64 = 0
        for index in 0..<8 {
            key = key << 8 | UInt64(index < name.count ? bytes[name.lowerBound + index] : 0)
        }
        return key
    }

    var count: Int { order.count }

    /// For each position in name order, where its name was listed among every name listed.
    var listedOrder: [Int] { order }

    /// The stamp of the item at `position`: `nil` before ``stamp()``, or for an item that
    /// vanished before it was stamped.
    func stamp(at position: Int) -> FileStamp? {
        listedStamps?[order[position]] ?? nil
    }

    /// The share of the version of the item at `position`: its name and stamp hashed
    /// (``CalendarVersion/share(name:stamp:)``), what tells an item seen before without its name.
    func share(at position: Int) -> ContentDigest? {
        listedShares?[order[position]] ?? nil
    }

    /// The name at `position`, without its NUL.
    func withName<Result>(_ position: Int, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        let name = listed[order[position]]
        return buffer.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[name])) }
    }

    func name(_ position: Int) -> String {
        withName(position) { String(decoding: $0, as: UTF8.self) }
    }

    /// The names at `positions`, made on every core: a cold run makes one for each of 100,000
    /// items before it reads any, which on one core took 30-40 ms.
    func names(_ positions: [Int]) -> [String] {
        let buffer = self.buffer
        let listed = self.listed
        let order = self.order
        return Parallel.map(positions) { position in
            buffer.withUnsafeBytes {
                String(decoding: UnsafeRawBufferPointer(rebasing: $0[listed[order[position]]]), as: UTF8.self)
            }
        }
    }

    /// Every name in name order, as the bytes the folder listed (see ``Entries``).
    var entries: Entries {
        Entries(buffer: buffer, ranges: order.map { listed[$0] })
    }

    /// Names kept as the bytes the folder listed, in one buffer shared with the listing: what a
    /// cold read hashes into the version and writes into the index for 100,000 items, making a
    /// string only of the few names an answer or a warning holds.
    struct Entries: Sendable {
        fileprivate let buffer: [UInt8]
        /// Where each name lies in ``buffer``, without its NUL.
        fileprivate let ranges: [Range<Int>]

        var count: Int { ranges.count }

        /// The bytes of the name at `offset`.
        func withName<Result>(_ offset: Int, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
            buffer.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[ranges[offset]])) }
        }

        func name(_ offset: Int) -> String {
            withName(offset) { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// How the name at `position` sorts against `other`, by bytes, as ``VdirIndex`` keeps them:
    /// negative before, zero equal, positive after.
    func compare(_ position: Int, with other: String) -> Int {
        var other = other
        return withName(position) { name in
            other.withUTF8 { text in
                let common = min(name.count, text.count)
                guard common > 0, let left = name.baseAddress, let right = text.baseAddress else {
                    return name.count - text.count
                }
                let order = Int(memcmp(left, right, common))
                return order != 0 ? order : name.count - text.count
            }
        }
    }

    /// Stamps every item and hashes it into the version, on every core.
    func stamp() throws(CalendarError) {
        guard listedStamps == nil else { return }
        let directory = try OpenFolder(folder)
        let descriptor = directory.descriptor
        let buffer = self.buffer
        let stamped = Parallel.map(listed) { name in
            buffer.withUnsafeBytes { VdirListing.stamp($0, name, in: descriptor) }
        }
        withExtendedLifetime(directory) {}
        var builder = CalendarVersion.Builder()
        for case let item? in stamped { builder.add(item.share, lastChange: item.stamp.lastChange) }
        listedStamps = stamped.map { $0?.stamp }
        listedShares = stamped.map { $0?.share }
        version = builder.finish()
    }

    /// For each of `positions` (ascending), where the same name stands in `names` (ascending
    /// in byte order, as ``VdirIndex`` keeps them), if it does: one walk through both.
    func matches(_ positions: some Sequence<Int>, in names: [String]) -> [Int?] {
        var result: [Int?] = []
        var at = 0
        for position in positions {
            while at < names.count, compare(position, with: names[at]) > 0 { at += 1 }
            result.append(at < names.count && compare(position, with: names[at]) == 0 ? at : nil)
        }
        return result
    }
}
