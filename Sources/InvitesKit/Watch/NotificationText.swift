import Foundation
import InvitesFormats

/// What a notification says about a ``WatchEvent``, in the user's zone, every stranger's word
/// made printable: the summary is the title (`cancelled: Title`, `changed: Title`), the body
/// the time, the organizer, who delegated it to you and what it collides with, one per line. The same words go into the
/// `notify_command`'s environment.
///
/// Each is bounded, since a notification is a glance and a stranger's title may be 10,000
/// characters: the summary and every line of the body at most ``longest`` terminal cells, each
/// conflict's title at most ``longestConflictTitle``, cut with "…" (``fitted(_:)``).
package struct NotificationText: Sendable, Equatable {
    package var summary: String
    package var body: String
    /// `Tue 14 Dec 2026 10:00-11:00 CET`.
    package var time: String
    /// `conflicts with Dentist 10:00–11:00, Standup 10:30–10:45`, or empty.
    package var conflicts: String

    /// How many conflicts are named before "and N more": a notification is a glance.
    static let namedConflicts = 3

    /// The most terminal cells of the summary, and of each line of the body.
    package static let longest = 200

    /// The most terminal cells of one conflict's title, so that three fit on a line.
    static let longestConflictTitle = 48

    /// Text for a notification: each of its lines cut to ``longest`` cells (or `cells`), with
    /// "…" where anything was cut. The text must have been made printable first.
    package static func fitted(_ text: String, cells: Int = longest) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map {
            DisplayWidth.fit(String($0), to: cells, ellipsis: "…")
        }.joined(separator: "\n")
    }

    /// The text of `event` in `zone`; a nudge says when it starts from `now` (`in 1 hour:
    /// Title`).
    package init(_ event: WatchEvent, zone: DisplayZone, now: Date) {
        let human = HumanTime(zone: zone)
        let title = Printable.title(event.title)
        switch event.kind {
        case .new: summary = NotificationText.fitted(title)
        case .changed: summary = NotificationText.fitted("changed: " + title)
        case .cancelled: summary = NotificationText.fitted("cancelled: " + title)
        case .nudge:
            summary = NotificationText.fitted(Nudge.startsIn(event.start.timeIntervalSince(now)) + ": " + title)
        }
        time = human.span(start: event.start, end: event.end, dates: event.dates)
        var parts = event.conflicts.prefix(NotificationText.namedConflicts).map { conflict in
            NotificationText.fitted(Printable.title(conflict.title), cells: NotificationText.longestConflictTitle) + " "
                + human.stretch(start: conflict.start, end: conflict.end)
                .replacingOccurrences(of: "-", with: "–")
        }
        if event.conflicts.count > NotificationText.namedConflicts {
            parts.append("\(event.conflicts.count - NotificationText.namedConflicts) more")
        }
        conflicts =
            parts.isEmpty || event.kind == .cancelled
            ? "" : NotificationText.fitted("conflicts with " + parts.joined(separator: ", "))
        var lines = [time]
        if let organizer = event.organizer {
            lines.append(NotificationText.fitted("from " + Printable.sanitize(organizer)))
        }
        if let by = event.delegatedBy {
            lines.append(NotificationText.fitted("delegated to you by " + Printable.sanitize(by)))
        }
        if !conflicts.isEmpty { lines.append(conflicts) }
        body = lines.joined(separator: "\n")
    }
}
