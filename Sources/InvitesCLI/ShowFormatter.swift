import Foundation
import InvitesKit

/// The human output of `show`: the invite's details, then the nearby events with their conflicts.
struct ShowFormatter {
    /// Where the values of the details start, after `  when       `.
    static let valueColumn = 13

    var time: HumanTime
    var width: Int
    var color: Bool

    /// `answered` is the latest answer in the history, to say what changed since.
    func lines(_ stored: StoredInvite, series: ConflictFinder.SeriesReport, answered: HistoryEntry? = nil) -> [String] {
        guard let report = series.shown else { return [] }
        let invite = stored.invite
        // Titles, places and names are a stranger's text of any length: each line of the
        // details is wrapped to the width under its value, counting the columns a terminal
        // gives each character.
        var lines: [String] = []
        func add(_ text: String, indent: Int = 0) {
            lines += DisplayWidth.wrap(text, to: width, indent: indent)
        }
        func detail(_ label: String, _ value: String) {
            add("  " + label.padding(toLength: ShowFormatter.valueColumn - 2, withPad: " ", startingAt: 0) + value,
                indent: ShowFormatter.valueColumn)
        }
        add(Printable.sanitize(invite.title))
        detail("when", time.span(start: invite.start, end: invite.end, dates: invite.dates))
        if let tzid = invite.timeZone, invite.dates == nil {
            if let zone = DisplayZone(tzid: tzid) {
                let theirs = HumanTime(zone: zone)
                if theirs.span(start: invite.start, end: invite.end) != time.span(start: invite.start, end: invite.end) {
                    detail("for them", theirs.span(start: invite.start, end: invite.end) + " (" + zone.identifier + ")")
                }
            } else {
                detail("their zone", Printable.sanitize(tzid) + " (unknown here)")
            }
        }
        if let location = invite.location { detail("where", Printable.sanitize(location)) }
        if let organizer = invite.organizer?.display, !organizer.isEmpty {
            detail("organizer", Printable.sanitize(organizer))
        }
        detail("answer", stored.status.rawValue)
        if let answered, answered.start != invite.start || answered.end != invite.end || answered.title != invite.title {
            var changes: [String] = []
            if answered.title != invite.title { changes.append("title was \"" + Printable.sanitize(answered.title) + "\"") }
            if answered.start != invite.start || answered.end != invite.end {
                changes.append("time was " + time.span(start: answered.start, end: answered.end))
            }
            detail("changed", "since you answered (\(answered.action.rawValue)): " + changes.joined(separator: "; "))
        }
        detail("handle", stored.handle)
        add("")
        if series.reports.count > 1 {
            add("Recurring: conflicts with \(series.conflicting) of the next \(series.reports.count) occurrences")
            for (index, occurrence) in series.reports.enumerated() {
                let names = occurrence.entries.filter(\.conflict).map { Printable.sanitize($0.occurrence.title) }
                let mark = names.isEmpty ? "free" : "conflicts with " + names.joined(separator: ", ")
                var state = ""
                if index < series.occurrences.count {
                    let own = series.occurrences[index]
                    let key = StoredInvite.key(of: own, display: time.zone)
                    state = ShowFormatter.state(of: own, key: key, in: stored).rawValue
                    if stored.instance(key)?.isMoved == true, let original = own.recurrenceID {
                        state = "moved from " + time.clock(original) + ", " + state
                    }
                    state = "  " + state
                }
                add("  " + time.span(start: occurrence.invite.start, end: occurrence.invite.end) + state + "  " + mark, indent: 4)
            }
            add("Shown: " + time.span(start: report.invite.start, end: report.invite.end))
            add("")
        }
        let conflicts = report.conflicts
        add(
            "\(conflicts) conflict\(conflicts == 1 ? "" : "s"), \(report.nearbyOnly) nearby, window "
                + "\(time.clock(report.window.start))-\(time.clock(report.window.end))")
        add("")
        lines += TimelineRenderer(time: time, width: width, color: color).render(title: invite.title, report: report)
        return lines
    }

    /// Where one of the invitation's occurrences stands: cancelled by the organizer, else your
    /// answer to it (its own, or the series').
    static func state(of occurrence: Occurrence, key: String, in stored: StoredInvite) -> InviteStatus {
        if occurrence.free == .cancelled { return .cancelled }
        return stored.answer(for: key)
    }
}
