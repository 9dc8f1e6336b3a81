import Foundation
import InvitesKit

/// The human output of `show`: the invite's details, then the nearby events with their conflicts.
struct ShowFormatter {
    /// Where the values of the details start, after `  when       `.
    static let valueColumn = 13

    var time: HumanTime
    var width: Int
    var color: Bool
    /// `--attendees`: each attendee with their answer, besides the counts.
    var attendees = false
    var me = MyAddresses([])

    func lines(_ show: ShowReport) -> [String] {
        let stored = show.stored
        let report = show.shown
        let invite = stored.invite
        // Titles, places and names are a stranger's text of any length: each line of the
        // details is wrapped to the width under its value, counting the columns a terminal
        // gives each character.
        var lines: [String] = []
        func add(_ text: String, indent: Int = 0) {
            lines += DisplayWidth.wrap(text, to: width, indent: indent)
        }
        func detail(_ label: String, _ value: String) {
            add(
                "  " + label.padding(toLength: ShowFormatter.valueColumn - 2, withPad: " ", startingAt: 0) + value,
                indent: ShowFormatter.valueColumn)
        }
        add(Printable.title(invite.title))
        // An ongoing series by its next occurrence (the first of those checked, which start
        // from now), said to be the next, with its first date below.
        let first = time.span(start: invite.start, end: invite.end, dates: invite.dates)
        if let next = show.occurrences.first.map({ span($0.nearby.invite, allDay: invite.dates != nil) }),
            next != first, (show.occurrences.first?.nearby.invite.start ?? .distantPast) > invite.start
        {
            detail("when", "next " + next)
            detail("first", first)
        } else {
            detail("when", first)
        }
        if let tzid = invite.timeZone, invite.dates == nil {
            if let zone = DisplayZone(tzid: tzid) {
                let theirs = HumanTime(zone: zone)
                if theirs.span(start: invite.start, end: invite.end) != time.span(start: invite.start, end: invite.end)
                {
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
        let details = DetailsFormatter(width: width, time: time, listAttendees: attendees)
        lines += details.meeting(show, me: me)
        detail("answer", stored.state.rawValue)
        if let answered = show.answered, !show.changes.isEmpty {
            let changes = show.changes.map { change in
                switch change {
                case .title(let was): return "title was \"" + Printable.sanitize(was) + "\""
                case .time(let start, let end): return "time was " + time.span(start: start, end: end)
                }
            }
            detail("changed", "since you answered (\(answered.action.rawValue)): " + changes.joined(separator: "; "))
        }
        detail("handle", stored.handle)
        lines += details.notes(show)
        add("")
        if !show.occurrences.isEmpty {
            add("Recurring: conflicts with \(show.conflicting) of the next \(show.occurrences.count) occurrences")
            for occurrence in show.occurrences {
                let nearby = occurrence.nearby
                let names = nearby.entries.filter(\.conflict).map { Printable.title($0.occurrence.title) }
                let mark = names.isEmpty ? "free" : "conflicts with " + names.joined(separator: ", ")
                var state = occurrence.state.rawValue
                if occurrence.moved, let original = occurrence.original {
                    state = "moved from " + time.clock(original) + ", " + state
                }
                add("  " + span(nearby.invite, allDay: invite.dates != nil) + "  " + state + "  " + mark, indent: 4)
            }
            add("Shown: " + span(report.invite, allDay: invite.dates != nil))
            add("")
        }
        let conflicts = report.conflicts
        add(
            "\(conflicts) conflict\(conflicts == 1 ? "" : "s"), \(report.nearbyOnly) nearby, "
                + (invite.dates != nil ? "all day, " : "") + "window "
                + time.stretch(start: report.window.start, end: report.window.end))
        add("")
        lines += TimelineRenderer(time: time, width: width, color: color).render(
            title: invite.title, report: report, allDay: invite.dates != nil)
        return lines
    }

    /// One occurrence's time; an all-day one by its dates in the display zone, where it covers
    /// them from midnight to midnight.
    private func span(_ interval: DateInterval, allDay: Bool) -> String {
        guard allDay else { return time.span(start: interval.start, end: interval.end) }
        let dates = Occurrence.AllDayDates(
            first: LocalDate(interval.start, in: time.zone.timeZone),
            endExclusive: LocalDate(interval.end, in: time.zone.timeZone))
        return time.span(start: interval.start, end: interval.end, dates: dates)
    }
}
