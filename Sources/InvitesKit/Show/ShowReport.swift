import Foundation
import InvitesModel

/// Everything `show` and `check` tell about one invitation, decided here and only rendered by
/// the command line: the invitation, its occurrences with their states and conflicts, the
/// occurrence to draw, and what changed since you answered.
package struct ShowReport: Sendable {
    /// One of the invitation's own occurrences, checked against your calendars.
    package struct CheckedOccurrence: Sendable {
        /// The occurrence's original start (``RecurrenceKey``), what `--occurrence` takes.
        package var key: String
        /// Cancelled by the organizer, else your answer to it (its own or the series').
        package var state: InviteStatus
        /// Whether the organizer put it at another time than the rule gives it.
        package var moved: Bool
        /// Its original start, when it recurs.
        package var original: Date?
        package var nearby: NearbyReport
    }

    /// What the organizer changed since your last answer to the series.
    package enum Change: Sendable, Hashable {
        case title(was: String)
        case time(wasStart: Date, wasEnd: Date)
    }

    package var stored: StoredInvite
    /// One per occurrence checked, in time order; empty for a one-off invite.
    package var occurrences: [CheckedOccurrence]
    /// The stretch drawn: the first occurrence that conflicts, else the first.
    package var shown: NearbyReport
    package var warnings: [CalendarWarning]
    /// Your last answer to the series, and what changed since.
    package var answered: HistoryEntry?
    package var changes: [Change]
    /// The description, the join link, the other attendees' answers, how it repeats.
    package var details: InvitationDetails
    /// Your latest proposal of a new time, if you made one.
    package var proposal: HistoryEntry?
    /// The organizer's refusal of it (or of a proposal made elsewhere), when they sent one since.
    package var proposalDeclined: HistoryEntry?
    /// Why accepting it will be refused: the calendar it would go to holds something of yours
    /// or of another organizer under its UID (``CalendarClaim``).
    package var collision: CalendarError?
    /// The delegate of each component you delegated and have not answered since (`nil` is the
    /// series; ``Delegation``).
    package var delegates: [String?: String] = [:]
    /// For a task, the series' standing report of progress (``TaskProgress``), if any.
    package var report: TaskReport?
    /// What each of those delegates answered, when their REPLY reached you
    /// (``DelegateReply/news(in:)``).
    package var delegateNews: [String?: String] = [:]

    /// Every conflict over all occurrences checked (the one-off's own, for a one-off).
    package var conflicts: Int {
        occurrences.isEmpty ? shown.conflicts : occurrences.reduce(0) { $0 + $1.nearby.conflicts }
    }

    /// How many of the occurrences checked conflict.
    package var conflicting: Int { occurrences.filter { $0.nearby.conflicts > 0 }.count }

    /// The names of everything that collides, each once, in the order met.
    package var collisions: [String] {
        var names: [String] = []
        let entries = occurrences.isEmpty ? shown.entries : occurrences.flatMap(\.nearby.entries)
        for entry in entries where entry.conflict && !names.contains(entry.occurrence.title) {
            names.append(entry.occurrence.title)
        }
        return names
    }
}
