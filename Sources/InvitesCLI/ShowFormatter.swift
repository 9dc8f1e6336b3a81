import Foundation
import InvitesKit

/// The human output of `show`: the invite's details, then the nearby events with their conflicts.
struct ShowFormatter {
    var time: HumanTime
    var width: Int
    var color: Bool

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
        lines.append(
            "\(conflicts) conflict\(conflicts == 1 ? "" : "s"), \(report.nearbyOnly) nearby, window "
                + "\(time.clock(report.window.start))-\(time.clock(report.window.end))")
        lines.append("")
        lines += TimelineRenderer(time: time, width: width, color: color).render(title: invite.title, report: report)
        return lines
    }
}
