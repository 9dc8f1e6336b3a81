import Foundation
import InvitesFormats

/// Where instants fall on a timeline's track of columns, and the ruler above it.
///
/// The track always takes every column it is given: a 19-hour window at 80 columns gets two
/// columns an hour, not one with half the line left blank. The ruler then picks the finest step
/// (15 min, 30 min, 1 h, 2 h, 3 h, …, days) whose labels do not crowd each other, so its labels
/// land on real instants of the display zone (a DST day shows `01 03`) and may sit a column
/// closer or further apart where an hour is not a whole number of columns.
struct TimelineScale: Sendable {
    /// The stretch drawn.
    var window: DateInterval
    /// The columns of the track.
    var columns: Int

    /// The ruler's steps, finest first.
    static let steps: [TimeInterval] = [
        900, 1_800, 3_600, 7_200, 10_800, 14_400, 21_600, 43_200, 86_400, 2 * 86_400, 4 * 86_400, 7 * 86_400,
    ]

    /// The column of an instant; one far outside the window lands just outside the track
    /// (-1 or `columns`), never further, so no conversion can overflow.
    func column(_ date: Date) -> Int {
        let offset = date.timeIntervalSince(window.start) / max(window.duration, 1)
        let column = (offset * Double(columns)).rounded(.down)
        guard column >= -1 else { return -1 }
        guard column <= Double(columns) else { return columns }
        return Int(column)
    }

    /// The instant where a column starts.
    func instant(at column: Int) -> Date {
        window.start.addingTimeInterval(Double(column) / Double(max(columns, 1)) * window.duration)
    }

    /// The finest step whose labels stand at least a label and a space apart on average: four
    /// columns for `09`, seven for `09:30`.
    var step: TimeInterval {
        let perSecond = Double(columns) / max(window.duration, 1)
        return TimelineScale.steps.first { step in
            perSecond * step >= (step < 3_600 ? 7 : 4)
        } ?? TimelineScale.steps[TimelineScale.steps.count - 1]
    }

    /// The ruler's two lines, labels and ticks, each `columns` wide. A tick stands at every
    /// instant whose wall-clock time in the zone is a multiple of the step; its label is the hour
    /// (`09`), the time (`09:30`) for steps under an hour, and at midnight the day (`Tu`), so a
    /// window across midnight says which day each side is.
    func ruler(time: HumanTime) -> (labels: String, ticks: String) {
        var labels = [Character](repeating: " ", count: columns)
        var ticks = [Character](repeating: " ", count: columns)
        let step = self.step
        let quarter: TimeInterval = 900
        // Every zone's offset is a whole number of quarter hours, so walking the quarter hours
        // of UTC meets every wall-clock multiple of the step.
        var instant = Date(timeIntervalSince1970: (window.start.timeIntervalSince1970 / quarter).rounded(.up) * quarter)
        var lastLabelEnd = -1
        while instant < window.end {
            defer { instant.addTimeInterval(quarter) }
            let wall = time.wallClock(instant)
            let minutes = wall.hour * 60 + wall.minute
            let onStep =
                step < 86_400
                ? minutes % Int(step / 60) == 0
                : minutes == 0 && wall.daysSinceEpoch % Int(step / 86_400) == 0
            guard onStep else { continue }
            let text: String
            if minutes == 0 {
                text = String(time.weekday(instant).prefix(2))
            } else if step < 3_600 {
                text = String(format: "%02d:%02d", wall.hour, wall.minute)
            } else {
                text = String(format: "%02d", wall.hour)
            }
            let column = max(column(instant), 0)
            guard column > lastLabelEnd, column + text.count <= columns else { continue }
            for (offset, character) in text.enumerated() { labels[column + offset] = character }
            ticks[column] = "|"
            lastLabelEnd = column + text.count
        }
        return (String(labels), String(ticks))
    }
}
