import Foundation

/// What the last run learnt of each item of a vdir: its stamp and where its events can fall. An
/// item whose stamp is unchanged and whose events cannot reach the window is not opened; any
/// other is read afresh, unless an answer kept for the same days holds its part.
///
/// Items are kept in the byte order of their names, the order a ``VdirListing`` has, so the two
/// are matched in one pass without hashing 100,000 names.
struct VdirIndex: Equatable {
    struct Item: Equatable, Sendable {
        var name: String
        var stamp: FileStamp
        var reach: Range<Int>?
        var pattern: RulePattern?
        var filterable: Bool

        /// Equal names are equal bytes: a folder tells apart what Unicode calls one string.
        static func == (left: Item, right: Item) -> Bool {
            VdirIndex.same(left.name, right.name) && left.stamp == right.stamp && left.reach == right.reach
                && left.pattern == right.pattern && left.filterable == right.filterable
        }

        /// Hands `body` the bytes of the item's name.
        func withName<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
            var name = name
            return name.withUTF8 { body(UnsafeRawBufferPointer($0)) }
        }

        /// What the index keeps of the item besides its name.
        var facts: Facts { Facts(stamp: stamp, reach: reach, pattern: pattern, filterable: filterable) }

        /// Whether the item may have to be read for `window`.
        func mayReach(_ window: Range<Int>) -> Bool { facts.mayReach(window) }
    }

    /// What the index keeps of an item besides its name: what a cold read knows of each item
    /// it read, whose name it holds only as the folder's bytes.
    struct Facts {
        var stamp: FileStamp
        var reach: Range<Int>?
        var pattern: RulePattern?
        var filterable: Bool

        /// Whether the item may have to be read for `window`.
        func mayReach(_ window: Range<Int>) -> Bool {
            guard filterable else { return true }
            return FileIndex.Entry(kind: .event, range: 0..<0, line: 0, reach: reach, pattern: pattern).mayReach(window)
        }
    }

    /// In ascending byte order of the names.
    var items: [Item]

    init(items: [Item]) {
        self.items = items
    }

    func encoded() -> Data {
        VdirIndex.encoded(room: items.count) { put in
            for item in items { item.withName { put($0, item.facts) } }
        }
    }

    /// What ``encoded()`` gives for an index of the items `each` hands over, each as its name's
    /// bytes and its facts (in ascending byte order of the names), without making that index: a
    /// cold run of a 100,000-item vdir would otherwise make a string of every name and copy
    /// every item, twice, only to write it. `room` is about how many there are.
    static func encoded(room: Int, _ each: (_ put: (UnsafeRawBufferPointer, Facts) -> Void) -> Void) -> Data {
        var writer = IndexWriter(capacity: 32 + room * 160)
        writer.put(UInt64(FileIndex.format))
        // The count, written over once the items are.
        writer.put(UInt64(0))
        var count: UInt64 = 0
        each { name, item in
            writer.put(bytes: name)
            writer.put(item.stamp)
            writer.put(UInt64((item.reach == nil ? 1 : 0) | (item.filterable ? 2 : 0) | (item.pattern == nil ? 0 : 4)))
            writer.put(item.reach)
            if let pattern = item.pattern { writer.put(pattern) }
            count += 1
        }
        writer.put(count, at: 8)
        return writer.data
    }

    /// Decodes an index; `nil` for one of another format, a damaged one, or one out of order.
    init?(_ data: Data) {
        var reader = IndexReader(data: data)
        guard reader.next() == UInt64(FileIndex.format), let count = reader.next(), count <= UInt64(data.count / 64)
        else {
            return nil
        }
        items = []
        items.reserveCapacity(Int(count))
        for _ in 0..<count {
            guard let name = reader.string(), let stamp = reader.stamp(), let flags = reader.next(),
                let lower = reader.next(),
                let upper = reader.next()
            else { return nil }
            let low = Int(Int64(bitPattern: lower)), high = Int(Int64(bitPattern: upper))
            guard flags & 1 != 0 || high >= low else { return nil }
            var pattern: RulePattern?
            if flags & 4 != 0 {
                guard let stored = reader.pattern() else { return nil }
                pattern = stored
            }
            let item = Item(
                name: name, stamp: stamp, reach: flags & 1 != 0 ? nil : low..<high, pattern: pattern,
                filterable: flags & 2 != 0)
            if let last = items.last, !VdirIndex.precedes(last.name, item.name) { return nil }
            items.append(item)
        }
    }
}
