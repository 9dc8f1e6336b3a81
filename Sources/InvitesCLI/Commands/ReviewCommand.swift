import Foundation
import InvitesKit

/// `invites review [HANDLE]`: every pending invitation, the most recently changed first (after
/// the one HANDLE names), answered a key at a time (``ReviewDriver``).
enum ReviewCommand {
    static let spec = OptionSpec(
        values: ["--before", "--after", "--width", "--occurrences"], flags: ["--send", "--no-send", "--attendees"])

    static func run(_ context: CommandContext) throws -> ExitCode {
        guard !context.settings.json else {
            throw UsageError(
                message: "review is interactive and has no JSON; 'invites --json list' lists what waits",
                command: "review")
        }
        if context.arguments.has("--send"), context.arguments.has("--no-send") {
            throw UsageError(message: "--send and --no-send say opposite things; give one", command: "review")
        }
        _ = try ShowCommand.width(context, command: "review")
        // A HANDLE (a desktop notification's `show`) is reviewed first, whatever its state.
        let first = context.arguments.positionals.isEmpty ? nil : try context.resolveInvite(command: "review")
        let pending = try ReviewQueue.pending(try context.home.list())
        guard !pending.isEmpty || first != nil else {
            context.print("Nothing to review: no invitation waits for an answer.")
            return .success
        }
        let policy = policy(context)
        let queue = try context.home.review(
            pending, first: first, policy: policy, working: { try ProposeCommand.working(context) })
        let controller = try ShowCommand.controller(context)
        context.mentionMissingCalendars()
        let keyboard = context.environment.keyboard?() ?? LineKeyboard(data: context.environment.readStandardInput())
        let tally: ReviewDriver.Tally
        do {
            defer { keyboard.restore() }
            tally = try ReviewDriver(context: context, keyboard: keyboard, controller: controller, queue: queue).run()
        }
        if keyboard.singleKeys { context.print() }
        for line in tally.unsaid { context.print(line) }
        var parts = ["\(tally.answered) answered"]
        if tally.commented > 0 { parts.append("\(tally.commented) commented") }
        parts.append("\(tally.left) still pending")
        context.print("Reviewed: " + parts.joined(separator: ", ") + ".")
        return .success
    }

    /// `--send`, `--no-send`, else the `send` setting: how every reply and proposal of the
    /// review is sent.
    private static func policy(_ context: CommandContext) -> SendPolicy {
        SendCommand.override(context).map { $0 ? .always : .never } ?? context.settings.sending.policy.value
    }
}
