import Foundation
import InvitesFormats
import InvitesKit
import InvitesModel

/// `invites list [--all | --status S] [--width N]`: the inbox, the last changed first.
enum ListCommand {
    static let spec = OptionSpec(values: ["--status", "--width"], flags: ["--all", "--handles"])

    /// What `--status` takes: the statuses of the inbox, and `past`, the state `list --all`
    /// shows for an invitation nobody answered that is over.
    static let statusNames = InviteStatus.allCases.map(\.rawValue) + ["past"]

    static func run(_ context: CommandContext) throws -> ExitCode {
        var statuses: Set<InviteStatus>? = context.arguments.has("--all") ? nil : [.pending]
        var past = false
        if let text = context.arguments.value("--status") {
            (statuses, past) = try chosen(text)
        }
        let rows = try context.home.list().list(statuses: statuses, past: past)
        if context.settings.json {
            let display = context.settings.zone.value
            try context.printJSON(JSONOutput.ListBody(invites: rows.map { JSONOutput.Invite($0, display: display) }))
            return .success
        }
        if context.arguments.has("--handles") {
            for row in rows { context.print(row.stored.handle) }
            return .success
        }
        let width = try self.width(context)
        guard !rows.isEmpty else {
            context.print(statuses == [.pending] && !past ? "No pending invites." : "No invites.")
            return .success
        }
        let columns = HandleColumns(handles: rows.map(\.stored.handle))
        for row in rows {
            let (prefix, line) = ListLine.make(
                row, columns: columns, time: context.time, display: context.settings.zone.value,
                me: context.settings.me.value)
            guard let width else {
                context.print(line)
                continue
            }
            // Wrapped under the time, so the handles and states stay a column of their own.
            let indent = DisplayWidth.of(prefix)
            for part in DisplayWidth.wrap(line, to: width, indent: indent, limit: 20) { context.print(part) }
        }
        return .success
    }

    /// `--status pending,past`: the statuses named, and whether `past` is among them.
    private static func chosen(_ text: String) throws -> (Set<InviteStatus>, Bool) {
        var statuses: Set<InviteStatus> = []
        var past = false
        for name in text.split(separator: ",").map(String.init) {
            if name == "past" {
                past = true
            } else if let status = InviteStatus(rawValue: name) {
                statuses.insert(status)
            } else {
                throw UsageError(
                    message: "--status takes \(statusNames.joined(separator: ", ")), not '\(Printable.sanitize(name))'",
                    command: "list")
            }
        }
        return (statuses, past)
    }

    /// The width to wrap at: `--width`, else the terminal's, else `COLUMNS`, as `show` draws;
    /// else none, so that a pipe (grep, awk, a status bar) gets one invitation per line.
    private static func width(_ context: CommandContext) throws -> Int? {
        let columns = context.environment.variables["COLUMNS"].flatMap { Int($0) }
        guard
            context.arguments.value("--width") != nil || context.environment.terminalColumns() != nil
                || (columns ?? 0) >= 40
        else { return nil }
        return try ShowCommand.width(context, command: "list")
    }
}
