import InvitesKit

/// `invites status`: one short line for status bars; nothing when nothing is pending. Pending is
/// what `list` shows by default: waiting for an answer and not over, announcements left out.
enum StatusCommand {
    static let spec = OptionSpec(values: ["--format"])

    static func run(_ context: CommandContext) throws -> ExitCode {
        let count = try context.listController().pendingCount()
        if context.settings.json {
            try context.printJSON(JSONOutput.StatusBody(pending: count))
        } else if count > 0 {
            let format = context.arguments.value("--format") ?? "%n pending"
            context.print(Printable.sanitize(format.replacing("%n", with: String(count))))
        }
        return .success
    }
}
