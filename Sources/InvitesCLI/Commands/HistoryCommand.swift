import Foundation
import InvitesKit

/// `invites history [--status S] [--since DATE] [--limit N]`: every answer and comment, newest first.
enum HistoryCommand {
    static let spec = OptionSpec(values: ["--status", "--since", "--limit"])

    static func run(_ context: CommandContext) throws -> ExitCode {
        let actions: Set<AnswerAction>? = try context.choices("--status", command: "history")
        var since: Date?
        if let text = context.arguments.value("--since") {
            if let date = LocalDate(iso: text) {
                since = date.midnight(in: context.settings.zone.value.timeZone)
            } else if let instant = RFC3339.parse(text) {
                since = instant
            } else {
                throw UsageError(
                    message:
                        "--since takes a date like 2024-06-01 or an RFC 3339 time, not '\(Printable.sanitize(text))'",
                    command: "history")
            }
        }
        var limit: Int?
        if let text = context.arguments.value("--limit") {
            guard let number = Int(text), number >= 0 else {
                throw UsageError(
                    message: "--limit takes a count, not '\(Printable.sanitize(text))'", command: "history")
            }
            limit = number
        }
        let entries = try context.openStore().history(actions: actions, since: since, limit: limit)
        if context.settings.json {
            try context.printJSON(["entries": entries.map(JSONOutput.HistoryEntry.init)])
            return .success
        }
        guard !entries.isEmpty else {
            context.print("No answers yet.")
            return .success
        }
        let columns = HandleColumns(handles: entries.map(\.handle))
        for entry in entries {
            var line =
                context.time.day(entry.at) + " " + context.time.clock(entry.at) + "  "
                + columns.prefix(entry.handle, entry.action.rawValue) + Printable.sanitize(entry.title) + "  ("
                + context.time.span(start: entry.start, end: entry.end) + ")"
            if let comment = entry.comment, !comment.isEmpty { line += "  \"" + Printable.sanitize(comment) + "\"" }
            if entry.delivery != .none {
                line += "  [\(entry.action == .proposed ? "proposal" : "reply") \(entry.delivery.rawValue)]"
            }
            context.print(line)
        }
        return .success
    }
}
