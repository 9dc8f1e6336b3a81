import Foundation
import InvitesKit

/// `invites outbox [--all]`: the messages answers made, and where each stands.
enum OutboxCommand {
    static let spec = OptionSpec(flags: ["--all"])

    static func run(_ context: CommandContext) throws -> ExitCode {
        let states: Set<Delivery>? =
            context.arguments.has("--all") ? nil : [.queued, .sending, .failed, .interrupted]
        SendCommand.recovered(try context.deliveryController().recover(), context)
        let messages = try context.openStore().outbox(states: states)
        if context.settings.json {
            try context.printJSON(["messages": messages.map(JSONOutput.OutboxMessage.init)])
            return .success
        }
        let byServer = try answersLeftToTheServer(context)
        guard !messages.isEmpty else {
            context.print(context.arguments.has("--all") ? "The outbox is empty." : "Nothing waits to be sent.")
            printServerAnswers(byServer, context)
            return .success
        }
        defer { printServerAnswers(byServer, context) }
        let columns = HandleColumns(handles: messages.map(\.handle), stateWidth: 11)
        for message in messages {
            let to = message.transport == .mail ? message.recipient : "the sender's server"
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
        return try context.openStore().history(since: since).filter { entry in
            seen.insert(entry.handle).inserted && entry.delivery == .server
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
