import Foundation
import InvitesFormats
import InvitesModel

/// Queries of a vdir whose every change is heard (`watch`'s, ``KnownVersions``): the vdir as the
/// last query saw it is kept in memory (``FollowedVdir``), and brought up to date by reading the
/// names heard changing since, each again whatever its stamp says; its version, the answer kept
/// for those days and the stored index follow from those items alone. A sync that placed one
/// item in a vdir of 100,000 then costs its conflict query a read of that item, where a stat of
/// every item, and the vdir's index read and written whole (13 MB), came after the look's own
/// stat of every item.
///
/// What is trusted, beyond what a stamp proves: that inotify hears every name that comes, goes,
/// is written or closed after writing in the folder, and says when it lost events (docs/spec.md,
/// `watch`, "At once").
extension CalendarQuery {
    /// One followed vdir's occurrences in `window`.
    func followed(
        _ source: CalendarSource, in window: Range<Int>, known: KnownVersions, storage: CalendarIndexStorage
    ) throws(CalendarError) -> Result {
        let folder = source.path
        var taken = known.take(folder)
        // Items read now are read for the whole days an answer is kept for, so that what they
        // gave serves the expansion too.
        let days = WindowCache.tile(for: window) ?? window
        // Taken before any item is read: a stamp settled by then proves the bytes read are current.
        let readAt = now
        let vdir: FollowedVdir
        var fresh: [String: Swift.Result<VdirItemLoader.Loaded, CalendarError>] = [:]
        // Held here alone, so that a few changes move its items rather than copy them all.
        if var kept = taken.vdir.take() {
            let names = Set(taken.heard.filter(VdirListing.isItemName)).union(kept.unreadable).sorted {
                VdirIndex.precedes($0, $1)
            }
            if !names.isEmpty {
                let results = try load(names, in: folder, for: days)
                var changes: [VdirIndex.Change] = []
                var unreadable = Set<String>()
                for (name, result) in zip(names, results) {
                    fresh[name] = result
                    switch result {
                    case .success(let file): changes.append(VdirIndex.Change(name: name, item: file.item(named: name)))
                    case .failure(.notFound): changes.append(VdirIndex.Change(name: name, item: nil))
                    case .failure(.unreadable):
                        changes.append(VdirIndex.Change(name: name, item: nil))
                        unreadable.insert(name)
                    case .failure(let error): throw error
                    }
                }
                kept.apply(changes, unreadable: unreadable)
                VdirIndex.save(changes, settledBefore: readAt, folder: folder, in: storage, whole: kept.index)
            }
            vdir = kept
        } else {
            (vdir, fresh) = try follow(folder, days: days, storage: storage, readAt: readAt)
        }
        known.keep(vdir, of: folder, since: taken.generation)
        let current = vdir
        return try answer(source, window, version: { current.version }) {
            (range: Range<Int>, earlier: WindowCache?) throws(CalendarError) -> Pass in
            var pass = try readFollowed(
                current, in: folder, window: range, earlier: earlier, fresh: range == days ? fresh : [:])
            pass.version = current.version
            return pass
        }
    }

    /// The vdir `folder` as a listing stamped now and the stored index give it, the items that
    /// differ from the index read (over `days`) and what reading each gave. With no index
    /// stored every item is read, as any first query reads them, and followed from then on:
    /// a query that read them without keeping them left the next one a stat of every item
    /// (0.22 s at 100,000, where the one after costs 0.02 s).
    private func follow(
        _ folder: String, days: Range<Int>, storage: CalendarIndexStorage, readAt: Int64
    ) throws(CalendarError) -> (FollowedVdir, [String: Swift.Result<VdirItemLoader.Loaded, CalendarError>]) {
        let listing = try VdirListing(folder, stamping: true)
        let known = VdirIndex.load(folder, from: storage)?.index.items ?? []
        let matches = listing.matches(0..<listing.count, in: known.map(\.name))
        var items: [VdirIndex.Item?] = Array(repeating: nil, count: listing.count)
        var unread: [Int] = []
        var listed = Array(repeating: false, count: known.count)
        for position in 0..<listing.count {
            if let match = matches[position] { listed[match] = true }
            guard let stamp = listing.stamp(at: position) else { continue }
            if let match = matches[position], known[match].stamp == stamp {
                items[position] = known[match]
            } else {
                unread.append(position)
            }
        }
        let names = listing.names(unread)
        let results = try load(names, in: folder, for: days)
        var fresh: [String: Swift.Result<VdirItemLoader.Loaded, CalendarError>] = [:]
        // The items stored and gone are taken out of the stored index too.
        var changes = known.indices.filter { !listed[$0] }.map { VdirIndex.Change(name: known[$0].name, item: nil) }
        var unreadable = Set<String>()
        for (offset, position) in unread.enumerated() {
            let name = names[offset]
            switch results[offset] {
            case .success(let file):
                items[position] = file.item(named: name)
                // Only what reaches the days is asked of `fresh`; kept whole, the 100,000 of a
                // first query held 40 MB more at once.
                if file.contents != nil { fresh[name] = results[offset] }
                if !known.isEmpty { changes.append(VdirIndex.Change(name: name, item: items[position])) }
            case .failure(.notFound): fresh[name] = results[offset]
            case .failure(.unreadable):
                fresh[name] = results[offset]
                unreadable.insert(name)
            case .failure(let error): throw error
            }
        }
        let vdir = FollowedVdir(index: VdirIndex(items: items.compactMap { $0 }), unreadable: unreadable)
        if known.isEmpty {
            VdirIndex.saveWhole(vdir.index, settledBefore: readAt, folder: folder, in: storage)
        } else {
            VdirIndex.save(changes, settledBefore: readAt, folder: folder, in: storage, whole: vdir.index)
        }
        return (vdir, fresh)
    }

    /// What the items of `vdir` that may reach `window` give there: taken from `earlier` when
    /// the same name and stamp expanded over the same days, from `fresh` when just read, else
    /// read now.
    private func readFollowed(
        _ vdir: FollowedVdir, in folder: String, window: Range<Int>, earlier: WindowCache?,
        fresh: [String: Swift.Result<VdirItemLoader.Loaded, CalendarError>]
    ) throws(CalendarError) -> Pass {
        let items = vdir.index.items
        let positions = prefilter ? items.indices.filter { items[$0].mayReach(window) } : Array(items.indices)
        // Both in name order: one walk.
        var reused: [Int: WindowCache.Part] = [:]
        if let parts = earlier?.parts, !parts.isEmpty {
            var at = 0
            for position in positions {
                let item = items[position]
                while at < parts.count, VdirIndex.precedes(parts[at].name, item.name) { at += 1 }
                if at < parts.count, VdirIndex.same(parts[at].name, item.name), parts[at].stamp == item.stamp {
                    reused[position] = parts[at]
                }
            }
        }
        let unread = positions.filter { reused[$0] == nil }
        let names = unread.map { items[$0].name }
        let unreadable = vdir.unreadable.sorted { VdirIndex.precedes($0, $1) }
        let missing = (names + unreadable).filter { fresh[$0] == nil }
        var loaded = fresh
        for (name, result) in zip(missing, try load(missing, in: folder, for: window)) { loaded[name] = result }
        let results = names.map { name in loaded[name] ?? .failure(.notFound(path: name)) }
        let reaching = results.indices.compactMap { offset in
            (try? results[offset].get())?.contents.map { (offset: offset, contents: $0) }
        }
        let (_, expanded) = expand(reaching, window: window, beside: {})
        var pass = expandItems(
            positions, in: folder, name: { names[$0] }, results: results, expanded: expanded, reused: reused,
            earlier: earlier, window: window)
        for name in unreadable {
            if case .failure(.unreadable(let path, let reason)) = loaded[name] {
                pass.result.warnings.append(
                    CalendarWarning(path: path, line: 1, message: "cannot be read (\(reason)), skipped"))
            }
        }
        return pass
    }

    /// Reads the named items of `folder`, keeping those that may reach `window`; the display
    /// zone's offsets are looked up in libical only when there is an item to read.
    private func load(
        _ names: [String], in folder: String, for window: Range<Int>
    ) throws(CalendarError) -> [Swift.Result<VdirItemLoader.Loaded, CalendarError>] {
        guard !names.isEmpty else { return [] }
        let loader = VdirItemLoader(
            folder: folder, window: prefilter ? window : nil,
            floating: prefilter ? ZoneResolver.offsets(display: display) : nil)
        return try loader.load(names)
    }
}
