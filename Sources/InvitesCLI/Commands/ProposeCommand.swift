import Foundation
import InvitesFormats
import InvitesKit
import InvitesModel

/// `invites propose HANDLE [--at WHEN | --free] [--occurrence WHEN] [--comment TEXT] [--send |
/// --no-send]`: proposes a new time to the organizer (an iTIP COUNTER), through the outbox.
enum ProposeCommand {
    static let spec = OptionSpec(
        values: ["--at", "--occurrence", "--comment", "--for"], flags: ["--free", "--send", "--no-send"])

    static func run(_ context: CommandContext) throws -> ExitCode {
        let at = context.arguments.value("--at")
        let free = context.arguments.has("--free")
        guard (at != nil) != free else {
            throw UsageError(
                message: at == nil
                    ? "propose needs --at WHEN (a new start) or --free (the first free time)"
                    : "--at and --free each choose the time; give one",
                command: "propose")
        }
        let send = try SendCommand.override(context, command: "propose")
        let stored = try context.resolveInvite(command: "propose")
        let key = try AnswerCommand.pickOne(of: stored, context, command: "propose")
        let made: ProposeController.Made
        do {
            made = try context.home.propose(working: { try working(context) }).propose(
                stored, at: at, key: key, comment: context.arguments.value("--comment"))
        } catch let error as ProposedTimeError {
            throw ProposalWords.usage(error, context)
        }
        if context.settings.json {
            try context.printJSON(["proposal": JSONOutput.ProposalMade(made)])
        } else {
            context.print(ProposalWords.line(made, context))
        }
        let dispatcher = try context.home.dispatcher()
        let sending = try dispatcher.afterQueued(stored.handle, send: send)
        return try SendCommand.after(sending, handle: stored.handle, what: "proposal", dispatcher: dispatcher, context)
    }

    /// The working hours of the config, which a proposal keeps to.
    static func working(_ context: CommandContext) throws -> WorkingHours {
        try WorkSettings.resolve(context.settings.config, path: context.settings.configPath).value
    }
}
