import Foundation
import InvitesKit

/// `invites reply HANDLE [--out FILE] [--mime]`: the iTIP REPLY for the latest answer, printed for
/// the user to send; what the outbox holds and sends is not touched.
enum ReplyCommand {
    static let spec = OptionSpec(values: ["--out", "--name"], flags: ["--mime"])

    static func run(_ context: CommandContext) throws -> ExitCode {
        let stored = try ShowCommand.resolveInvite(context, command: "reply")
        let store = try context.openStore()
        let reply = try Reply.make(
            for: stored, history: try store.history(handle: stored.handle), me: context.settings.me.value,
            name: context.arguments.value("--name"), mime: context.arguments.has("--mime"),
            now: context.environment.now(),
            display: context.settings.zone.value)
        for note in reply.notes { context.note(note) }
        let out = context.arguments.value("--out")
        if let out { try OutputFile.write(reply.text, to: out) }
        if context.settings.json {
            try context.printJSON(JSONOutput.ReplyBody(reply: .init(reply, handle: stored.handle, out: out)))
        } else if out == nil {
            context.environment.out.write(reply.text)
        }
        return .success
    }
}
