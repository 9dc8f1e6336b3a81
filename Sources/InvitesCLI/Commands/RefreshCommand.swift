import Foundation
import InvitesFormats
import InvitesKit

/// `invites refresh HANDLE [--occurrence WHEN] [--comment TEXT] [--send | --no-send]`: asks the
/// organizer for the invitation as it stands (an iTIP REFRESH), through the outbox.
enum RefreshCommand {
    static let spec = OptionSpec(values: ["--occurrence", "--comment", "--for"], flags: ["--send", "--no-send"])

    static func run(_ context: CommandContext) throws -> ExitCode {
        let send = try SendCommand.override(context, command: "refresh")
        let stored = try context.resolveInvite(command: "refresh")
        let key = try AnswerCommand.pickOne(of: stored, context, command: "refresh")
        let made = try context.home.exchange().refresh(
            stored, key: key, comment: context.arguments.value("--comment"))
        if context.settings.json {
            try context.printJSON(["refresh": JSONOutput.RefreshMade(made)])
        } else {
            context.print(
                "\(stored.handle): asked \(Printable.sanitize(made.organizer)) for the current invitation \""
                    + Printable.sanitize(stored.invite.title) + "\""
                    + (key.map { " (the occurrence \($0))" } ?? ""))
        }
        let dispatcher = try context.home.dispatcher()
        let sending = try dispatcher.afterQueued(stored.handle, send: send)
        return try SendCommand.after(sending, handle: stored.handle, what: "request", dispatcher: dispatcher, context)
    }
}
