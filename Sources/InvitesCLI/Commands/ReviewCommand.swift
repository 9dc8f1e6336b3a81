import Foundation
import InvitesKit

/// `invites review`: every pending invitation, the most recently changed first, answered a key
/// at a time (``ReviewDriver``).
enum ReviewCommand {
    static let spec = OptionSpec(
        values: ["--before", "--after", "--width", "--occurrences"], flags: ["--send", "--no-send", "--attendees"])

    static func run(_ context: CommandContext) throws -> ExitCode {
        guard !context.settings.json else {
            throw UsageError(
                message: "review is interactive and has no JSON; 'invites --json list' lists what waits",
                command: "review")
        }
        guard context.arguments.positionals.isEmpty else {
            throw UsageError(message: "review takes no HANDLE: it goes through every pending one", command: "review")
        }
        if context.arguments.has("--send"), context.arguments.has("--no-send") {
            throw UsageError(message: "--send and --no-send say opposite things; give one", command: "review")
        }
        _ = try ShowCommand.width(context, command: "review")
        // What `list` and `status` count as pending: waiting for an answer and not over, no
        // announcement. Stable, so invitations changed in the same second keep the inbox's
        // newest-first order.
        let pending = try context.listController().list(statuses: [.pending]).map(\.stored).enumerated().sorted {
            ($0.element.updatedAt, -$0.offset) > ($1.element.updatedAt, -$1.offset)
        }.map(\.element)
        guard !pending.isEmpty else {
            context.print("Nothing to review: no invitation waits for an answer.")
            return .success
        }
        let controller = try ShowCommand.controller(context)
        context.mentionMissingCalendars()
        let keyboard = context.environment.keyboard?() ?? LineKeyboard(data: context.environment.readStandardInput())
        let tally: ReviewDriver.Tally
        do {
            defer { keyboard.restore() }
            tally = try ReviewDriver(context: context, keyboard: keyboard, controller: controller, invites: pending)
                .run()
        }
        if keyboard.singleKeys { context.print() }
        for line in tally.unsaid { context.print(line) }
        var parts = ["\(tally.answered) answered"]
        if tally.commented > 0 { parts.append("\(tally.commented) commented") }
        parts.append("\(tally.left) still pending")
        context.print("Reviewed: " + parts.joined(separator: ", ") + ".")
        return .success
    }
}
