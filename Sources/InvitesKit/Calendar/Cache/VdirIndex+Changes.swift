import Foundation

/// A vdir's index brought up to date by the items that changed alone: `watch` hears the names
/// that came, went or were written (inotify), and a conflict query after a sync that placed one
/// item then reads that item, not a stamp of each of 100,000, nor a 13 MB index.
extension VdirIndex {
    /// One name heard changed: what reading it gave now, or `nil` when it is gone (or is to be
    /// left out, as an item that changed within its clock's tick is left out of a stored index).
    struct Change: Equatable {
        var name: String
        var item: Item?
    }

    /// How many changes are put in one at a time, each found by halving; past this, the
    /// index is walked once and copied.
    static let placedOneByOne = 16

    /// The index with each change's item put in (new or in place of the one of that name) or
    /// its name taken out: what an index of the vdir's items would be after the changes.
    func replacing(_ changes: [Change]) -> VdirIndex {
        var result = self
        result.replace(changes)
        return result
    }

    /// Makes ``replacing(_:)`` of the index in place: a few changes to an index held once (a
    /// ``FollowedVdir``'s) move items rather than copy 100,000 of them.
    mutating func replace(_ changes: [Change]) {
        let changes = VdirIndex.sortedLastWins(changes)
        guard changes.count > VdirIndex.placedOneByOne else {
            for change in changes { replace(change) }
            return
        }
        var result: [Item] = []
        result.reserveCapacity(items.count + changes.count)
        var pending = changes[...]
        for item in items {
            while let next = pending.first, VdirIndex.precedes(next.name, item.name) {
                if let put = next.item { result.append(put) }
                pending.removeFirst()
            }
            if let next = pending.first, VdirIndex.same(next.name, item.name) {
                if let put = next.item { result.append(put) }
                pending.removeFirst()
            } else {
                result.append(item)
            }
        }
        for change in pending { if let put = change.item { result.append(put) } }
        items = result
    }

    /// Where the item named `name` is, or would be put: the first not before it.
    func place(of name: String) -> Int {
        var low = 0
        var high = items.count
        while low < high {
            let middle = (low + high) / 2
            if VdirIndex.precedes(items[middle].name, name) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The item named `name`, if any.
    func item(named name: String) -> Item? {
        let at = place(of: name)
        return at < items.count && VdirIndex.same(items[at].name, name) ? items[at] : nil
    }

    private mutating func replace(_ change: Change) {
        let at = place(of: change.name)
        let present = at < items.count && VdirIndex.same(items[at].name, change.name)
        switch (present, change.item) {
        case (true, let item?): items[at] = item
        case (true, nil): items.remove(at: at)
        case (false, let item?): items.insert(item, at: at)
        case (false, nil): break
        }
    }

    /// Changes in byte order of their names, the last of each name kept.
    static func sortedLastWins(_ changes: [Change]) -> [Change] {
        var sorted: [Change] = []
        for change in changes.enumerated().sorted(by: { left, right in
            VdirIndex.same(left.element.name, right.element.name)
                ? left.offset < right.offset : VdirIndex.precedes(left.element.name, right.element.name)
        }).map(\.element) {
            if let last = sorted.last, VdirIndex.same(last.name, change.name) {
                sorted[sorted.count - 1] = change
            } else {
                sorted.append(change)
            }
        }
        return sorted
    }
}

extension VdirIndex.Delta {
    /// The delta once `changes` are made to the index it leads to: each changed name is put
    /// (its item) or removed, in place of whatever the delta said of it, without the base at
    /// hand. A name removed that the base does not hold is passed over when the delta is
    /// applied, and an item put the same as the base's is put again: the index the delta leads
    /// to is the same as from ``init(from:to:)``, its size perhaps a little more.
    func merging(_ changes: [VdirIndex.Change]) -> VdirIndex.Delta {
        let changes = VdirIndex.sortedLastWins(changes)
        let changed = VdirIndex(items: changes.map { VdirIndex.Item.placeholder($0.name) })
        var merged = self
        merged.put =
            VdirIndex(items: put.filter { changed.item(named: $0.name) == nil })
            .replacing(changes.filter { $0.item != nil }).items
        let gone = changes.filter { $0.item == nil }.map(\.name)
        merged.removed = VdirIndex.mergedNames(removed.filter { changed.item(named: $0) == nil }, gone)
        return merged
    }
}

extension VdirIndex {
    /// Two lists of names, each in byte order, as one in byte order.
    fileprivate static func mergedNames(_ left: [String], _ right: [String]) -> [String] {
        var result: [String] = []
        result.reserveCapacity(left.count + right.count)
        var (one, two) = (left[...], right[...])
        while let first = one.first, let second = two.first {
            if VdirIndex.precedes(first, second) {
                result.append(first)
                one.removeFirst()
            } else {
                result.append(second)
                two.removeFirst()
            }
        }
        return result + one + two
    }
}

extension VdirIndex.Item {
    /// An item that stands for its name alone, to find names by halving.
    fileprivate static func placeholder(_ name: String) -> VdirIndex.Item {
        VdirIndex.Item(
            name: name, stamp: FileStamp(device: 0, inode: 0, size: 0, seconds: 0, nanoseconds: 0), reach: nil,
            pattern: nil, filterable: false)
    }
}
