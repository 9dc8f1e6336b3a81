import Foundation
import InvitesFormats
import InvitesKit
import InvitesModel

/// The lines of `show`'s details about the meeting itself: how to join, how it repeats, who
/// else comes, and the first lines of its description.
struct DetailsFormatter {
    /// How many lines of a description are shown; the rest is for `--json` or the mail.
    static let noteLines = 3

    var width: Int
    var time: HumanTime
    /// `--attendees`: every attendee by name with their answer, not only the counts.
    var listAttendees: Bool

    /// `join`, `repeats` and `attendees`, for after the organizer.
    func meeting(_ show: ShowReport, me: MyAddresses) -> [String] {
        let details = show.details
        var lines: [String] = []
        if let join = details.join {
            // Whole, never wrapped or cut: a link split over two lines can be neither clicked nor
            // copied. It was checked to be printable ASCII without spaces (JoinLink).
            lines.append(label("join") + join.provider + ": " + join.url)
        }
        if let by = details.delegatedBy { lines += detail("delegated", "to you by " + Printable.sanitize(by)) }
        if let repeats = details.repeats { lines += detail("repeats", repeats.summary) }
        if let proposed = proposal(show, time: time) { lines += detail("proposed", proposed) }
        let attendees = show.stored.invite.attendees
        if details.answers.total > 0 { lines += detail("attendees", details.answers.summary) }
        if listAttendees {
            let indent = String(repeating: " ", count: ShowFormatter.valueColumn)
            for attendee in attendees {
                let mine = me.contains(attendee.address)
                // Many producers put the address itself in CN; it is said once.
                let name = attendee.name.flatMap { $0.contains("@") || $0.isEmpty ? nil : $0 }
                let who = Invite.Person(name: name, email: attendee.address).display
                let answer = mine ? show.stored.status.rawValue + " (you)" : DetailsFormatter.answer(attendee.partstat)
                lines.append(indent + fit(Printable.sanitize(who) + "  " + answer, to: width - indent.count))
            }
        }
        return lines
    }

    /// The first lines of the description, for after the handle; the last ends in "…" when
    /// there is more.
    func notes(_ show: ShowReport) -> [String] {
        guard let description = show.details.description else { return [] }
        let all = DescriptionText.lines(description)
        let room = width - ShowFormatter.valueColumn
        var lines: [String] = []
        for (index, text) in all.prefix(DetailsFormatter.noteLines).enumerated() {
            let more = index == DetailsFormatter.noteLines - 1 && all.count > DetailsFormatter.noteLines
            let shown = fit(more ? text + " …" : text, to: room)
            lines.append(
                (index == 0 ? label("notes") : String(repeating: " ", count: ShowFormatter.valueColumn)) + shown)
        }
        return lines
    }

    /// `Tue 10 Apr 2018 15:00-16:00 PDT (proposal queued)`, or with the organizer's refusal:
    /// `…: declined by the organizer ("No room then")`.
    private func proposal(_ show: ShowReport, time: HumanTime) -> String? {
        var text: String
        if let proposed = show.proposal {
            let allDay = show.stored.invite.dates != nil
            let dates =
                allDay ? Proposal.dates(of: DateInterval(start: proposed.start, end: proposed.end), in: time.zone) : nil
            text = time.span(start: proposed.start, end: proposed.end, dates: dates)
            if let key = proposed.recurrenceID { text += " for the occurrence " + key }
        } else if show.proposalDeclined != nil {
            text = "a new time"
        } else {
            return nil
        }
        if let declined = show.proposalDeclined {
            text += ": declined by the organizer"
            if let comment = declined.comment { text += " (\"" + Printable.sanitize(comment) + "\")" }
        } else if let proposed = show.proposal {
            text += " (proposal " + proposed.delivery.rawValue + ")"
        }
        return text
    }

    /// `accepted`, `no answer` for NEEDS-ACTION.
    static func answer(_ partstat: String) -> String {
        switch partstat.uppercased() {
        case "NEEDS-ACTION": return "no answer"
        default: return Printable.sanitize(partstat.lowercased())
        }
    }

    private func label(_ name: String) -> String {
        "  " + name.padding(toLength: ShowFormatter.valueColumn - 2, withPad: " ", startingAt: 0)
    }

    private func detail(_ name: String, _ value: String) -> [String] {
        DisplayWidth.wrap(label(name) + value, to: width, indent: ShowFormatter.valueColumn)
    }

    /// Text cut to `columns`, ending in "…" when it does not fit.
    private func fit(_ text: String, to columns: Int) -> String {
        guard DisplayWidth.of(text) > columns else { return text }
        var result = ""
        var used = 0
        for character in text {
            let size = DisplayWidth.of(character)
            if used + size > columns - 1 { break }
            result.append(character)
            used += size
        }
        return result + "…"
    }
}
