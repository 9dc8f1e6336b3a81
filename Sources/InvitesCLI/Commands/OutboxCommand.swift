import Foundation
import InvitesKit

/// `invites outbox [--all]`: the messages answers made, and where each stands.
enum OutboxCommand {
    static let spec = OptionSpec(flags: ["--all"])

    static func run(_ context: CommandContext) throws -> ExitCode {
        let states: Set<Delivery>? =
            context.arguments.has("--all") ? nil : [.queued, .sending, .failed, .interrupted]
        try SendCommand.recover(try context.courier(), context)
        let messages = try context.openStore().outbox(states: states)
        if context.settings.json {
            try context.printJSON(["messages": messages.map(JSONOutput.OutboxMessage.init)])
            return .success
        }
        guard !messages.isEmpty else {
            context.print(context.arguments.has("--all") ? "The outbox is empty." : "Nothing waits to be sent.")
            return .success
        }
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
}
