import Foundation

/// Finds every occurrence in your calendars that intersects a stretch of time.
///
/// Each file is split into blocks at byte level, blocks that cannot reach the window are
/// skipped (``BlockPrefilter``), each remaining VEVENT is parsed by libical on its own, the
/// VEVENTs of one UID are combined into a series and the series is expanded only as far as the
/// window needs, so the cost follows the calendar's size, never a rule's length. With an
/// ``CalendarIndexStorage`` the split is remembered per file, and a file that did not change is
/// not scanned again; in a vdir, files whose events cannot reach the window are not even read.
public struct CalendarQuery {
    public var sources: [CalendarSource]
    public var display: DisplayZone
    public var me: MyAddresses
    /// Whether blocks that cannot reach the window are skipped before libical sees them; off
    /// only to check that it changes no answer.
    public var prefilter = true
    /// Whether COUNT-bounded rules start near the window rather than at DTSTART; off only to
    /// check that it changes no answer.
    public var jumpCounts = true
    /// Where indexes are kept between runs; `nil` scans every time.
    public var index: CalendarIndexStorage?

    public init(sources: [CalendarSource], display: DisplayZone, me: MyAddresses, index: CalendarIndexStorage? = nil) {
        self.sources = sources
        self.display = display
        self.me = me
        self.index = index
    }

    /// The occurrences found and the problems met on the way.
    public struct Result: Sendable {
        public var occurrences: [Occurrence] = []
        public var warnings: [CalendarWarning] = []
    }

    /// Every occurrence intersecting the half-open `window`, sorted by start, then end, then UID.
    public func occurrences(in window: DateInterval) throws(CalendarError) -> Result {
        let range = CalendarQuery.seconds(window)
        var result = Result()
        let zones = ZoneStore()
        for source in sources {
            switch source.layout {
            case .file:
                if source.exists { try read(source.path, window: range, zones: zones, into: &result) }
            case .vdir:
                try readVdir(source, window: range, zones: zones, into: &result)
            }
        }
        result.occurrences.sort { ($0.start, $0.end, $0.uid) < ($1.start, $1.end, $1.uid) }
        return result
    }

    /// The occurrences of one UID in iCalendar text held in memory, such as a recurring invite's
    /// own instances.
    public func occurrences(of data: Data, uid: String, in window: DateInterval) -> [Occurrence] {
        var result = Result()
        let file = CalendarFile(path: "invite", data: data)
        let index = file.data.withUnsafeBytes { FileIndex.build($0, stamp: nil) }
        try? expand(file, index: index, window: CalendarQuery.seconds(window), only: uid, zones: ZoneStore(), into: &result)
        return result.occurrences.sorted { ($0.start, $0.end) < ($1.start, $1.end) }
    }

    private static func seconds(_ window: DateInterval) -> Range<Int> {
        let lower = Int(window.start.timeIntervalSince1970.rounded(.down))
        let upper = Int(window.end.timeIntervalSince1970.rounded(.up))
        return lower..<max(upper, lower)
    }

    // MARK: Single files

    private func read(_ path: String, window: Range<Int>, zones: ZoneStore, into result: inout Result) throws(CalendarError) {
        let file = try CalendarFile.read(path)
        let stamp = FileStamp(path: path)
        let key = "file:" + path
        var index: FileIndex?
        if let storage = self.index, let stamp, let data = storage.indexData(for: key), let stored = FileIndex(data),
            stored.stamp == stamp, stored.fits(file.data)
        {
            index = stored
        }
        if index == nil {
            let built = file.data.withUnsafeBytes { FileIndex.build($0, stamp: stamp) }
            if let storage = self.index, stamp != nil { storage.saveIndex(built.encoded(), for: key) }
            index = built
        }
        guard let index else { return }
        guard index.sawCalendar || file.data.isEmpty else { throw .notACalendar(path: path) }
        try expand(file, index: index, window: window, only: nil, zones: zones, into: &result)
    }

    private func expand(
        _ file: CalendarFile, index: FileIndex, window: Range<Int>, only uid: String?, zones: ZoneStore,
        into result: inout Result
    ) throws(CalendarError) {
        let path = file.path
        let filter = prefilter && index.filterable
        let reaches: (FileIndex.Entry) -> Bool = { entry in
            guard filter, let reach = entry.reach else { return true }
            return reach.upperBound > window.lowerBound && reach.lowerBound < window.upperBound
        }
        let unterminated = index.entries.filter { $0.kind == .unterminated }
        // Nothing can reach the window: not even the VTIMEZONEs need parsing (a vdir item has its own).
        guard index.entries.contains(where: { $0.kind == .event && reaches($0) }) || !unterminated.isEmpty else { return }
        let resolver = ZoneResolver(display: display, store: zones)
        var warnings: [CalendarWarning] = []
        let series: [EventSeries] = file.data.withUnsafeBytes { bytes in
            for entry in unterminated {
                warnings.append(CalendarWarning(path: path, line: entry.line, message: "component never ends, skipped"))
            }
            for entry in index.entries where entry.kind == .timezone {
                resolver.register(block: UnsafeRawBufferPointer(rebasing: bytes[entry.range]))
            }
            var byUID: [String: EventSeries] = [:]
            var order: [String] = []
            for entry in index.entries where entry.kind == .event && reaches(entry) {
                let warn: (String) -> Void = {
                    warnings.append(CalendarWarning(path: path, line: entry.line, message: $0))
                }
                guard let event = ICalEvent.parse(UnsafeRawBufferPointer(rebasing: bytes[entry.range]), resolver: resolver, line: entry.line, warn: warn)
                else { continue }
                if let uid, event.uid != uid { continue }
                // A VEVENT without UID (RFC 5545 §3.6.1 requires one) is a series of its own.
                let key = event.uid.isEmpty ? "\u{0}\(entry.line)" : event.uid
                if byUID[key] == nil { order.append(key) }
                byUID[key, default: EventSeries()].add(event)
            }
            return order.compactMap { byUID[$0] }
        }
        let context = EventSeries.Context(
            display: resolver.display, me: me.all, source: path,
            jumpCounts: jumpCounts,
            warn: { line, message in warnings.append(CalendarWarning(path: path, line: line, message: message)) })
        for entry in series {
            result.occurrences += entry.occurrences(in: window, context: context)
        }
        result.warnings += warnings
    }

    // MARK: vdirs

    /// Reads a vdir; with an index, a file that did not change and whose events cannot reach
    /// the window is not opened.
    private func readVdir(
        _ source: CalendarSource, window: Range<Int>, zones: ZoneStore, into result: inout Result
    ) throws(CalendarError) {
        let key = "vdir:" + source.path
        let known = index.flatMap { $0.indexData(for: key) }.flatMap(VdirIndex.init) ?? VdirIndex(items: [:])
        var next = VdirIndex(items: [:])
        for item in try VdirIndex.list(source.path) {
            let path = (source.path as NSString).appendingPathComponent(item.name)
            if let entry = known.items[item.name], entry.stamp == item.stamp {
                next.items[item.name] = entry
                if prefilter, entry.filterable, let reach = entry.reach,
                    reach.upperBound <= window.lowerBound || reach.lowerBound >= window.upperBound
                {
                    continue
                }
            }
            let file: CalendarFile
            do {
                file = try CalendarFile.read(path)
            } catch .notFound {
                continue
            }
            let fileIndex = file.data.withUnsafeBytes { FileIndex.build($0, stamp: item.stamp) }
            next.items[item.name] = VdirIndex.Item(stamp: item.stamp, reach: fileIndex.reach, filterable: fileIndex.filterable)
            guard fileIndex.sawCalendar else {
                result.warnings.append(CalendarWarning(path: path, line: 1, message: "holds no VCALENDAR, skipped"))
                continue
            }
            try expand(file, index: fileIndex, window: window, only: nil, zones: zones, into: &result)
        }
        if let storage = index, next != known { storage.saveIndex(next.encoded(), for: key) }
    }
}

extension EventSeries {
    /// Files a VEVENT under its series: a second master keeps the higher SEQUENCE, a second
    /// override of the same instance likewise.
    mutating func add(_ event: ICalEvent) {
        guard let rid = event.recurrenceID else {
            if let current = master, current.sequence > event.sequence { return }
            master = event
            return
        }
        if let index = overrides.firstIndex(where: { existing in
            guard let other = existing.recurrenceID else { return false }
            return ICalTimeValue.wallSeconds(other.time) == ICalTimeValue.wallSeconds(rid.time)
        }) {
            if overrides[index].sequence <= event.sequence { overrides[index] = event }
            return
        }
        overrides.append(event)
    }
}
