import Foundation
import InvitesFormats
import InvitesModel

/// Expands the events of one calendar file over a window: each VEVENT that may reach it parsed
/// by libical on its own, the VEVENTs of one UID combined into a series, each series expanded
/// only as far as the window needs.
///
/// A value of plain settings, so that the items of a vdir can be expanded on several threads
/// at once, each with a ``ZoneStore`` of its own.
struct CalendarFileExpander: Sendable {
    var display: DisplayZone
    var me: MyAddresses
    /// Whether blocks that cannot reach the window are skipped (``CalendarQuery/prefilter``).
    var prefilter: Bool
    /// Whether COUNT-bounded rules start near the window (``CalendarQuery/jumpCounts``).
    var jumpCounts: Bool

    /// Adds the occurrences in `window` of the events of `file` (of the UIDs `uids`, when
    /// given) to `result`; `limited` is set when a limit cut the answer short.
    func expand(
        _ file: CalendarFile, index: FileIndex, window: Range<Int>, only uids: Set<String>?, zones: ZoneStore,
        into result: inout CalendarQuery.Result, limited: inout Bool, instanceLimit: Int = 5_000
    ) {
        let path = file.path
        let filter = prefilter && index.filterable
        let reaches: (FileIndex.Entry) -> Bool = { entry in !filter || entry.mayReach(window) }
        let unterminated = index.entries.filter { $0.kind == .unterminated }
        // Nothing can reach the window: not even the VTIMEZONEs need parsing (a vdir item has its own).
        guard !prefilter || index.mayMatter(window) else { return }
        let resolver = ZoneResolver(display: display, store: zones)
        var warnings: [CalendarWarning] = []
        let series: [EventSeries] = file.data.withUnsafeBytes { bytes in
            for entry in unterminated {
                warnings.append(CalendarWarning(path: path, line: entry.line, message: "component never ends, skipped"))
            }
            for entry in index.entries where entry.kind == .timezone {
                resolver.register(block: UnsafeRawBufferPointer(rebasing: bytes[entry.range]))
            }
            if let entry = index.entries.first(where: { $0.kind == .calendarZone }),
                let named = ICSBlockScanner.lineValue(bytes, at: entry.range.lowerBound),
                let problem = resolver.floatingZoneProblem(named)
            {
                warnings.append(CalendarWarning(path: path, line: entry.line, message: problem))
            }
            var byUID: [String: EventSeries] = [:]
            var order: [String] = []
            for entry in index.entries where entry.kind == .event && reaches(entry) {
                let warn: (String) -> Void = {
                    warnings.append(CalendarWarning(path: path, line: entry.line, message: $0))
                }
                let lines = EventLines.read(UnsafeRawBufferPointer(rebasing: bytes[entry.range]))
                guard
                    let event = lines.withUnsafeBytes({
                        ICalEvent.parse($0, resolver: resolver, line: entry.line, warn: warn)
                    })
                else { continue }
                if let uids, !uids.contains(event.uid) { continue }
                // A VEVENT without UID (RFC 5545 §3.6.1 requires one) is a series of its own.
                let key = event.uid.isEmpty ? "\u{0}\(entry.line)" : event.uid
                if byUID[key] == nil { order.append(key) }
                byUID[key, default: EventSeries()].add(event)
            }
            return order.compactMap { byUID[$0] }
        }
        let budget = ExpansionBudget(steps: EventSeries.Context.steps)
        let context = EventSeries.Context(
            display: resolver.display, me: me.all, source: path, budget: budget, instanceLimit: instanceLimit,
            jumpCounts: jumpCounts,
            warn: { line, message in warnings.append(CalendarWarning(path: path, line: line, message: message)) })
        for entry in series {
            result.occurrences += entry.occurrences(in: window, context: context)
        }
        if budget.reachedLimit { limited = true }
        if budget.ranOut { result.stepsRanOut = true }
        result.warnings += warnings
    }
}
