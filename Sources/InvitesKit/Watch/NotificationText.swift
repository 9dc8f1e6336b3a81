import Foundation

/// What a notification says about a ``WatchEvent``, in the user's zone, every stranger's word
/// made printable: the summary is the title (`cancelled: Title`, `changed: Title`), the body
/// the time, the organizer and what it collides with, one per line. The same words go into the
/// `notify_command`'s environment.
public struct NotificationText: Sendable, Equatable {
    public var summary: String
    public var body: String
    /// `Tue 14 Dec 2026 10:00-11:00 CET`.
    public var time: String
    /// `conflicts with Dentist 10:00–11:00, Standup 10:30–10:45`, or empty.
    public var conflicts: String

    /// How many conflicts are named before "and N more": a notification is a glance.
    static let namedConflicts = 3

    public init(_ event: WatchEvent, zone: DisplayZone) {
        let human = HumanTime(zone: zone)
        let title = Printable.title(event.title)
        switch event.kind {
        case .new: summary = title
        case .changed: summary = "changed: " + title
        case .cancelled: summary = "cancelled: " + title
        }
        time = human.span(start: event.start, end: event.end, dates: event.dates)
        var parts = event.conflicts.prefix(NotificationText.namedConflicts).map { conflict in
            Printable.title(conflict.title) + " "
                + human.stretch(start: conflict.start, end: conflict.end)
                .replacingOccurrences(of: "-", with: "–")
        }
        if event.conflicts.count > NotificationText.namedConflicts {
            parts.append("\(event.conflicts.count - NotificationText.namedConflicts) more")
        }
        conflicts = parts.isEmpty || event.kind == .cancelled ? "" : "conflicts with " + parts.joined(separator: ", ")
        var lines = [time]
        if let organizer = event.organizer { lines.append("from " + Printable.sanitize(organizer)) }
        if !conflicts.isEmpty { lines.append(conflicts) }
        body = lines.joined(separator: "\n")
    }
}
