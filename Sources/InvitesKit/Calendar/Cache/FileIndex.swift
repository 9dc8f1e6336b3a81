import Foundation
import InvitesSystem

/// What one scan of a calendar file learnt, kept so that the next run with the same file skips
/// the scan: where each VEVENT and VTIMEZONE block and the `X-WR-TIMEZONE` line are, and where each event can fall
/// (``BlockPrefilter/bounds(_:_:)``).
///
/// It is used only when the file's ``FileStamp`` (device, inode, size, modification time to the
/// nanosecond) is the one it was built from, and each block it names must still start with its
/// BEGIN line; otherwise the file is scanned again. A stale index therefore never answers.
struct FileIndex: Equatable, Sendable {
    /// Bumped whenever the layout or the meaning of `reach` changes, so old indexes are dropped.
    /// 8: lines are read unfolded wherever the fold falls (a folded RRULE name was not seen).
    static let format: UInt32 = 8

    enum Kind: UInt64, Sendable {
        case event = 1
        case timezone = 0
        /// A component whose END never came; kept so that its warning is given on every run.
        case unterminated = 4
        /// The calendar's `X-WR-TIMEZONE` line.
        case calendarZone = 5
    }

    struct Entry: Equatable, Sendable {
        var kind: Kind
        var range: Range<Int>
        var line: Int
        /// `nil` when the block cannot be bounded.
        var reach: Range<Int>?
        var pattern: RulePattern?

        init(kind: Kind, range: Range<Int>, line: Int, reach: Range<Int>? = nil, pattern: RulePattern? = nil) {
            self.kind = kind
            self.range = range
            self.line = line
            self.reach = reach
            self.pattern = pattern
        }

        /// Whether the block may have an instance in `window` (instants); true when unsure.
        func mayReach(_ window: Range<Int>) -> Bool {
            guard let reach else { return true }
            guard reach.upperBound > window.lowerBound, reach.lowerBound < window.upperBound else { return false }
            return pattern?.mayHaveInstance(in: window) ?? true
        }
    }

    var stamp: FileStamp
    var sawCalendar: Bool
    /// False when a VTIMEZONE has offsets beyond what the reach margin covers, or a
    /// THISANDFUTURE override without a UID could move any block's instances.
    var filterable: Bool
    var entries: [Entry]

    func encoded() -> Data {
        var writer = IndexWriter(capacity: 40 + entries.count * 64)
        writer.put(UInt64(FileIndex.format))
        writer.put(stamp)
        writer.put(UInt64((sawCalendar ? 1 : 0) | (filterable ? 2 : 0)))
        writer.put(UInt64(entries.count))
        for entry in entries {
            writer.put(entry.kind.rawValue | (entry.reach == nil ? 2 : 0) | (entry.pattern == nil ? 0 : 8))
            writer.put(UInt64(entry.range.lowerBound))
            writer.put(UInt64(entry.range.count))
            writer.put(UInt64(entry.line))
            writer.put(entry.reach)
            if let pattern = entry.pattern { writer.put(pattern) }
        }
        return writer.data
    }

    init(stamp: FileStamp, sawCalendar: Bool, filterable: Bool, entries: [Entry]) {
        self.stamp = stamp
        self.sawCalendar = sawCalendar
        self.filterable = filterable
        self.entries = entries
    }

    /// Decodes an index; `nil` for one of another format or a damaged one.
    init?(_ data: Data) {
        var reader = IndexReader(data: data)
        guard reader.next() == UInt64(FileIndex.format), let stamp = reader.stamp(), let flags = reader.next(),
            let count = reader.next(), count <= UInt64(data.count / 48)
        else { return nil }
        self.stamp = stamp
        sawCalendar = flags & 1 != 0
        filterable = flags & 2 != 0
        entries = []
        entries.reserveCapacity(Int(count))
        for _ in 0..<count {
            guard let kind = reader.next(), let start = reader.next(), let length = reader.next(),
                let line = reader.next(),
                let lower = reader.next(), let upper = reader.next()
            else { return nil }
            let low = Int(Int64(bitPattern: lower)), high = Int(Int64(bitPattern: upper))
            guard start <= UInt64(Int.max / 2), length <= UInt64(Int.max / 2), high >= low || kind & 2 != 0 else {
                return nil
            }
            guard let entryKind = Kind(rawValue: kind & ~10) else { return nil }
            var pattern: RulePattern?
            if kind & 8 != 0 {
                guard let stored = reader.pattern() else { return nil }
                pattern = stored
            }
            entries.append(
                Entry(
                    kind: entryKind, range: Int(start)..<(Int(start) + Int(length)), line: Int(line),
                    reach: kind & 2 != 0 ? nil : low..<high, pattern: pattern))
        }
    }

    /// Scans a file and bounds each event, on every core for a large file. With `zones`, the
    /// calling thread's memo, the file is bounded on that thread alone: a vdir item, one of
    /// thousands read on every core, has one event. With `floating`, the display zone's
    /// offsets, floating times and dates are bounded by them (``BlockPrefilter/bounds(_:_:_:alone:floating:zones:)``),
    /// unless the calendar names a zone of its own for them (`X-WR-TIMEZONE`): such an index
    /// answers for one query and is not to be kept.
    static func build(
        _ bytes: UnsafeRawBufferPointer, stamp: FileStamp?, zones: ZoneMemo? = nil, floating: ClosedRange<Int>? = nil
    ) -> FileIndex {
        build(bytes, scan: ICSBlockScanner.scan(bytes, zones: zones), stamp: stamp, zones: zones, floating: floating)
    }

    /// ``build(_:stamp:zones:floating:)`` from a scan already made of `bytes` (with `zones`), for
    /// a caller that keeps more of the scan (``FileUIDIndex``). The scan is handed over: its
    /// bounding lines are let go once the events are bounded, before the entries are made (at
    /// 100,000 events, 10 MB less at the peak of a cold run).
    static func build(
        _ bytes: UnsafeRawBufferPointer, scan: consuming ICSBlockScanner.Result, stamp: FileStamp?,
        zones: ZoneMemo? = nil, floating: ClosedRange<Int>? = nil
    ) -> FileIndex {
        let bounds = FileIndex.bounds(bytes, scan, zones: zones, floating: floating)
        scan.boundingLines = []
        var filterable = true
        // A THISANDFUTURE override moves its master's later instances anywhere: every block of
        // its UID is left unbounded (all of the file's when one of them has no UID to match).
        // So is every block of a UID where two blocks fill one place of the series.
        var unbounded = FileIndex.contested(bounds)
        for bounds in bounds where bounds.thisAndFuture {
            guard let slot = bounds.slot else {
                filterable = false
                break
            }
            unbounded.insert(slot.uid)
        }
        var entries: [Entry] = []
        entries.reserveCapacity(scan.blocks.count + scan.unterminated.count)
        for (block, bounds) in zip(scan.blocks, bounds) {
            switch block.kind {
            case .timezone:
                if !block.ordinary { filterable = false }
                entries.append(Entry(kind: .timezone, range: block.range, line: block.line))
            case .calendarZone:
                entries.append(Entry(kind: .calendarZone, range: block.range, line: block.line))
            case .task:
                // A task takes no time: nothing of it is expanded.
                continue
            case .event:
                if let slot = bounds.slot, unbounded.contains(slot.uid) {
                    entries.append(Entry(kind: .event, range: block.range, line: block.line))
                } else {
                    entries.append(
                        Entry(
                            kind: .event, range: block.range, line: block.line, reach: bounds.reach,
                            pattern: bounds.pattern))
                }
            }
        }
        for block in scan.unterminated {
            entries.append(
                Entry(kind: .unterminated, range: block.range.lowerBound..<block.range.lowerBound, line: block.line))
        }
        return FileIndex(
            stamp: stamp ?? FileStamp(device: 0, inode: 0, size: Int64(bytes.count), seconds: 0, nanoseconds: 0),
            sawCalendar: scan.sawCalendar, filterable: filterable, entries: entries)
    }

    /// The bounds of each block of `scan` (an empty one for a block that is not an event).
    private static func bounds(
        _ bytes: UnsafeRawBufferPointer, _ scan: ICSBlockScanner.Result, zones: ZoneMemo?,
        floating: ClosedRange<Int>?
    ) -> [BlockPrefilter.Bounds] {
        let floating = scan.blocks.contains { $0.kind == .calendarZone } ? nil : floating
        let shared = SharedBytes(bytes: bytes)
        let alone = scan.blocks.lazy.filter { $0.kind == .event }.count == 1
        if let zones {
            // The memo answers for a file whose zones it keeps, as every item of a vdir has
            // the same few; a file with others has them read here.
            let slots = FileIndex.memoSlots(scan)
            let definitions = slots == nil ? FileIndex.definitions(bytes, scan, memo: zones) : nil
            return scan.blocks.map { block in
                guard block.kind == .event else { return BlockPrefilter.Bounds() }
                return BlockPrefilter.bounds(
                    bytes, block.range, scan.fields(of: block), alone: alone, floating: floating
                ) { tzid in
                    guard let slots else { return definitions.flatMap { zones.offsets(named: tzid, definedBy: $0) } }
                    return zones.offsets(named: tzid, definedIn: slots)
                }
            }
        } else {
            let definitions = FileIndex.definitions(bytes, scan, memo: ZoneMemo())
            return Parallel.map(scan.blocks, minimumPerThread: 4_096, state: { ZoneMemo() }) { memo, block in
                guard block.kind == .event else { return BlockPrefilter.Bounds() }
                return BlockPrefilter.bounds(
                    shared.bytes, block.range, scan.fields(of: block), alone: alone, floating: floating
                ) { tzid in
                    definitions.flatMap { memo.offsets(named: tzid, definedBy: $0) }
                }
            }
        }
    }

    /// The slots of a file's VTIMEZONEs in the memo it was scanned with, as a set of bits;
    /// `nil` when one of them is not kept there.
    private static func memoSlots(_ scan: ICSBlockScanner.Result) -> UInt64? {
        var slots: UInt64 = 0
        for block in scan.blocks where block.kind == .timezone {
            guard let slot = block.memoSlot, slot < UInt64.bitWidth else { return nil }
            slots |= 1 << slot
        }
        return slots
    }

    /// The file's VTIMEZONEs as bounding reads them (``ZoneMemo/definition(_:slot:)``); `nil`
    /// when it has more than are worth comparing each TZID with, which leaves every TZID of the
    /// file unbounded.
    private static func definitions(
        _ bytes: UnsafeRawBufferPointer, _ scan: ICSBlockScanner.Result, memo: ZoneMemo
    ) -> [ZoneMemo.Definition]? {
        var definitions: [ZoneMemo.Definition] = []
        for block in scan.blocks where block.kind == .timezone {
            guard definitions.count < 64 else { return nil }
            if let found = memo.definition(UnsafeRawBufferPointer(rebasing: bytes[block.range]), slot: block.memoSlot) {
                definitions.append(found)
            }
        }
        return definitions
    }

    /// The UIDs (hashed) of which two blocks fill one place of the series, or one block whose
    /// place is unknown shares the UID with another. The hashes, sorted, find the UIDs of more
    /// than one block, few in any calendar, and only their places are compared: a set of every
    /// block's place held 9.5 MB at 100,000 events, at the peak of a cold run.
    private static func contested(_ bounds: [BlockPrefilter.Bounds]) -> Set<UInt64> {
        // Fewer than two blocks with a place (a vdir item, whose lone event is given none):
        // nothing to compare.
        var uids = bounds.compactMap { $0.slot?.uid }
        guard uids.count > 1 else { return [] }
        uids.sort()
        var shared = Set<UInt64>()
        for index in uids.indices.dropFirst() where uids[index] == uids[index - 1] { shared.insert(uids[index]) }
        guard !shared.isEmpty else { return [] }
        var contested = Set<UInt64>()
        var filled = Set<BlockPrefilter.Slot>()
        for case let slot? in bounds.lazy.map(\.slot) where shared.contains(slot.uid) {
            if slot.place == .unknown || !filled.insert(slot).inserted { contested.insert(slot.uid) }
        }
        return contested
    }

    private static let blockHead = Array("BEGIN:V".utf8)
    private static let calendarZoneHead = Array("X-WR-TIMEZONE".utf8)

    /// Whether every block still lies inside the file and starts with a BEGIN line: a last
    /// check against a file changed without its stamp changing.
    func fits(_ data: Data) -> Bool {
        data.withUnsafeBytes { bytes in
            entries.allSatisfy { entry in
                guard entry.range.upperBound <= bytes.count else { return false }
                guard entry.kind != .unterminated else { return true }
                let head = entry.kind == .calendarZone ? FileIndex.calendarZoneHead : FileIndex.blockHead
                guard entry.range.count > head.count else { return false }
                // Read as the scanner reads it: a fold may cut the BEGIN line.
                return ByteSearch.starts(
                    with: head, in: UnsafeRawBufferPointer(rebasing: bytes[entry.range]), at: 0, ignoringCase: true)
            }
        }
    }

    /// The stretch all events of the file can reach; `nil` when one of them is unbounded.
    var reach: Range<Int>? {
        var lower = Int.max
        var upper = Int.min
        for entry in entries where entry.kind == .event {
            guard let reach = entry.reach else { return nil }
            lower = min(lower, reach.lowerBound)
            upper = max(upper, reach.upperBound)
        }
        return lower <= upper ? lower..<upper : 0..<0
    }

    /// The pattern of the file's one event, as a vdir item has it; `nil` when it has another
    /// number of events or its event has none.
    var pattern: RulePattern? {
        var pattern: RulePattern?
        var events = 0
        for entry in entries where entry.kind == .event {
            pattern = entry.pattern
            events += 1
        }
        return events == 1 ? pattern : nil
    }

    /// Whether any block may matter for `window`: an event that may reach it, or a component
    /// that never ends (it is warned about on every run). Always true for an unfilterable file.
    func mayMatter(_ window: Range<Int>) -> Bool {
        guard filterable else { return true }
        return entries.contains { $0.kind == .unterminated || ($0.kind == .event && $0.mayReach(window)) }
    }
}

/// The bytes of a file being indexed, read by several threads at once and written by none.
struct SharedBytes: @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer
}
