import Foundation
import InvitesFormats
import InvitesKit
import InvitesModel

/// How a task invitation (a VTODO) is told apart in `list` and `show`: by the word "task" and
/// its due date rather than a meeting's span of time, since a task takes none.
enum TaskWords {
    /// When a task is due, in the display zone: a date for `DUE;VALUE=DATE`, else a day and a
    /// clock; "no due date" for a task without one.
    static func due(_ task: TaskFacts, time: HumanTime) -> String {
        if let day = task.dueDay.flatMap({ LocalDate(iso: $0) }) {
            return time.day(day.midnight(in: time.zone.timeZone))
        }
        guard let due = task.due else { return "no due date" }
        return time.day(due) + " " + time.clock(due)
    }

    /// What `list` shows where a meeting's time goes: `task, due …`, or `task, next due …` for
    /// a series under way by its next occurrence.
    static func listed(_ task: TaskFacts, invite: Invite, next: Occurrence?, time: HumanTime) -> String {
        guard let next, next.start != invite.start, task.due != nil else {
            return "task, " + (task.due == nil ? "" : "due ") + due(task, time: time)
        }
        return "task, next due "
            + occurrenceDue(task, invite: invite, at: DateInterval(start: next.start, end: next.end), time: time)
    }

    /// When an occurrence of a task series is due: where the first's DUE falls, at its end, or
    /// at its start for a task with no DTSTART.
    static func occurrenceDue(_ task: TaskFacts, invite: Invite, at occurrence: DateInterval, time: HumanTime)
        -> String
    {
        guard let due = task.due else { return due(task, time: time) }
        let shiftedDue = due == invite.end ? occurrence.end : occurrence.start
        var shifted = task
        shifted.due = shiftedDue
        shifted.dueDay = task.dueDay == nil ? nil : LocalDate(shiftedDue, in: time.zone.timeZone).description
        return TaskWords.due(shifted, time: time)
    }

    /// Your report on a task in words: `40% done`, or `done`.
    static func report(_ report: TaskReport) -> String {
        report.action == .completed ? "done" : "\(report.percent)% done"
    }

    /// The lines of `show` a task has and a meeting has not: due, priority, progress, status.
    static func details(_ task: TaskFacts, time: HumanTime) -> [(label: String, value: String)] {
        var lines: [(label: String, value: String)] = [("due", due(task, time: time))]
        if let priority = task.priority { lines.append(("priority", TaskFacts.priorityWords(priority))) }
        if let percent = task.percent { lines.append(("progress", "\(percent)% done")) }
        if let status = task.status { lines.append(("status", Printable.sanitize(status.lowercased()))) }
        return lines
    }
}
