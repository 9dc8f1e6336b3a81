import InvitesFormats
import InvitesKit

/// `invites status`: one short line for status bars; nothing when nothing is pending. Pending is
/// what `list` shows by default: waiting for an answer and not over, announcements left out.
/// `%d` counts those of them due: starting within the shortest `nudge` threshold (none for
/// `nudge = never`), so that a bar can show "1 due" as `watch` nudges. It is counted only when
/// the format asks for it: `status` runs every few seconds in a bar, and the plain count reads
/// less.
enum StatusCommand {
    static let spec = OptionSpec(values: ["--format"])

    static func run(_ context: CommandContext) throws -> ExitCode {
        let controller = try context.home.list()
        let count = try controller.pendingCount()
        if context.settings.json {
            try context.printJSON(JSONOutput.StatusBody(pending: count))
        } else if count > 0 {
            let format = context.arguments.value("--format") ?? "%n pending"
            var line = format.replacing("%n", with: String(count))
            if format.contains("%d") {
                let due = try context.settings.watching.nudge.value.min().map {
                    try controller.dueCount(within: Double($0))
                }
                line = line.replacing("%d", with: String(due ?? 0))
            }
            context.print(Printable.sanitize(line))
        }
        return .success
    }
}
