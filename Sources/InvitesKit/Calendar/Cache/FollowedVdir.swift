import Foundation
import InvitesModel

/// A vdir as `watch`'s conflict queries last saw it, kept in memory between them: every item
/// (name, stamp, where its events can fall) and the sum of their shares of the version, so that
/// after a sync the version and the items are brought up to date by the names inotify heard
/// change (``KnownVersions``), each read again, rather than by a stat of every item and an
/// index of them all read from the store and written again.
///
/// The version it tells is the one a ``VdirListing`` of the same items gives (the sum of the
/// items' shares), so that answers kept for it are shared with `show` and `status`.
struct FollowedVdir: Sendable {
    /// Every item that could be read, in name order, settled or not.
    private(set) var index: VdirIndex
    /// Items that exist but could not be read: read again at every query, out of the version.
    private(set) var unreadable: Set<String>
    private var sums = CalendarVersion.Builder()

    init(index: VdirIndex, unreadable: Set<String> = []) {
        self.index = index
        self.unreadable = unreadable
        for item in index.items { sums.add(name: item.name, stamp: item.stamp) }
    }

    var version: CalendarVersion { sums.finish() }

    /// Each changed item as reading it again gave it (`nil`: gone), and the names that could
    /// not be read now.
    mutating func apply(_ changes: [VdirIndex.Change], unreadable names: Set<String>) {
        let changes = VdirIndex.sortedLastWins(changes)
        for change in changes {
            if let old = index.item(named: change.name) { sums.remove(FollowedVdir.share(old)) }
            if let new = change.item { sums.add(name: new.name, stamp: new.stamp) }
            unreadable.remove(change.name)
        }
        index.replace(changes)
        unreadable.formUnion(names)
    }

    private static func share(_ item: VdirIndex.Item) -> ContentDigest {
        var name = item.name
        return name.withUTF8 { CalendarVersion.share(name: UnsafeRawBufferPointer($0), stamp: item.stamp) }
    }
}
