internal import CLibical
import Foundation

/// Finds every occurrence in your calendars that intersects a stretch of time.
///
/// Each file is split into blocks at byte level, each VEVENT is parsed by libical on its own, the
/// VEVENTs of one UID are combined into a series and the series is expanded only as far as the
/// window needs, so the cost follows the calendar's size, never a rule's length.
public struct CalendarQuery: Sendable {
    public var sources: [CalendarSource]
    public var display: DisplayZone
    public var me: MyAddresses
    /// Whether blocks that cannot reach the window are skipped before libical sees them; off
    /// only to check that it changes no answer.
    public var prefilter = true

    public init(sources: [CalendarSource], display: DisplayZone, me: MyAddresses) {
        self.sources = sources
        self.display = display
        self.me = me
    }

    /// The occurrences found and the problems met on the way.
    public struct Result: Sendable {
        public var occurrences: [Occurrence] = []
        public var warnings: [CalendarWarning] = []
    }

    /// Every occurrence intersecting the half-open `window`, sorted by start, then end, then UID.
    public func occurrences(in window: DateInterval) throws(CalendarError) -> Result {
        let lower = Int(window.start.timeIntervalSince1970.rounded(.down))
        let upper = Int(window.end.timeIntervalSince1970.rounded(.up))
        var result = Result()
        for source in sources {
            for path in try source.files() {
                do {
                    try read(path, window: lower..<max(upper, lower), into: &result)
                } catch .notACalendar(let path) where source.layout == .vdir {
                    result.warnings.append(CalendarWarning(path: path, line: 1, message: "holds no VCALENDAR, skipped"))
                }
            }
        }
        result.occurrences.sort { ($0.start, $0.end, $0.uid) < ($1.start, $1.end, $1.uid) }
        return result
    }

    /// The occurrences of one UID in iCalendar text held in memory, such as a recurring invite's
    /// own instances.
    public func occurrences(of data: Data, uid: String, in window: DateInterval) -> [Occurrence] {
        var result = Result()
        let lower = Int(window.start.timeIntervalSince1970.rounded(.down))
        let upper = Int(window.end.timeIntervalSince1970.rounded(.up))
        try? read(CalendarFile(path: "invite", data: data), window: lower..<max(upper, lower), only: uid, into: &result)
        return result.occurrences.sorted { ($0.start, $0.end) < ($1.start, $1.end) }
    }

    private func read(_ path: String, window: Range<Int>, into result: inout Result) throws(CalendarError) {
        try read(try CalendarFile.read(path), window: window, only: nil, into: &result)
    }

    private func read(_ file: CalendarFile, window: Range<Int>, only uid: String?, into result: inout Result) throws(CalendarError) {
        let path = file.path
        let resolver = ZoneResolver(display: display)
        var warnings: [CalendarWarning] = []
        let series: [EventSeries] = file.data.withUnsafeBytes { bytes in
            let scan = ICSBlockScanner.scan(bytes)
            guard scan.sawCalendar else { return [] }
            for block in scan.unterminated {
                warnings.append(CalendarWarning(path: path, line: block.line, message: "component never ends, skipped"))
            }
            var filter = prefilter ? BlockPrefilter(window: window) : nil
            for block in scan.blocks where block.kind == .timezone {
                if !BlockPrefilter.isOrdinaryZone(bytes, block.range) { filter = nil }
                if let zone = ICalComponent.parse(UnsafeRawBufferPointer(rebasing: bytes[block.range])) {
                    resolver.register(zone)
                }
            }
            var byUID: [String: EventSeries] = [:]
            var order: [String] = []
            for block in scan.blocks where block.kind == .event {
                if let filter, !filter.mayReach(bytes, block.range) { continue }
                let warn: (String) -> Void = {
                    warnings.append(CalendarWarning(path: path, line: block.line, message: $0))
                }
                guard let component = ICalComponent.parse(UnsafeRawBufferPointer(rebasing: bytes[block.range])),
                    let vevent = component.selfOrChildren(ICAL_VEVENT_COMPONENT).first
                else {
                    warn("VEVENT cannot be read, skipped")
                    continue
                }
                guard let event = ICalEvent(vevent, resolver: resolver, line: block.line, warn: warn) else { continue }
                if let uid, event.uid != uid { continue }
                // A VEVENT without UID (RFC 5545 §3.6.1 requires one) is a series of its own.
                let key = event.uid.isEmpty ? "\u{0}\(block.line)" : event.uid
                if byUID[key] == nil { order.append(key) }
                byUID[key, default: EventSeries()].add(event)
            }
            return order.compactMap { byUID[$0] }
        }
        if series.isEmpty, !file.data.isEmpty {
            let sawCalendar = file.data.withUnsafeBytes { ICSBlockScanner.scan($0).sawCalendar }
            if !sawCalendar { throw .notACalendar(path: path) }
        }
        let context = EventSeries.Context(
            display: resolver.display, displayZone: display.timeZone, me: me.all, source: path,
            warn: { line, message in warnings.append(CalendarWarning(path: path, line: line, message: message)) })
        for entry in series {
            result.occurrences += entry.occurrences(in: window, context: context)
        }
        result.warnings += warnings
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
            return other.time.year == rid.time.year && other.time.month == rid.time.month
                && other.time.day == rid.time.day && other.time.hour == rid.time.hour
                && other.time.minute == rid.time.minute && other.time.second == rid.time.second
        }) {
            if overrides[index].sequence <= event.sequence { overrides[index] = event }
            return
        }
        overrides.append(event)
    }
}
