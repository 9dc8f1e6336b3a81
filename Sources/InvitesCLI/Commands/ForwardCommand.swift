import Foundation
import InvitesFormats
import InvitesKit
import InvitesModel

/// `invites forward HANDLE ADDR [--comment TEXT] [--for ADDR] [--send | --no-send]`: the
/// invitation to someone the organizer did not invite, and a word to the organizer naming them,
/// both through the outbox; refused where the organizer forbids forwarding.
enum ForwardCommand {
    static let spec = OptionSpec(values: ["--comment", "--for"], flags: ["--send", "--no-send"])

    static func run(_ context: CommandContext) throws -> ExitCode {
        let send = try SendCommand.override(context, command: "forward")
        let (stored, address) = try context.resolveInvite(andAddress: "the ADDR to forward to", command: "forward")
        let made = try context.home.exchange().forward(
            stored, to: address, comment: context.arguments.value("--comment"))
        if context.settings.json {
            try context.printJSON(["forward": JSONOutput.ForwardMade(made)])
        } else {
            context.print(said(stored, to: address))
        }
        let dispatcher = try context.home.dispatcher()
        let sending = try dispatcher.afterQueued(stored.handle, send: send)
        return try SendCommand.after(sending, handle: stored.handle, what: "forward", dispatcher: dispatcher, context)
    }

    /// What forwarding did, in a line.
    static func said(_ stored: StoredInvite, to address: String) -> String {
        "\(stored.handle): forwarded \"\(Printable.sanitize(stored.invite.title))\" to "
            + "\(Printable.sanitize(address)); the organizer is told"
    }
}
