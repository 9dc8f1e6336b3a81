import Foundation
import InvitesKit

/// `invites list [--all | --status S]`: the inbox, newest first.
enum ListCommand {
    static let spec = OptionSpec(values: ["--status"], flags: ["--all", "--handles"])

    static func run(_ context: CommandContext) throws -> ExitCode {
        var statuses: Set<InviteStatus>? = context.arguments.has("--all") ? nil : [.pending]
        if let chosen: Set<InviteStatus> = try context.choices("--status", command: "list") { statuses = chosen }
        let invites = try context.openStore().list(statuses: statuses)
        if context.arguments.has("--handles") {
            for stored in invites { context.print(stored.handle) }
            return .success
        }
        if context.settings.json {
            try context.printJSON(["invites": invites.map(JSONOutput.Invite.init)])
            return .success
        }
        guard !invites.isEmpty else {
            context.print(statuses == [.pending] ? "No pending invites." : "No invites.")
            return .success
        }
        let columns = HandleColumns(handles: invites.map(\.handle))
        for stored in invites {
            let invite = stored.invite
            var line =
                columns.prefix(stored.handle, stored.status.rawValue)
                + context.time.span(start: invite.start, end: invite.end, dates: invite.dates) + "  "
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
