import Foundation
import InvitesFormats
import InvitesKit
import InvitesModel

/// `invites reply HANDLE [--out FILE] [--mime]`: the iTIP REPLY for the latest answer, printed for
/// the user to send; what the outbox holds and sends is not touched.
///
/// With `--mime`, the message the outbox holds for the latest answer (waiting or sent) is printed
/// as it is, since that is what the organizer gets; only without one is a message made now, and
/// standard error says that its Date and Message-ID are new each time. On a terminal, control
/// characters other than line ends and tabs are made visible (``Printable/document(_:)``).
enum ReplyCommand {
    static let spec = OptionSpec(values: ["--out", "--name", "--for"], flags: ["--mime"])

    static func run(_ context: CommandContext) throws -> ExitCode {
        let stored = try context.resolveInvite(command: "reply")
        let store = try context.inbox()
        let history = try store.history(handle: stored.handle)
        let mime = context.arguments.has("--mime")
        let name = context.arguments.value("--name")
        var reply = try Reply.make(
            for: stored, history: history, me: context.settings.me.value,
            name: name ?? context.settings.sending.name.value, mime: mime, now: context.environment.now(),
            display: context.settings.zone.value)
        var notes = made(reply)
        if mime {
            // The latest answer's message, unless --name asks for another From line.
            let latest = history.first { !AnswerAction.apart.contains($0.action) }
            let held = try latest?.outboxID.flatMap { id in
                try store.outbox(handles: [stored.handle]).first { $0.id == id && $0.state != .withdrawn }
            }
            if let held, name == nil, context.arguments.value("--for") == nil {
                reply = held.reply
                notes = [
                    "the message \(held.state == .sent ? "sent" : "in the outbox"), as it is"
                ]
            } else {
                notes.append(
                    (held == nil
                        ? "no message for this answer is in the outbox"
                        : "\(name == nil ? "--for" : "--name") makes another message")
                        + ": this one is made now, with a new Date and Message-ID")
            }
        }
        for note in notes { context.note(note) }
        let out = context.arguments.value("--out")
        if let out { try OutputFile.write(reply.text, to: out) }
        if context.settings.json {
            try context.printJSON(JSONOutput.ReplyBody(reply: .init(reply, handle: stored.handle, out: out)))
        } else if out == nil {
            // On a terminal nothing a stranger wrote may move the cursor or set a title; into a
            // pipe or a file the text goes as it is, byte for byte what the outbox holds.
            let terminal = context.environment.outputIsTerminal
            context.environment.out.write(terminal ? Printable.document(reply.text) : reply.text)
        }
        return .success
    }

    /// What the user should know of a reply made now: that a push answer is reported against
    /// its id, or that the reply adds you as an attendee the invitation does not list.
    static func made(_ reply: Reply) -> [String] {
        if reply.kind == .json {
            return ["a push-payload invite has no organizer to mail; this is the answer to report against its id"]
        }
        guard let signer = reply.signer, !signer.listed else { return [] }
        return [
            signer.sentBy == nil
                ? "you are not among the attendees (an invite to a list?); replying as an added attendee "
                    + signer.address
                : "\(signer.address), whom you answer for, is not among the attendees; replying as an added attendee"
        ]
    }
}
