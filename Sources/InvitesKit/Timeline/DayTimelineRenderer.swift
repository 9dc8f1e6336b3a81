import Foundation
import InvitesFormats

/// Draws one day for `invites day`: a row for each waiting invitation and each of your events,
/// the conflicts between them marked, and a row of the free stretches within working hours.
///
/// Like ``TimelineRenderer`` it returns lines drawn in ASCII (colour, when asked for, around the
/// same characters) and labelled with the titles as written, and prints nothing; the track fills the width and the ruler picks its step
/// (``TimelineScale``).
package struct DayTimelineRenderer: Sendable {
    package var time: HumanTime
    package var width: Int
    package var maximumRows: Int
    package var color: Bool
    /// Whether the titles are shown as written or transliterated (the locale's charset).
    package var charset: TerminalCharset

    package init(
        time: HumanTime, width: Int, maximumRows: Int = 16, color: Bool = false, charset: TerminalCharset = .ascii
    ) {
        self.time = time
        self.width = max(width, 40)
        self.maximumRows = maximumRows
        self.color = color
        self.charset = charset
    }

    /// The stretch drawn: the working hours and everything timed that day, from the hour before
    /// to the hour after, never outside the day; 08:00 to 18:00 on an empty day off.
    static func drawnStretch(_ report: DayReport) -> DateInterval {
        var start = report.working?.start ?? report.day.start.addingTimeInterval(8 * 3_600)
        var end = report.working?.end ?? report.day.start.addingTimeInterval(18 * 3_600)
        let timed =
            report.invitations.filter { $0.dates == nil }.map(\.interval)
            + report.events.filter { !$0.occurrence.isAllDay }.map {
                DateInterval(start: $0.occurrence.start, end: max($0.occurrence.end, $0.occurrence.start))
            }
        for interval in timed {
            start = min(start, interval.start)
            end = max(end, interval.end)
        }
        let hour: TimeInterval = 3_600
        start = Date(timeIntervalSince1970: (start.timeIntervalSince1970 / hour).rounded(.down) * hour)
        end = Date(timeIntervalSince1970: (end.timeIntervalSince1970 / hour).rounded(.up) * hour)
        return DateInterval(start: max(start, report.day.start), end: min(max(end, start), report.day.end))
    }

    package func render(_ report: DayReport) -> [String] {
        let drawn = DayTimelineRenderer.drawnStretch(report)
        let timedInvitations = report.invitations.filter { $0.dates == nil }
        let timedEvents = report.events.filter { !$0.occurrence.isAllDay }
        let wide = width >= 64
        let text = TimelineText(charset: charset)
        let titles = timedInvitations.map(\.stored.invite.title) + timedEvents.map(\.occurrence.title) + ["free"]
        let labelWidth = min(max(titles.map(text.width).max() ?? 6, 6), TimelineRenderer.labelWidth(for: width))
        let scale = TimelineScale(
            window: drawn, columns: width - labelWidth - 1 - TimelineRenderer.timesWidth(for: width))
        var lines: [String] = []
        let allDay =
            report.invitations.filter { $0.dates != nil }.map {
                text.label($0.stored.invite.title) + " (invitation \($0.stored.handle)"
                    + ($0.conflicts.isEmpty ? ")" : ", conflict)")
            }
            + report.events.filter(\.occurrence.isAllDay).map {
                text.label($0.occurrence.title) + ($0.occurrence.free != nil ? " (free)" : "")
            }
        if !allDay.isEmpty { lines.append(text.fit("all day: " + allDay.joined(separator: ", "), width)) }
        let (labels, ticks) = scale.ruler(time: time)
        let blank = String(repeating: " ", count: labelWidth + 1)
        lines.append(TimelineText.trimRight(blank + labels))
        lines.append(TimelineText.trimRight(blank + ticks))
        // Each row with, below 64 columns, the line under its times: an invitation's handle,
        // which `show` and the answers take, has no room beside them there.
        var rows: [(String, [Character], String, String?)] = []
        for invitation in timedInvitations {
            let conflicts = invitation.conflicts.map { DateInterval(start: $0.start, end: max($0.end, $0.start)) }
            rows.append(
                (
                    invitation.stored.invite.title, cells(invitation.interval, scale, "=", marked: conflicts),
                    span(invitation.interval) + (wide ? " " + invitation.stored.handle : ""),
                    wide ? nil : invitation.stored.handle
                ))
        }
        // An all-day invitation covers the whole day: every busy event meets it.
        let waiting = report.invitations.map(\.interval)
        for event in timedEvents {
            let occurrence = event.occurrence
            let interval = DateInterval(start: occurrence.start, end: max(occurrence.end, occurrence.start))
            let mark: Character = occurrence.free != nil ? "." : "-"
            rows.append(
                (
                    occurrence.title, cells(interval, scale, mark, marked: event.conflict ? waiting : []),
                    span(interval) + (wide && occurrence.free != nil ? " free" : ""), nil
                ))
        }
        let shown = rows.prefix(maximumRows)
        for (title, row, times, under) in shown {
            lines.append(
                TimelineText.trimRight(
                    text.pad(title, labelWidth) + " " + TimelineText.paint(row, color: color) + " " + times))
            if let under { lines.append(TimelineRenderer.underTimes(under, labelWidth: labelWidth, scale: scale)) }
        }
        if rows.count > shown.count { lines.append(blank + "+\(rows.count - shown.count) more") }
        if report.working != nil {
            var row = [Character](repeating: " ", count: scale.columns)
            for stretch in report.free {
                for (index, cell) in cells(stretch, scale, "_", marked: []).enumerated() where cell != " " {
                    row[index] = cell
                }
            }
            lines.append(
                TimelineText.trimRight(
                    text.pad("free", labelWidth) + " " + TimelineText.paint(row, color: color)))
        }
        if width >= 72 {
            lines.append("[===] invitation  XXX conflict  --- busy  ... free event  ___ free to work")
        } else {
            lines.append("[==] invitation  XX conflict  -- busy")
            lines.append(".. free event  __ free to work")
        }
        return lines
    }

    /// A row's cells: `mark` over the interval, `X` where it meets one of `marked`, brackets at
    /// its ends, `<` and `>` where it runs past the drawn stretch.
    private func cells(_ interval: DateInterval, _ scale: TimelineScale, _ mark: Character, marked: [DateInterval])
        -> [Character]
    {
        var row = [Character](repeating: " ", count: scale.columns)
        guard scale.columns > 0 else { return row }
        let first = min(max(scale.column(interval.start), 0), scale.columns - 1)
        let last = max(min(scale.column(interval.end) - 1, scale.columns - 1), first)
        if interval.duration == 0 {
            row[first] = "|"
            return row
        }
        for column in first...last {
            let cell = DateInterval(start: scale.instant(at: column), end: scale.instant(at: column + 1))
            let hit = marked.contains { ConflictRules.intersects($0.start, $0.end, cell.start, cell.end) }
            row[column] =
                hit && ConflictRules.intersects(interval.start, interval.end, cell.start, cell.end) ? "X" : mark
        }
        if last > first {
            if interval.start < scale.window.start { row[first] = "<" } else if row[first] != "X" { row[first] = "[" }
            if interval.end > scale.window.end { row[last] = ">" } else if row[last] != "X" { row[last] = "]" }
        }
        return row
    }

    private func span(_ interval: DateInterval) -> String {
        time.clock(interval.start) + "-" + time.clock(interval.end)
    }
}
