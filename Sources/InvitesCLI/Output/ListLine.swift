import Foundation
import InvitesFormats
import InvitesKit
import InvitesModel

/// The line `list` gives an invitation: its handle and state in their columns, when, how it
/// repeats, its title and organizer, and what else is worth a glance (delegated to you, the
/// instances it holds, found in your calendar).
enum ListLine {
    /// The handle and state columns (`prefix`, under which a wrapped line is indented), and the
    /// whole line, which begins with them.
    static func make(
        _ row: ListController.Row, columns: HandleColumns, time: HumanTime, display: DisplayZone, me: MyAddresses
    ) -> (prefix: String, line: String) {
        let stored = row.stored
        let invite = stored.invite
        // An invitation nobody answered whose last occurrence is over shows as past: it is
        // no longer pending, only listed by --all and --status past.
        let state = row.isPast ? "past" : stored.state.rawValue
        let prefix = columns.prefix(stored.handle, state)
        // An ongoing series by its next occurrence, said to be the next: its first date may
        // lie years back.
        var when = time.span(start: invite.start, end: invite.end, dates: invite.dates)
        if let next = row.next, next.start != invite.start {
            when = "next " + time.span(start: next.start, end: next.end, dates: next.dates)
        }
        // A task takes no time: it is listed by the word and its due date.
        if let task = invite.properties?.task {
            when = TaskWords.listed(task, invite: invite, next: row.next, time: time)
        }
        let repeats = row.outline.summary(zone: display.timeZone, allDay: invite.dates != nil).map { ", " + $0 } ?? ""
        var line = prefix + when + repeats + "  " + Printable.title(invite.title)
        if let organizer = invite.organizer?.display, !organizer.isEmpty {
            line += "  (\(Printable.sanitize(organizer)))"
        }
        if invite.source != .push, let by = invite.properties?.delegator(of: invite.attendees, me: me) {
            line += "  [delegated to you by \(Printable.sanitize(by))]"
        }
        if let report = row.report { line += "  [\(TaskWords.report(report))]" }
        if let summary = stored.instanceSummary { line += "  [\(summary)]" }
        for (key, delegate) in row.delegates.sorted(by: { ($0.key ?? "") < ($1.key ?? "") }) {
            let series = key == invite.recurrenceID
            guard (series ? stored.status : key.flatMap { stored.instance($0)?.answer }) == .declined else {
                continue
            }
            line +=
                "  [\(series ? "" : "an occurrence ")" + DelegateWords.standing(delegate, news: row.delegateNews[key])
                + "]"
        }
        if let item = stored.foundIn { line += item.gone ? "  [gone from your calendar]" : "  [in your calendar]" }
        return (prefix, line)
    }
}
