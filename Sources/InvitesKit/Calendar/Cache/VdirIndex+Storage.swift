import Foundation

/// How a ``VdirIndex`` is kept: a base blob holding every item, and beside it a small delta of
/// the items that came, went or changed since the base was written. A vdir of 100,000 items
/// whose one event changed then costs a write of one item, not of 15 MB; the base is written
/// again once the delta grows past ``VdirIndex/deltaLimit(for:)``.
extension VdirIndex {
    /// The index as stored, and the base it was made from (needed to write the next delta).
    struct Stored {
        var index: VdirIndex
        var base: VdirIndex
    }

    private static func baseKey(_ folder: String) -> String { "vdir:" + folder }
    private static func deltaKey(_ folder: String) -> String { "vdir-delta:" + folder }

    /// The stored index of a vdir: the base with its delta applied; `nil` when there is no
    /// readable base. A delta that cannot be read is ignored along with its base.
    static func load(_ folder: String, from storage: CalendarIndexStorage) -> Stored? {
        guard let base = storage.indexData(for: baseKey(folder)).flatMap(VdirIndex.init) else { return nil }
        guard let data = storage.indexData(for: deltaKey(folder)), !data.isEmpty else {
            return Stored(index: base, base: base)
        }
        guard let delta = VdirIndex.Delta(data) else { return nil }
        return Stored(index: base.applying(delta), base: base)
    }

    /// Stores `index`: as a delta against `base` when few items differ, else as a new base.
    static func save(_ index: VdirIndex, over base: VdirIndex?, folder: String, in storage: CalendarIndexStorage) {
        if let base {
            let delta = Delta(from: base, to: index)
            if delta.size <= deltaLimit(for: base.items.count) {
                storage.saveIndex(delta.encoded(), for: deltaKey(folder))
                return
            }
        }
        saveBase(index.encoded(), folder: folder, in: storage)
    }

    /// Stores an encoded index (``encoded()``, ``encoded(room:_:)``) as a new base with no delta.
    static func saveBase(_ encoded: Data, folder: String, in storage: CalendarIndexStorage) {
        storage.saveIndex(encoded, for: baseKey(folder))
        storage.saveIndex(Data(), for: deltaKey(folder))
    }

    /// Stores what `changes` made of the index (their items settled at `readAt`; one changed
    /// since is left out, to be read again next time), as a delta merged into the stored one
    /// (``Delta/merging(_:)``) without reading the base; `whole` (every item now) is written
    /// as a new base when the delta grows past its limit or none can be read.
    static func save(
        _ changes: [Change], settledBefore readAt: Int64, folder: String, in storage: CalendarIndexStorage,
        whole all: VdirIndex
    ) {
        guard !changes.isEmpty else { return }
        let settled = changes.map { change in
            Change(name: change.name, item: change.item.flatMap { $0.stamp.isSettled(at: readAt) ? $0 : nil })
        }
        let empty = Delta(from: VdirIndex(items: []), to: VdirIndex(items: []))
        let stored = storage.indexData(for: deltaKey(folder)).flatMap { $0.isEmpty ? empty : Delta($0) }
        if let stored {
            let merged = stored.merging(settled)
            if merged.size <= deltaLimit(for: all.items.count) {
                storage.saveIndex(merged.encoded(), for: deltaKey(folder))
                return
            }
        }
        saveWhole(all, settledBefore: readAt, folder: folder, in: storage)
    }

    /// Stores every item of `all` settled at `readAt` as a new base (one changed since is left
    /// out, to be read again next time).
    static func saveWhole(
        _ all: VdirIndex, settledBefore readAt: Int64, folder: String, in storage: CalendarIndexStorage
    ) {
        let kept = VdirIndex.encoded(room: all.items.count) { put in
            for item in all.items where item.stamp.isSettled(at: readAt) { item.withName { put($0, item.facts) } }
        }
        saveBase(kept, folder: folder, in: storage)
    }

    /// How many items a delta may hold before the base is written again.
    static func deltaLimit(for count: Int) -> Int {
        max(256, count / 50)
    }

    /// The items that differ from a base: those to put (new or changed) and the names gone.
    struct Delta: Equatable {
        /// In ascending byte order of the names.
        var put: [Item]
        /// In ascending byte order.
        var removed: [String]

        var size: Int { put.count + removed.count }

        init(from base: VdirIndex, to index: VdirIndex) {
            put = []
            removed = []
            var old = base.items[...]
            var new = index.items[...]
            while let item = new.first {
                guard let previous = old.first else {
                    put.append(contentsOf: new)
                    break
                }
                if VdirIndex.same(previous.name, item.name) {
                    if previous != item { put.append(item) }
                    old.removeFirst()
                    new.removeFirst()
                } else if VdirIndex.precedes(previous.name, item.name) {
                    removed.append(previous.name)
                    old.removeFirst()
                } else {
                    put.append(item)
                    new.removeFirst()
                }
            }
            removed.append(contentsOf: old.map(\.name))
        }

        func encoded() -> Data {
            var writer = IndexWriter(capacity: 32 + put.count * 160)
            writer.put(UInt64(FileIndex.format))
            writer.put(VdirIndex(items: put).encoded())
            writer.put(UInt64(removed.count))
            for name in removed { writer.put(string: name) }
            return writer.data
        }

        init?(_ data: Data) {
            var reader = IndexReader(data: data)
            guard reader.next() == UInt64(FileIndex.format), let items = reader.blob().flatMap(VdirIndex.init),
                let count = reader.next(), count <= UInt64(data.count / 8)
            else { return nil }
            put = items.items
            removed = []
            for _ in 0..<count {
                guard let name = reader.string() else { return nil }
                if let last = removed.last, !VdirIndex.precedes(last, name) { return nil }
                removed.append(name)
            }
            guard reader.offset == data.count else { return nil }
        }
    }

    /// The base with a delta's items put in and its removed names taken out, in name order.
    func applying(_ delta: Delta) -> VdirIndex {
        var result: [Item] = []
        result.reserveCapacity(items.count + delta.put.count)
        var put = delta.put[...]
        var removed = delta.removed[...]
        for item in items {
            while let next = put.first, VdirIndex.precedes(next.name, item.name) {
                result.append(next)
                put.removeFirst()
            }
            while let gone = removed.first, VdirIndex.precedes(gone, item.name) { removed.removeFirst() }
            if let next = put.first, VdirIndex.same(next.name, item.name) {
                result.append(next)
                put.removeFirst()
            } else if let gone = removed.first, VdirIndex.same(gone, item.name) {
                removed.removeFirst()
            } else {
                result.append(item)
            }
        }
        result.append(contentsOf: put)
        return VdirIndex(items: result)
    }

    /// Byte order of names, the order items are kept in.
    static func precedes(_ left: String, _ right: String) -> Bool {
        left.utf8.lexicographicallyPrecedes(right.utf8)
    }

    /// Byte equality of names: two names a folder tells apart are two items, even when Unicode
    /// calls them the same string.
    static func same(_ left: String, _ right: String) -> Bool {
        left.utf8.elementsEqual(right.utf8)
    }
}
