import Foundation
import InvitesFormats
import InvitesModel
import InvitesSystem

/// Finds every occurrence in your calendars that intersects a stretch of time.
///
/// Each file is split into blocks at byte level, blocks that cannot reach the window are
/// skipped (``BlockPrefilter``), each remaining VEVENT is parsed by libical on its own, the
/// VEVENTs of one UID are combined into a series and the series is expanded only as far as the
/// window needs, so the cost follows the calendar's size, never a rule's length. With an
/// ``CalendarIndexStorage`` the split is remembered per file, and a file that did not change is
/// not scanned again; in a vdir, files whose events cannot reach the window are not even read.
/// The answer for the whole days around the window is kept too (``WindowCache``): asked again
/// about those days, an unchanged calendar costs a stat per file and nothing else.
package struct CalendarQuery {
    package var sources: [CalendarSource]
    package var display: DisplayZone
    package var me: MyAddresses
    /// Whether blocks that cannot reach the window are skipped before libical sees them; off
    /// only to check that it changes no answer.
    package var prefilter = true
    /// Whether COUNT-bounded rules start near the window rather than at DTSTART; off only to
    /// check that it changes no answer.
    package var jumpCounts = true
    /// Where indexes and answers are kept between runs; `nil` reads every time.
    package var index: CalendarIndexStorage?
    /// The time, for telling whether a calendar has settled; tests move it on instead of waiting.
    package var clock: @Sendable () -> Date
    /// The vdirs as the last query saw them and the names heard changing since, from a caller
    /// that hears every change (`watch`): such a vdir is brought up to date by reading those
    /// names alone (``followed(_:in:known:storage:)``). `nil` stamps every item whenever an
    /// answer is there to check.
    package var known: KnownVersions?

    var now: Int64 { Int64(clock().timeIntervalSince1970) }

    package init(
        sources: [CalendarSource], display: DisplayZone, me: MyAddresses, index: CalendarIndexStorage? = nil,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.sources = sources
        self.display = display
        self.me = me
        self.index = index
        self.clock = clock
    }

    /// The occurrences found and the problems met on the way.
    package struct Result: Sendable {
        package var occurrences: [Occurrence] = []
        package var warnings: [CalendarWarning] = []
        /// Whether the steps before the window ran out, so that any series may miss instances.
        var stepsRanOut = false
    }

    /// Every occurrence intersecting the half-open `window`, sorted by start, then end, then UID.
    package func occurrences(in window: DateInterval) throws(CalendarError) -> Result {
        let range = CalendarQuery.seconds(window)
        var result = Result()
        let zones = ZoneStore()
        for source in sources where source.exists {
            let found = try occurrences(of: source, in: range, zones: zones)
            result.occurrences += found.occurrences
            result.warnings += found.warnings
        }
        result.occurrences.sort { ($0.start, $0.end, $0.uid) < ($1.start, $1.end, $1.uid) }
        return result
    }

    /// The occurrences of one UID in iCalendar text held in memory, such as a recurring invite's
    /// own instances.
    package func occurrences(of data: Data, uid: String, in window: DateInterval) -> [Occurrence] {
        var result = Result()
        var limited = false
        let file = CalendarFile(path: "invite", data: data)
        let index = file.data.withUnsafeBytes { FileIndex.build($0, stamp: nil) }
        expander.expand(
            file, index: index, window: CalendarQuery.seconds(window), only: [uid], zones: ZoneStore(), into: &result,
            limited: &limited)
        return result.occurrences.sorted { ($0.start, $0.end) < ($1.start, $1.end) }
    }

    /// The occurrences of some UIDs in iCalendar text held in memory, at most `instanceLimit` of
    /// each, and whether the steps before the window ran out (so that any series may miss
    /// instances; one that reached `instanceLimit` has lost only its own): what a listing asks
    /// once of a message that carries many invitations, rather than once per invitation (each
    /// ask parses every VEVENT of the message).
    package func occurrences(
        inMessage data: Data, of uids: Set<String>, in window: DateInterval, instanceLimit: Int
    ) -> (occurrences: [Occurrence], ranOut: Bool) {
        var result = Result()
        var limited = false
        let file = CalendarFile(path: "invite", data: data)
        let index = file.data.withUnsafeBytes { FileIndex.build($0, stamp: nil) }
        expander.expand(
            file, index: index, window: CalendarQuery.seconds(window), only: uids, zones: ZoneStore(), into: &result,
            limited: &limited, instanceLimit: instanceLimit)
        return (result.occurrences, result.stepsRanOut)
    }

    /// What expanding one file needs of the query, as a value that may cross threads.
    var expander: CalendarFileExpander {
        CalendarFileExpander(display: display, me: me, prefilter: prefilter, jumpCounts: jumpCounts)
    }

    private static func seconds(_ window: DateInterval) -> Range<Int> {
        let lower = clamped(window.start.timeIntervalSince1970.rounded(.down))
        let upper = clamped(window.end.timeIntervalSince1970.rounded(.up))
        return lower..<max(upper, lower)
    }

    /// Whole seconds within ±2^52, about 140 million years, so that converting a caller's
    /// `Date.distantFuture` or worse cannot trap; libical holds only the years 0 to 3000 anyway.
    private static func clamped(_ seconds: Double) -> Int {
        let limit = Double(1 << 52)
        guard !seconds.isNaN else { return 0 }
        return Int(min(max(seconds, -limit), limit))
    }

    // MARK: The window cache

    /// What one read of a calendar gave, and the version of the calendar it read.
    struct Pass {
        var result: Result
        var version: CalendarVersion?
        /// Whether a limit cut the answer short, so that it holds for this window only.
        var limited: Bool
        /// For a vdir, what each expanded item gave (``WindowCache/Part``).
        var parts: [WindowCache.Part] = []
    }

    /// One calendar's occurrences in `window`, asking the calendar for its version only when a
    /// cached answer is there to check: from the ``WindowCache`` while the calendar's
    /// ``CalendarVersion`` is the one it was made from, else read over the whole days holding
    /// the window and kept for the next run.
    func occurrences(of source: CalendarSource, in window: Range<Int>, zones: ZoneStore) throws(CalendarError)
        -> Result
    {
        switch source.layout {
        case .file:
            return try answer(
                source, window, version: { FileStamp(path: source.path).map { CalendarVersion(file: $0) } }
            ) {
                (range: Range<Int>, _: WindowCache?) throws(CalendarError) -> Pass in
                try self.read(source.path, window: range, zones: zones)
            }
        case .vdir:
            if let known, let storage = index, known.folders.contains(source.path) {
                return try followed(source, in: window, known: known, storage: storage)
            }
            // Listed and stamped at once when an answer is there to check, else only listed.
            var listing: VdirListing?
            return try answer(
                source, window,
                version: { () throws(CalendarError) -> CalendarVersion? in
                    let stamped = try VdirListing(source.path, stamping: true)
                    listing = stamped
                    return stamped.version
                }
            ) { (range: Range<Int>, earlier: WindowCache?) throws(CalendarError) -> Pass in
                // With no index stored every item is read, whatever was listed to check an answer.
                guard let stored = index.flatMap({ VdirIndex.load(source.path, from: $0) }) else {
                    return try readVdirWhole(source.path, window: range, earlier: earlier)
                }
                let listed: VdirListing
                if let listing {
                    listed = listing
                } else {
                    listed = try VdirListing(source.path)
                    listing = listed
                }
                return try readVdir(listed, stored: stored, window: range, earlier: earlier)
            }
        }
    }

    /// `reading` is given the days to read and the answer kept for them from an earlier version of
    /// the calendar, whose parts an unchanged vdir item may take.
    func answer(
        _ source: CalendarSource, _ window: Range<Int>, version: () throws(CalendarError) -> CalendarVersion?,
        reading: (Range<Int>, WindowCache?) throws(CalendarError) -> Pass
    ) throws(CalendarError) -> Result {
        guard let storage = index, let tile = WindowCache.tile(for: window) else {
            return try reading(window, nil).result
        }
        let key = cacheKey(source)
        var earlier: WindowCache?
        if let data = storage.windowData(for: key, days: tile), let cached = WindowCache(data),
            let current = try version()
        {
            if cached.version == current.digest {
                return Result(
                    occurrences: WindowCache.intersecting(cached.occurrences, window), warnings: cached.warnings)
            }
            if cached.dependencies == CalendarVersion.dependencyDigest { earlier = cached }
        }
        let readAt = now
        let pass = try reading(tile, earlier)
        // Whole days reached a limit the window alone may not: expand just the window.
        guard !pass.limited else { return try reading(window, nil).result }
        if let version = pass.version, version.isSettled(at: readAt) {
            let cache = WindowCache(
                version: version.digest, warnings: pass.result.warnings, occurrences: pass.result.occurrences,
                parts: pass.parts)
            storage.saveWindow(cache.encoded(), for: key, days: tile)
        }
        return Result(
            occurrences: WindowCache.intersecting(pass.result.occurrences, window), warnings: pass.result.warnings)
    }

    /// What the cached answers depend on besides the calendar: its path and kind, the display
    /// zone (floating and all-day times) and your addresses (what you declined is free).
    func cacheKey(_ source: CalendarSource) -> String {
        let kind = source.layout == .vdir ? "vdir" : "file"
        // The checks that turn the shortcuts off never share answers with the shortcuts.
        let checks = (prefilter ? [] : ["no prefilter"]) + (jumpCounts ? [] : ["no count jump"])
        return ([kind, source.path, display.identifier] + checks + me.all.sorted()).joined(separator: "\n")
    }

    // MARK: Single files

    private func read(_ path: String, window: Range<Int>, zones: ZoneStore) throws(CalendarError) -> Pass {
        // Taken before the read: a stamp settled by then proves the bytes read are current.
        let readAt = now
        let file = try CalendarFile.read(path)
        let key = "file:" + path
        var index: FileIndex?
        if let storage = self.index, let stamp = file.stamp, let data = storage.indexData(for: key),
            let stored = FileIndex(data),
            stored.stamp == stamp, stored.fits(file.data)
        {
            index = stored
        }
        if index == nil {
            let storage = file.stamp == nil ? nil : self.index
            let (built, uids) = file.data.withUnsafeBytes { bytes in
                let scan = ICSBlockScanner.scan(bytes)
                // The UIDs of its blocks, kept beside the index for ``UIDCollisions``.
                let uids = storage == nil ? nil : FileUIDIndex.entries(bytes, scan)
                return (FileIndex.build(bytes, scan: consume scan, stamp: file.stamp), uids)
            }
            if let storage, let stamp = file.stamp, let uids {
                let record = FileUIDIndex.encoded(stamp: stamp, entries: uids)
                // A file that has just changed may change again within the same tick of its
                // clock: what was made of it serves this run alone.
                if stamp.isSettled(at: readAt) {
                    storage.saveIndex(built.encoded(), for: key)
                    storage.saveIndex(record, for: FileUIDIndex.key(path))
                } else {
                    storage.holdIndex(record, for: FileUIDIndex.key(path))
                }
            }
            index = built
        }
        var pass = Pass(result: Result(), version: file.stamp.map { CalendarVersion(file: $0) }, limited: false)
        guard let index else { return pass }
        guard index.sawCalendar || file.data.isEmpty else { throw .notACalendar(path: path) }
        expander.expand(
            file, index: index, window: window, only: nil, zones: zones, into: &pass.result, limited: &pass.limited)
        return pass
    }

    // MARK: vdirs

    /// Reads a vdir against its stored index: an item that did not change and whose events
    /// cannot reach the window is not opened, and one that did not change and was expanded over
    /// the same days before takes what it gave then from `earlier`. The items that are opened
    /// are read and scanned on every core.
    private func readVdir(
        _ listing: VdirListing, stored: VdirIndex.Stored, window: Range<Int>, earlier: WindowCache?
    ) throws(CalendarError) -> Pass {
        // Taken before any item is read: a stamp settled by then proves the bytes read are current.
        let readAt = now
        let known = stored.index
        try listing.stamp()
        let knownItems = known.items
        var next: [VdirIndex.Item?] = Array(repeating: nil, count: listing.count)
        var unread: [Int] = []
        let matches = knownItems.isEmpty ? [] : listing.matches(0..<listing.count, in: knownItems.map(\.name))
        // Whether the index must be written again: an item came, went, or changed.
        var changed = false
        var kept = 0
        for position in 0..<listing.count {
            guard let stamp = listing.stamp(at: position) else { continue }
            if !matches.isEmpty, let match = matches[position], knownItems[match].stamp == stamp {
                let entry = knownItems[match]
                next[position] = entry
                kept += 1
                if prefilter, !entry.mayReach(window) { continue }
            } else {
                changed = true
            }
            unread.append(position)
        }
        if kept != knownItems.count { changed = true }
        let reused = reusableParts(earlier, for: { unread.filter { next[$0] != nil } }, in: listing)
        let toLoad = reused.isEmpty ? unread : unread.filter { reused[$0] == nil }
        // The display zone's offsets are looked up in libical only when an item is to be judged.
        let judged = prefilter && !toLoad.isEmpty
        let loader = VdirItemLoader(
            folder: listing.folder, window: prefilter ? window : nil,
            floating: judged ? ZoneResolver.offsets(display: display) : nil)
        // Each name is made once, for the loader and for the item it becomes.
        let names = listing.names(toLoad)
        let results = try loader.load(names)
        // Items that exist but cannot be read: they stay in the version, so that an answer
        // holding their warning can still be kept.
        var unreadable: [Int: (name: String, stamp: FileStamp)] = [:]
        // What every item is now, before any is expanded, so that the index is written meanwhile.
        for (offset, position) in toLoad.enumerated() {
            switch results[offset] {
            case .success(let file):
                let item = file.item(named: names[offset])
                if next[position] != item { changed = true }
                next[position] = item
            case .failure(.notFound):
                next[position] = nil
                changed = true
            case .failure(.unreadable):
                next[position] = nil
                if let stamp = listing.stamp(at: position) { unreadable[position] = (names[offset], stamp) }
                changed = true
            case .failure(let error): throw error
            }
        }
        // The items to expand: those the loader kept, by where they are in `results`.
        let reaching = results.indices.compactMap { offset in
            (try? results[offset].get())?.contents.map { (offset: offset, contents: $0) }
        }
        if !changed, let version = listing.version {
            let (_, expanded) = expand(reaching, window: window, beside: {})
            var pass = expandItems(
                unread, in: listing.folder, name: { names[$0] }, results: results, expanded: expanded,
                reused: reused, earlier: earlier, window: window)
            pass.version = version
            Parallel.discard((consume next, consume names, consume results))
            return pass
        }
        let indexed = VdirItems.placed(consume next)
        let storage = self.index.map(StorageHandover.init)
        let base = stored.base
        let folder = listing.folder
        let unreadableItems = unreadable
        // Making the version and writing the index take about as long as expanding what can
        // reach the window: one core does them first, then joins the others in expanding.
        let (version, expanded) = expand(reaching, window: window) {
            CalendarQuery.record(
                indexed, unreadable: unreadableItems, settledBefore: readAt, known: known, base: base, folder: folder,
                in: storage)
        }
        var pass = expandItems(
            unread, in: listing.folder, name: { names[$0] }, results: results, expanded: expanded, reused: reused,
            earlier: earlier, window: window)
        pass.version = version
        // What every item became and what reading it gave are freed on a core that is idle by
        // now, rather than on the way to the answer.
        Parallel.discard((consume indexed, consume names, consume results))
        return pass
    }

    /// Reads every item of a vdir with no index stored (a first run, a cache deleted): each item
    /// is read and scanned on the other cores as soon as the folder lists it, and the index is
    /// written beside the expanding of what reaches the window. Names stay as the folder's bytes
    /// but for the few items that give the window a part or a warning.
    ///
    /// Listing 100,000 names took 40 ms on one core before the first item was read, and making
    /// a string of each name 13 ms more; a cold `show` is measured against reading every item.
    private func readVdirWhole(_ folder: String, window: Range<Int>, earlier: WindowCache?) throws(CalendarError)
        -> Pass
    {
        // Taken before any item is read: a stamp settled by then proves the bytes read are current.
        let readAt = now
        let loader = VdirItemLoader(
            folder: folder, window: prefilter ? window : nil,
            floating: prefilter ? ZoneResolver.offsets(display: display) : nil)
        let (listing, results) = try VdirListing.listing(folder, state: { VdirItemLoader.Room() }) {
            room, batch, descriptor in loader.load(batch, in: descriptor, room: room)
        }
        // In name order, the one place of each name (a name listed twice is read twice).
        let names = listing.entries
        let listed = listing.listedOrder
        // Only the items that can give the window anything are taken in name order: those read
        // for it, those the index cannot rule out, and those that give a warning.
        var position = [Int](repeating: -1, count: results.count)
        for (place, index) in listed.enumerated() { position[index] = place }
        var chosen: [(position: Int, index: Int)] = []
        for index in results.indices where position[index] >= 0 {
            switch results[index] {
            case .success(let file):
                if file.contents != nil || !file.sawCalendar || !prefilter || file.facts.mayReach(window) {
                    chosen.append((position[index], index))
                }
            case .failure(.notFound): continue
            case .failure(.unreadable): chosen.append((position[index], index))
            case .failure(let error): throw error
            }
        }
        chosen.sort { $0.position < $1.position }
        let unread = chosen.map(\.position)
        let picked = chosen.map { results[$0.index] }
        let reaching = picked.indices.compactMap { offset in
            (try? picked[offset].get())?.contents.map { (offset: offset, contents: $0) }
        }
        let indexed = VdirItems.listed(names: names, at: listed, results: results)
        let storage = self.index.map(StorageHandover.init)
        let (version, expanded) = expand(reaching, window: window) {
            CalendarQuery.record(
                indexed, unreadable: [:], settledBefore: readAt, known: nil, base: nil, folder: folder, in: storage)
        }
        var pass = expandItems(
            unread, in: folder, name: { names.name(unread[$0]) }, results: picked, expanded: expanded, reused: [:],
            earlier: earlier, window: window)
        pass.version = version
        // What reading 100,000 items gave is freed on a core that is idle by now, rather than
        // on the way to the answer.
        Parallel.discard((consume indexed, consume results, consume position))
        return pass
    }

    /// The storage, handed to the thread that writes the index while the calling thread expands
    /// items; the calling thread does not touch it until that thread is done.
    private struct StorageHandover: @unchecked Sendable {
        let storage: CalendarIndexStorage
    }

    /// The version of a vdir whose items are now `items` and `unreadable`, after storing their
    /// index in `storage` when it differs from `known`.
    private static func record(
        _ items: VdirItems, unreadable: [Int: (name: String, stamp: FileStamp)], settledBefore readAt: Int64,
        known: VdirIndex?, base: VdirIndex?, folder: String, in storage: StorageHandover?
    ) -> CalendarVersion {
        // A sum of the items' shares, so taken in any order, without a list of them made first.
        var builder = CalendarVersion.Builder()
        items.forEach { name, item in builder.add(name: name, stamp: item.stamp) }
        for item in unreadable.values { builder.add(name: item.name, stamp: item.stamp) }
        let version = builder.finish()
        guard let storage else { return version }
        // Items that have just changed may change again within the same tick of their clock:
        // they are left out, to be read again next time.
        if let known, case .placed(let placed) = items {
            let index = VdirIndex(items: placed.compactMap { $0?.stamp.isSettled(at: readAt) == true ? $0 : nil })
            if index != known { VdirIndex.save(index, over: base, folder: folder, in: storage.storage) }
        } else {
            // Nothing stored to compare with or to write a delta against: written straight
            // from the items, without copying each into an index first.
            let encoded = VdirIndex.encoded(room: items.count) { put in
                items.forEach { name, item in if item.stamp.isSettled(at: readAt) { put(name, item) } }
            }
            VdirIndex.saveBase(encoded, folder: folder, in: storage.storage)
        }
        return version
    }

    /// What the items at `unread` (in name order) gave: taken from `earlier` where `reused` says
    /// so, else from what the loader gave for them (`results`, in turn, each named by `name` of
    /// its offset) and what expanding each one kept gave (`expanded`, by the same offset).
    /// A name is made only for an item that gives a part or a warning.
    func expandItems(
        _ unread: [Int], in folder: String, name: (Int) -> String,
        results: [Swift.Result<VdirItemLoader.Loaded, CalendarError>], expanded: [Int: Expansion],
        reused: [Int: WindowCache.Part], earlier: WindowCache?, window: Range<Int>
    ) -> Pass {
        var pass = Pass(result: Result(), version: nil, limited: false)
        var offset = 0
        for position in unread {
            if let earlier, let part = reused[position] {
                pass.parts.append(
                    WindowCache.Part(
                        name: part.name, stamp: part.stamp,
                        occurrences: pass.result.occurrences
                            .count..<(pass.result.occurrences.count + part.occurrences.count),
                        warnings: pass.result.warnings.count..<(pass.result.warnings.count + part.warnings.count)))
                pass.result.occurrences += earlier.occurrences[part.occurrences]
                pass.result.warnings += earlier.warnings[part.warnings]
                continue
            }
            guard offset < results.count else { preconditionFailure("one loaded item for each position to load") }
            defer { offset += 1 }
            let file: VdirItemLoader.Loaded
            switch results[offset] {
            case .success(let found): file = found
            case .failure(.unreadable(let path, let reason)):
                // One item that cannot be read (a FIFO, no permission) does not hide the others.
                pass.result.warnings.append(
                    CalendarWarning(path: path, line: 1, message: "cannot be read (\(reason)), skipped"))
                continue
            case .failure: continue
            }
            let before = (occurrences: pass.result.occurrences.count, warnings: pass.result.warnings.count)
            if !file.sawCalendar {
                let path = (folder as NSString).appendingPathComponent(name(offset))
                pass.result.warnings.append(
                    CalendarWarning(path: path, line: 1, message: "holds no VCALENDAR, skipped"))
            } else if let expansion = expanded[offset] {
                pass.result.occurrences += expansion.result.occurrences
                pass.result.warnings += expansion.result.warnings
                if expansion.result.stepsRanOut { pass.result.stepsRanOut = true }
                if expansion.limited { pass.limited = true }
            }
            // A part for every item a later run would read for these days, even one that gave
            // nothing; none for the rest, which the index already keeps from being read.
            if !prefilter || file.facts.mayReach(window) {
                pass.parts.append(
                    WindowCache.Part(
                        name: name(offset), stamp: file.stamp,
                        occurrences: before.occurrences..<pass.result.occurrences.count,
                        warnings: before.warnings..<pass.result.warnings.count))
            }
        }
        return pass
    }

    /// What expanding one vdir item gave.
    struct Expansion: Sendable {
        var result: Result
        /// Whether a limit cut it short.
        var limited: Bool
    }

    /// What each of `items` gave over `window`, by its offset, expanded on every core, one of
    /// which runs `side` first. Each thread keeps the zones it parses in a ``ZoneStore`` of its own,
    /// whose tables are not for two threads; libical guards what it shares (``LibICal``).
    func expand<Side: Sendable>(
        _ items: [(offset: Int, contents: VdirItemLoader.Contents)], window: Range<Int>,
        beside side: @Sendable () -> Side
    ) -> (side: Side, expanded: [Int: Expansion]) {
        let expander = self.expander
        let (value, expanded) = Parallel.map(items, beside: side, state: { ZoneStore() }) { zones, item in
            var expansion = Expansion(result: Result(), limited: false)
            expander.expand(
                item.contents.file, index: item.contents.index, window: window, only: nil, zones: zones,
                into: &expansion.result, limited: &expansion.limited)
            return expansion
        }
        return (value, Dictionary(uniqueKeysWithValues: zip(items.map(\.offset), expanded)))
    }

    /// The parts of `earlier` that the items at `positions` (in name order, each unchanged since
    /// the index was written) can take: same name, same stamp. The positions are asked for only
    /// when there are parts to take.
    private func reusableParts(
        _ earlier: WindowCache?, for positions: () -> [Int], in listing: VdirListing
    ) -> [Int: WindowCache.Part] {
        guard let parts = earlier?.parts, !parts.isEmpty else { return [:] }
        var found: [Int: WindowCache.Part] = [:]
        let positions = positions()
        for (position, match) in zip(positions, listing.matches(positions, in: parts.map(\.name))) {
            if let match, parts[match].stamp == listing.stamp(at: position) { found[position] = parts[match] }
        }
        return found
    }
}
