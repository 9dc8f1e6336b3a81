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
            context.print(said(made, occurrence: key))
        }
        let dispatcher = try context.home.dispatcher()
        let sending = try dispatcher.afterQueued(stored.handle, send: send)
        return try SendCommand.after(sending, handle: stored.handle, what: "request", dispatcher: dispatcher, context)
    }

    /// What asking did, in a line; `occurrence` as it is to be named (sanitised).
    static func said(_ made: ExchangeController.Refreshed, occurrence: String?) -> String {
        "\(made.stored.handle): asked \(Printable.sanitize(made.organizer)) for the current invitation \""
            + Printable.sanitize(made.stored.invite.title) + "\""
            + (occurrence.map { " (the occurrence \($0))" } ?? "")
    }
}
