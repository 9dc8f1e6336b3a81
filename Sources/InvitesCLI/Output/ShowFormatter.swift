import Foundation
import InvitesFormats
import InvitesKit
import InvitesModel

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
    /// The locale's charset, for the timeline's labels.
    var charset = TerminalCharset.ascii

    /// The parts of what `show` prints, for `review` to fit a short terminal: what must stay on
    /// the screen, what folds, and what may be paged.
    struct Sections {
        /// The title, the time (and the organizer's zone), the place and the organizer.
        var head: [String] = []
        /// The head in the fewest rows, for a pane too short for it: the title, the time, the
        /// place, the organizer (and a warning) each cut to one line; the rest goes to
        /// ``headRest``.
        var compactHead: [String] = []
        /// What ``compactHead`` leaves out (the first date of a series, the organizer's zone),
        /// whole, to be paged.
        var headRest: [String] = []
        /// The join link, the repetition, the answers, your answer, what changed, the handle.
        var details: [String] = []
        /// The first lines of the description.
        var notes: [String] = []
        /// A series' occurrences with their states and conflicts, and which one is drawn.
        var occurrences: [String] = []
        /// The conflicts in one line, and the timeline.
        var timeline: [String] = []

        /// Everything, in the order `show` prints it.
        var all: [String] { head + details + notes + [""] + occurrences + timeline }
    }

    func lines(_ show: ShowReport) -> [String] {
        sections(show).all
    }

    func sections(_ show: ShowReport) -> Sections {
        let stored = show.stored
        let report = show.shown
        let invite = stored.invite
        var sections = Sections()
        // Titles, places and names are a stranger's text of any length: each line of the
        // details is wrapped to the width under its value, counting the columns a terminal
        // gives each character.
        func wrap(_ text: String, indent: Int = 0) -> [String] {
            DisplayWidth.wrap(text, to: width, indent: indent)
        }
        func detail(_ label: String, _ value: String) -> [String] {
            wrap(
                "  " + label.padding(toLength: ShowFormatter.valueColumn - 2, withPad: " ", startingAt: 0) + value,
                indent: ShowFormatter.valueColumn)
        }
        // A line of the head: wrapped in it; in the compact head one line, its label one blank
        // before its value (the time with none: it needs every cell of 40 columns), cut where
        // it does not fit; or left to be paged (`kept` false).
        func head(_ label: String, _ value: String, kept: Bool = true) {
            let lines = detail(label, value)
            sections.head += lines
            if kept {
                sections.compactHead.append(
                    DisplayWidth.fit("  " + (label == "when" ? "" : label + " ") + value, to: width))
            } else {
                sections.headRest += lines
            }
        }
        sections.head += wrap(Printable.title(invite.title))
        sections.compactHead.append(DisplayWidth.fit(Printable.title(invite.title), to: width))
        // An ongoing series by its next occurrence (the first of those checked, which start
        // from now), said to be the next, with its first date below.
        let first = time.span(start: invite.start, end: invite.end, dates: invite.dates)
        let task = invite.source == .push ? nil : invite.properties?.task
        if let task {
            // A task is due, not held: its DUE, how urgent, how far along, as the organizer sent them.
            for (index, line) in TaskWords.details(task, time: time).enumerated() {
                head(line.label, line.value, kept: index == 0)
            }
        } else if let next = show.occurrences.first.map({ span($0.nearby.invite, allDay: invite.dates != nil) }),
            next != first, (show.occurrences.first?.nearby.invite.start ?? .distantPast) > invite.start
        {
            head("when", "next " + next)
            head("first", first, kept: false)
        } else {
            head("when", first)
        }
        if task == nil, let tzid = invite.timeZone, invite.dates == nil {
            if let zone = DisplayZone(tzid: tzid) {
                let theirs = HumanTime(zone: zone)
                if theirs.span(start: invite.start, end: invite.end) != time.span(start: invite.start, end: invite.end)
                {
                    head(
                        "for them", theirs.span(start: invite.start, end: invite.end) + " (" + zone.identifier + ")",
                        kept: false)
                }
            } else {
                head("their zone", Printable.sanitize(tzid) + " (unknown here)", kept: false)
            }
        }
        if let location = invite.location { head("where", Printable.sanitize(location)) }
        if let organizer = invite.organizer?.display, !organizer.isEmpty {
            head("organizer", Printable.sanitize(organizer))
        }
        if let note = invite.origin?.note(for: invite.organizer) {
            head("mail", Printable.sanitize(note))
        }
        if let collision = show.collision {
            head("warning", Printable.sanitize(collision.description) + "; accept refuses")
        }
        let details = DetailsFormatter(width: width, time: time, listAttendees: attendees)
        sections.details += details.meeting(show, me: me)
        let seriesDelegate = stored.state == .declined ? show.delegates[stored.invite.recurrenceID] : nil
        sections.details += detail(
            "answer",
            seriesDelegate.map { DelegateWords.standing($0, news: show.delegateNews[stored.invite.recurrenceID]) }
                ?? show.report.map { stored.state.rawValue + ", " + TaskWords.report($0) } ?? stored.state.rawValue)
        for (key, delegate) in show.delegates.sorted(by: { ($0.key ?? "") < ($1.key ?? "") })
        where key != stored.invite.recurrenceID && key.flatMap({ stored.instance($0)?.answer }) == .declined {
            let instant = key.flatMap(RecurrenceKey.instant(of:))
            let when = instant.map { time.day($0) + " " + time.clock($0) } ?? Printable.sanitize(key ?? "")
            sections.details += detail(
                "delegated",
                "the occurrence " + when + " to " + Printable.sanitize(delegate)
                    + (show.delegateNews[key].map { ", who " + $0 } ?? ""))
        }
        if let answered = show.answered, !show.changes.isEmpty {
            let changes = show.changes.map { change in
                switch change {
                case .title(let was): return "title was \"" + Printable.title(was) + "\""
                case .time(let start, let end):
                    // A task's time is when it is due: its end, or none (the end kept for "never").
                    guard task != nil else { return "time was " + time.span(start: start, end: end) }
                    return end.timeIntervalSince1970 >= StorableTime.seconds.upperBound - 1
                        ? "there was no due date" : "due was " + time.day(end) + " " + time.clock(end)
                }
            }
            sections.details += detail(
                "changed", "since you answered (\(answered.action.rawValue)): " + changes.joined(separator: "; "))
        }
        sections.details += detail("handle", stored.handle)
        if let item = stored.foundIn {
            sections.details += detail(
                "calendar",
                (item.gone ? "was in " : "in ") + Printable.sanitize(item.path)
                    + (item.gone ? " (gone since: deleted there, or by your server)" : " (put there by your server)"))
        }
        sections.notes = details.notes(show)
        if !show.occurrences.isEmpty {
            sections.occurrences += wrap(
                task == nil
                    ? "Recurring: conflicts with \(show.conflicting) of the next \(show.occurrences.count) occurrences"
                    : "Recurring: the next \(show.occurrences.count) occurrences")
            for occurrence in show.occurrences {
                let nearby = occurrence.nearby
                let names = nearby.entries.filter(\.conflict).map { Printable.title($0.occurrence.title) }
                let mark = task != nil ? "" : names.isEmpty ? "free" : "conflicts with " + names.joined(separator: ", ")
                var state = occurrence.state.rawValue
                if occurrence.state == .declined, let delegate = show.delegates[occurrence.key] {
                    state = DelegateWords.standing(delegate, news: show.delegateNews[occurrence.key])
                }
                if occurrence.moved, let original = occurrence.original {
                    state = "moved from " + time.clock(original) + ", " + state
                }
                // A task's occurrence by when it is due, where a meeting's by when it holds you.
                let when =
                    task.map { "due " + TaskWords.occurrenceDue($0, invite: invite, at: nearby.invite, time: time) }
                    ?? span(nearby.invite, allDay: invite.dates != nil)
                sections.occurrences += wrap("  " + when + "  " + state + (mark.isEmpty ? "" : "  " + mark), indent: 4)
            }
            if task == nil {
                sections.occurrences += wrap("Shown: " + span(report.invite, allDay: invite.dates != nil))
            }
            sections.occurrences.append("")
        }
        if task != nil {
            // A task holds no time in your calendar: nothing collides with it, and no timeline is drawn.
            sections.timeline += wrap("A task takes no time in your calendar: nothing collides with it")
            return sections
        }
        let conflicts = report.conflicts
        sections.timeline += wrap(
            "\(conflicts) conflict\(conflicts == 1 ? "" : "s"), \(report.nearbyOnly) nearby, "
                + (invite.dates != nil ? "all day, " : "") + "window "
                + time.stretch(start: report.window.start, end: report.window.end))
        sections.timeline.append("")
        sections.timeline += TimelineRenderer(time: time, width: width, color: color, charset: charset).render(
            title: invite.title, report: report, allDay: invite.dates != nil)
        return sections
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
