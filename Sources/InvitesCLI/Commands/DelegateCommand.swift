import Foundation
import InvitesFormats
import InvitesKit

/// `invites delegate HANDLE ADDR [--occurrence WHEN]... [--comment TEXT] [--for ADDR] [--send |
/// --no-send]`: someone goes in your place; the organizer is told (DELEGATED) and the delegate
/// invited, both through the outbox.
enum DelegateCommand {
    static let spec = OptionSpec(
        values: ["--occurrence", "--comment", "--for"], flags: ["--send", "--no-send"])

    static func run(_ context: CommandContext) throws -> ExitCode {
        let send = try SendCommand.override(context, command: "delegate")
        let (stored, address) = try context.resolveInvite(
            andAddress: "the ADDR of your delegate", command: "delegate")
        let keys = try AnswerCommand.pick(
            context.arguments.all("--occurrence"), of: stored, context, command: "delegate")
        let made = try DelegateController(answering: try context.answerController(following: true)).delegate(
            stored, to: address, keys: keys, comment: context.arguments.value("--comment"),
            now: context.environment.now())
        if context.settings.json {
            try context.printJSON([
                "delegation": JSONOutput.ForwardMade(made.forward, made.entry, handle: stored.handle)
            ])
        } else {
            let named = context.arguments.all("--occurrence").map { Printable.sanitize($0) }
            context.print(
                "\(stored.handle): delegated \"\(Printable.sanitize(stored.invite.title))\""
                    + (named.isEmpty
                        ? ""
                        : " (\(named.count == 1 ? "occurrence" : "occurrences") "
                            + named.joined(separator: ", ") + ")")
                    + " to \(Printable.sanitize(address)); the organizer is told"
                    + AnswerCommand.change(made.declined.outcome.calendar))
        }
        let delivery = try context.deliveryController()
        let sending = try delivery.afterQueued(stored.handle, send: send)
        return try SendCommand.after(sending, handle: stored.handle, what: "delegation", delivery: delivery, context)
    }
}
