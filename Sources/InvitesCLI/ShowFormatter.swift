import Foundation
import InvitesKit

/// The human output of `show`: the invite's details, then the nearby events with their conflicts.
struct ShowFormatter {
    var time: HumanTime

    func lines(_ stored: StoredInvite, report: NearbyReport) -> [String] {
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
        let conflicts = report.conflicts
        let nearby = report.nearbyOnly
        lines.append(
            "\(conflicts) conflict\(conflicts == 1 ? "" : "s"), \(nearby) nearby, window "
                + "\(time.clock(report.window.start))-\(time.clock(report.window.end))")
        for entry in report.entries {
            let occurrence = entry.occurrence
            let when = occurrence.isAllDay
                ? "all day    "
                : "\(time.clock(occurrence.start))-\(time.clock(occurrence.end))"
            var mark = ""
            if entry.conflict {
                mark = "  conflict \(DurationParser.format(entry.overlap))"
            } else if let free = occurrence.free {
                mark = "  free (\(free.rawValue))"
            }
            lines.append("  \(when)  \(Printable.sanitize(occurrence.title))\(mark)")
        }
        return lines
    }
}
