import Foundation
import InvitesKit

/// `invites list [--all | --status S]`: the inbox, the last changed first.
enum ListCommand {
    static let spec = OptionSpec(values: ["--status"], flags: ["--all", "--handles"])

    static func run(_ context: CommandContext) throws -> ExitCode {
        var statuses: Set<InviteStatus>? = context.arguments.has("--all") ? nil : [.pending]
        if let chosen: Set<InviteStatus> = try context.choices("--status", command: "list") { statuses = chosen }
        let rows = try context.listController().list(statuses: statuses)
        if context.settings.json {
            let zone = context.settings.zone.value.timeZone
            try context.printJSON(JSONOutput.ListBody(invites: rows.map { JSONOutput.Invite($0, zone: zone) }))
            return .success
        }
        if context.arguments.has("--handles") {
            for row in rows { context.print(row.stored.handle) }
            return .success
        }
        guard !rows.isEmpty else {
            context.print(statuses == [.pending] ? "No pending invites." : "No invites.")
            return .success
        }
        let columns = HandleColumns(handles: rows.map(\.stored.handle))
        for row in rows {
            let stored = row.stored
            let invite = stored.invite
            // An invitation nobody answered whose last occurrence is over shows as past: it is
            // no longer pending, only listed by --all.
            let state = stored.state == .pending && row.isOver ? "past" : stored.state.rawValue
            // An ongoing series by its next occurrence, said to be the next: its first date may
            // lie years back.
            var when = context.time.span(start: invite.start, end: invite.end, dates: invite.dates)
            if let next = row.next, next.start != invite.start {
                when = "next " + context.time.span(start: next.start, end: next.end, dates: next.dates)
            }
            var line =
                columns.prefix(stored.handle, state) + when
                + (row.outline.summary(zone: context.settings.zone.value.timeZone).map { ", " + $0 } ?? "") + "  "
                + Printable.title(invite.title)
            if let organizer = invite.organizer?.display, !organizer.isEmpty {
                line += "  (\(Printable.sanitize(organizer)))"
            }
            if let summary = stored.instanceSummary { line += "  [\(summary)]" }
            context.print(line)
        }
        return .success
    }
}
