import Foundation
import InvitesKit

/// The human output of `show`: the invite's details, then the nearby events with their conflicts.
struct ShowFormatter {
    var time: HumanTime
    var width: Int
    var color: Bool

    func lines(_ stored: StoredInvite, series: ConflictFinder.SeriesReport) -> [String] {
        guard let report = series.shown else { return [] }
        let invite = stored.invite
        var lines: [String] = []
        lines.append(Printable.sanitize(invite.title))
        lines.append("  when       " + time.span(start: invite.start, end: invite.end, dates: invite.dates))
        if let zone = invite.timeZone, zone != time.zone.identifier {
            lines.append("  their zone " + Printable.sanitize(zone))
        }
        if let location = invite.location { lines.append("  where      " + Printable.sanitize(location)) }
        if let organizer = invite.organizer?.display, !organizer.isEmpty {
            lines.append("  organizer  " + Printable.sanitize(organizer))
        }
        lines.append("  answer     " + stored.status.rawValue)
        lines.append("  handle     " + stored.handle)
        lines.append("")
        if series.reports.count > 1 {
            lines.append(
                "Recurring: conflicts with \(series.conflicting) of the next \(series.reports.count) occurrences")
            for occurrence in series.reports {
                let names = occurrence.entries.filter(\.conflict).map { Printable.sanitize($0.occurrence.title) }
                let mark = names.isEmpty ? "free" : "conflicts with " + names.joined(separator: ", ")
                lines.append("  " + time.span(start: occurrence.invite.start, end: occurrence.invite.end) + "  " + mark)
            }
            lines.append("Shown: " + time.span(start: report.invite.start, end: report.invite.end))
            lines.append("")
        }
        let conflicts = report.conflicts
        lines.append(
            "\(conflicts) conflict\(conflicts == 1 ? "" : "s"), \(report.nearbyOnly) nearby, window "
                + "\(time.clock(report.window.start))-\(time.clock(report.window.end))")
        lines.append("")
        lines += TimelineRenderer(time: time, width: width, color: color).render(title: invite.title, report: report)
        return lines
    }
}
