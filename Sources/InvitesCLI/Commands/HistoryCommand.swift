import Foundation
import InvitesKit

/// `invites history [HANDLE] [--status S] [--since WHEN] [--limit N]`: every answer and comment
/// (of one invitation, with a HANDLE), newest first.
enum HistoryCommand {
    static let spec = OptionSpec(values: ["--status", "--since", "--limit"])

    static func run(_ context: CommandContext) throws -> ExitCode {
        let actions: Set<AnswerAction>? = try context.choices("--status", command: "history")
        var since: Date?
        if let text = context.arguments.value("--since") {
            guard
                let moment = RelativeDate.parse(
                    text, now: context.environment.now(), zone: context.settings.zone.value.timeZone)
            else {
                throw UsageError(
                    message: "--since takes today, yesterday, a time back from now like 7d, 2w or 12h, a date like "
                        + "2024-06-01 or an RFC 3339 time, not '\(Printable.sanitize(text))'",
                    command: "history")
            }
            since = moment
        }
        guard context.arguments.positionals.count <= 1 else {
            throw UsageError(message: "history takes at most one HANDLE", command: "history")
        }
        let handle =
            context.arguments.positionals.isEmpty
            ? nil : try context.resolveInvite(command: "history").handle
        var limit: Int?
        if let text = context.arguments.value("--limit") {
            guard let number = Int(text), number >= 0 else {
                throw UsageError(
                    message: "--limit takes a count, not '\(Printable.sanitize(text))'", command: "history")
            }
            limit = number
        }
        let entries = try context.openStore().history(actions: actions, since: since, limit: limit, handle: handle)
        if context.settings.json {
            try context.printJSON(JSONOutput.HistoryBody(entries: entries.map(JSONOutput.HistoryEntry.init)))
            return .success
        }
        guard !entries.isEmpty else {
            context.print("No answers yet.")
            return .success
        }
        let columns = HandleColumns(handles: entries.map(\.handle))
        // All-day invitations are shown by their dates, as `list` and `show` show them.
        var invitations: [String: StoredInvite] = [:]
        for handle in Set(entries.map(\.handle)) {
            invitations[handle] = try? context.openStore().resolve(handle)
        }
        for entry in entries {
            let dates =
                entry.action == .proposed ? nil : invitations[entry.handle]?.allDayDates(for: entry.recurrenceID)
            var line =
                context.time.day(entry.at) + " " + context.time.clock(entry.at) + "  "
                + columns.prefix(entry.handle, entry.action.rawValue) + Printable.title(entry.title) + "  ("
                + context.time.span(start: entry.start, end: entry.end, dates: dates) + ")"
            if let comment = entry.comment, !comment.isEmpty { line += "  \"" + Printable.sanitize(comment) + "\"" }
            if entry.delivery == .server {
                line += "  [reply through your calendar server]"
            } else if entry.delivery != .none {
                let kind = entry.action == .proposed ? "proposal" : "reply"
                line += "  [\(kind) \(entry.delivery.rawValue)"
                switch entry.delivery {
                case .superseded:
                    line += " by the \(kind) of "
                    line += entry.supersededAt.map { context.time.day($0) + " " + context.time.clock($0) } ?? "later"
                    line += "; not sent"
                case .withdrawn:
                    line += ": the organizer cancelled; not sent"
                default:
                    break
                }
                line += "]"
            }
            context.print(line)
        }
        return .success
    }
}
