import Foundation
import InvitesFormats

/// Draws the ASCII day timeline of `show`: an hour ruler, one row for the invite and one per
/// nearby event, the overlaps marked, all-day events on a line above.
///
/// It returns lines and prints nothing; the drawing is ASCII (colour, when asked for, is ANSI
/// around the same characters), the labels are the titles as written (``TimelineText``), and it
/// is deterministic, so tests compare it with golden files.
package struct TimelineRenderer: Sendable {
    /// What a cell of a row shows.
    enum Mark: Character {
        case invite = "="
        case overlap = "X"
        case busy = "-"
        case free = "."
        case edgeOpen = "["
        case edgeClose = "]"
        case before = "<"
        case after = ">"
        case instant = "|"
    }

    package var time: HumanTime
    /// The columns available, at least 40.
    package var width: Int
    /// How many event rows to draw before summarising the rest as "+N more".
    package var maximumRows: Int
    package var color: Bool
    /// Whether the titles are shown as written or transliterated (the locale's charset).
    package var charset: TerminalCharset

    /// The longest stretch drawn: sixteen days, so that the longest look before and after
    /// (``ConflictFinder/longestMargin``, a week each) around an invite of up to two days is
    /// drawn whole. A window can be far longer (a stranger's invite from year 1 to 9999); the
    /// ruler walks the drawn stretch hour by hour, so it is the drawn stretch that must stay
    /// short, and whatever lies beyond it is marked as running past the edge.
    package static let longestStretch: TimeInterval = 2 * ConflictFinder.longestMargin + 2 * 86_400

    package init(
        time: HumanTime, width: Int, maximumRows: Int = 12, color: Bool = false, charset: TerminalCharset = .ascii
    ) {
        self.time = time
        self.width = max(width, 40)
        self.maximumRows = maximumRows
        self.color = color
        self.charset = charset
    }

    /// The whole picture for one invite's report; `allDay` labels the invite's row as all-day
    /// rather than `00:00-00:00`.
    package func render(title: String, report: NearbyReport, allDay: Bool = false) -> [String] {
        let timed = report.entries.filter { !$0.occurrence.isAllDay }
        let allDayEntries = report.entries.filter { $0.occurrence.isAllDay }
        let shown = Array(timed.prefix(maximumRows))
        let text = TimelineText(charset: charset)
        let wide = width >= 64
        let labelWidth = min(
            max(([title] + shown.map { Printable.title($0.occurrence.title) }).map(text.width).max() ?? 6, 6),
            TimelineRenderer.labelWidth(for: width))
        let drawn = TimelineRenderer.drawnStretch(of: report.window, invite: report.invite)
        let scale = TimelineScale(
            window: drawn, columns: width - labelWidth - 1 - TimelineRenderer.timesWidth(for: width))

        var lines: [String] = []
        if drawn != report.window {
            lines.append(
                text.fit("drawn: " + time.span(start: drawn.start, end: drawn.end) + " of a longer window", width))
        }
        if !allDayEntries.isEmpty {
            let names = allDayEntries.map {
                text.label(Printable.title($0.occurrence.title))
                    + ($0.free ? " (free)" : $0.conflict ? " (conflict)" : "")
            }
            lines.append(text.fit("all day: " + names.joined(separator: ", "), width))
        }
        let (labels, ticks) = scale.ruler(time: time)
        let blank = String(repeating: " ", count: labelWidth + 1)
        lines.append(TimelineText.trimRight(blank + labels))
        lines.append(TimelineText.trimRight(blank + ticks))
        lines.append(
            row(
                label: text.pad("invite", labelWidth),
                cells: cells(report.invite, scale: scale, kind: .invite, invite: report.invite),
                times: allDay ? "all day" : span(report.invite), note: nil))
        for entry in shown {
            let occurrence = entry.occurrence
            let interval = DateInterval(start: occurrence.start, end: max(occurrence.end, occurrence.start))
            let kind: Mark = entry.free ? .free : entry.conflict ? .overlap : .busy
            let overlap = entry.conflict ? DurationParser.format(entry.overlap) : nil
            let note = overlap ?? (entry.free ? "free" : nil)
            lines.append(
                row(
                    label: text.pad(Printable.title(occurrence.title), labelWidth),
                    cells: cells(interval, scale: scale, kind: kind, invite: report.invite),
                    times: occurrence.isAllDay ? "all day" : span(interval), note: wide ? note : nil))
            // Below 64 columns the note has no room beside the times: how long the overlap is
            // (which no mark says) goes on a line of its own under them; `free` the dots say.
            if !wide, let overlap {
                lines.append(TimelineRenderer.underTimes(overlap, labelWidth: labelWidth, scale: scale))
            }
        }
        if timed.count > shown.count {
            lines.append(blank + "+\(timed.count - shown.count) more")
        }
        if width >= 72 {
            lines.append("[===] invite  XXX overlap  --- nearby  ... free  < > runs past the window")
        } else {
            lines.append("[==] invite  XX overlap  -- nearby")
            lines.append(".. free  < > runs past the window")
        }
        return lines
    }

    // MARK: Geometry

    /// The part of `window` the timeline draws: all of it when it is at most ``longestStretch``
    /// long, else that long, starting at most half of it before the invite does and never past
    /// the window's end.
    static func drawnStretch(of window: DateInterval, invite: DateInterval) -> DateInterval {
        guard window.duration > longestStretch else { return window }
        let early = max(window.start, invite.start.addingTimeInterval(-longestStretch / 2))
        let start = min(early, window.end.addingTimeInterval(-longestStretch))
        return DateInterval(start: start, duration: longestStretch)
    }

    /// The columns the titles of the rows take: more on a wider terminal, so a wide one does
    /// not cut titles that fit; at 40 a title keeps eleven cells and its ellipsis.
    static func labelWidth(for width: Int) -> Int {
        width >= 160 ? 32 : width >= 100 ? 24 : width >= 64 ? 16 : 12
    }

    /// The columns after the track: the times (`08:30-09:30`) and, from 64 columns, a note (`1h`,
    /// `free`, a handle). Narrower lines keep the times, which a track of a few columns cannot
    /// say, and put the note that matters under them (``underTimes(_:labelWidth:scale:)``).
    static func timesWidth(for width: Int) -> Int {
        width >= 64 ? 18 : 12
    }

    private func cells(_ interval: DateInterval, scale: TimelineScale, kind: Mark, invite: DateInterval) -> [Character]
    {
        var row = [Character](repeating: " ", count: scale.columns)
        let startsBefore = interval.start < scale.window.start
        let endsAfter = interval.end > scale.window.end
        var first = max(scale.column(interval.start), 0)
        var last = min(scale.column(interval.end) - 1, scale.columns - 1)
        if interval.duration == 0 {
            row[min(first, scale.columns - 1)] = Mark.instant.rawValue
            return row
        }
        first = min(first, scale.columns - 1)
        last = max(last, first)
        for column in first...last {
            var mark = kind
            if kind == .overlap {
                let cellStart = scale.window.start.addingTimeInterval(
                    Double(column) / Double(scale.columns) * scale.window.duration)
                let cellEnd = scale.window.start.addingTimeInterval(
                    Double(column + 1) / Double(scale.columns) * scale.window.duration)
                let touches = cellStart < invite.end && cellEnd > invite.start
                mark = touches ? .overlap : .busy
            }
            row[column] = mark.rawValue
        }
        // Brackets mark the ends, but never hide an overlap: a short conflict keeps its X.
        if last > first || kind == .invite {
            let inner = last - first > 1 && row[(first + 1)..<last].contains(Mark.overlap.rawValue)
            if startsBefore || inner || row[first] != Mark.overlap.rawValue {
                row[first] = startsBefore ? Mark.before.rawValue : Mark.edgeOpen.rawValue
            }
            if endsAfter || inner || row[last] != Mark.overlap.rawValue {
                row[last] = endsAfter ? Mark.after.rawValue : Mark.edgeClose.rawValue
            }
        } else if startsBefore || endsAfter {
            row[first] = startsBefore ? Mark.before.rawValue : Mark.after.rawValue
        }
        return row
    }

    /// A note on a line of its own, starting in the column of the times above it: what a row
    /// below 64 columns has no room for.
    static func underTimes(_ note: String, labelWidth: Int, scale: TimelineScale) -> String {
        String(repeating: " ", count: labelWidth + 1 + scale.columns + 1) + note
    }

    /// A row: its label already padded, its cells, its times and note.
    private func row(label: String, cells: [Character], times: String, note: String?) -> String {
        TimelineText.trimRight(
            label + " " + TimelineText.paint(cells, color: color) + " " + times + (note.map { " " + $0 } ?? ""))
    }

    private func span(_ interval: DateInterval) -> String {
        "\(time.clock(interval.start))-\(time.clock(interval.end))"
    }
}
