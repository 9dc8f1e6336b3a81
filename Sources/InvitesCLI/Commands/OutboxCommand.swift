import Foundation
import InvitesFormats
import InvitesKit
import InvitesModel

/// `invites outbox [--all]`: the messages answers made, and where each stands.
enum OutboxCommand {
    static let spec = OptionSpec(flags: ["--all"])

    static func run(_ context: CommandContext) throws -> ExitCode {
        let states: Set<Delivery>? =
            context.arguments.has("--all") ? nil : [.queued, .sending, .failed, .interrupted]
        SendCommand.recovered(try context.home.dispatcher().recover(), context)
        let messages = try context.inbox().outbox(states: states)
        if context.settings.json {
            try context.printJSON(["messages": messages.map(JSONOutput.OutboxMessage.init)])
            return .success
        }
        let byServer = try answersLeftToTheServer(context)
        let held = try context.inbox().heldAnswers()
        guard !messages.isEmpty else {
            context.print(context.arguments.has("--all") ? "The outbox is empty." : "Nothing waits to be sent.")
            printServerAnswers(byServer, context)
            printHeld(held, context)
            return .success
        }
        defer {
            printServerAnswers(byServer, context)
            printHeld(held, context)
        }
        let columns = HandleColumns(handles: messages.map(\.handle), stateWidth: 11)
        for message in messages {
            var to = message.transport == .mail ? message.recipient : "the sender's server"
            let copies = DelegatorCopy.copied(in: message.body)
            if message.transport == .mail, !copies.isEmpty { to += ", copy to " + copies.joined(separator: ", ") }
            var line =
                columns.prefix(message.handle, message.state.rawValue) + Printable.sanitize(message.subject) + "  to "
                + Printable.sanitize(to) + "  (" + context.time.day(message.createdAt) + " "
                + context.time.clock(message.createdAt) + ")"
            if let sent = message.sentAt { line += "  sent " + context.time.day(sent) + " " + context.time.clock(sent) }
            context.print(line)
            if message.state != .sent, let error = message.lastError {
                var detail = "    \(message.attempts) \(message.attempts == 1 ? "attempt" : "attempts"); last: "
                detail += Printable.sanitize(error)
                if let next = message.nextTry {
                    detail += "; next try after " + context.time.day(next) + " " + context.time.clock(next)
                }
                context.print(detail)
            }
        }
        return .success
    }

    /// The latest answer of each invitation whose reply your calendar server sends (the
    /// `scheduling` setting): of the last two weeks, or all of them with `--all`. They never
    /// enter the outbox, and saying so here keeps anyone from waiting for a mail from invites.
    private static func answersLeftToTheServer(_ context: CommandContext) throws -> [HistoryEntry] {
        let since = context.arguments.has("--all") ? nil : context.environment.now().addingTimeInterval(-14 * 86_400)
        var seen = Set<String>()
        return try context.inbox().history(since: since).filter { entry in
            seen.insert(entry.handle).inserted && entry.delivery == .server
        }
    }

    /// The answers held for your server's copy of a mailed invitation: in no outbox yet, and
    /// perhaps never (the server replies), so said apart, with until when they wait.
    private static func printHeld(_ held: [InboxStore.HeldAnswers], _ context: CommandContext) {
        guard !held.isEmpty else { return }
        let wait = context.settings.serverWait.value
        context.print("")
        context.print("Held for your calendar server's copy (it goes into that copy when the calendar syncs):")
        let columns = HandleColumns(handles: held.map(\.handle), stateWidth: 11)
        for one in held {
            guard let entry = one.entries.last else { continue }
            let until = one.since.addingTimeInterval(wait)
            context.print(
                columns.prefix(one.handle, entry.action.rawValue) + Printable.title(entry.title)
                    + "  (invites replies itself after " + context.time.day(until) + " " + context.time.clock(until)
                    + ")")
        }
    }

    private static func printServerAnswers(_ entries: [HistoryEntry], _ context: CommandContext) {
        guard !entries.isEmpty else { return }
        context.print("")
        context.print("The reply goes through your calendar server when it syncs (scheduling) for:")
        let columns = HandleColumns(handles: entries.map(\.handle), stateWidth: 11)
        for entry in entries {
            context.print(
                columns.prefix(entry.handle, entry.action.rawValue) + Printable.title(entry.title) + "  ("
                    + context.time.day(entry.at) + " " + context.time.clock(entry.at) + ")")
        }
    }
}
