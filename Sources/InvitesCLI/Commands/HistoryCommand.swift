import Foundation
import InvitesFormats
import InvitesKit
import InvitesModel

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
        let entries = try context.inbox().history(actions: actions, since: since, limit: limit, handle: handle)
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
            invitations[handle] = try? context.inbox().resolve(handle)
        }
        // The replies copied to a delegator, read from the mails of the invitations delegated to you.
        let me = context.settings.me.value
        let delegatedToYou = invitations.values.filter {
            $0.invite.source != .push && $0.invite.properties?.delegator(of: $0.invite.attendees, me: me) != nil
        }.map(\.handle)
        var copied: [Int64: String] = [:]
        for message in delegatedToYou.isEmpty ? [] : try context.inbox().outbox(states: nil, handles: delegatedToYou) {
            let copies = DelegatorCopy.copied(in: message.body)
            if !copies.isEmpty { copied[message.id] = copies.joined(separator: ", ") }
        }
        for entry in entries {
            let dates =
                AnswerAction.apart.contains(entry.action)
                ? nil : invitations[entry.handle]?.allDayDates(for: entry.recurrenceID)
            var line =
                context.time.day(entry.at) + " " + context.time.clock(entry.at) + "  "
                + columns.prefix(entry.handle, entry.action.rawValue) + Printable.title(entry.title) + "  ("
                + context.time.span(start: entry.start, end: entry.end, dates: dates) + ")"
            if let percent = entry.percent { line += "  \(percent)% done" }
            if let comment = entry.comment, !comment.isEmpty { line += "  \"" + Printable.sanitize(comment) + "\"" }
            if AnswerAction.delegateAnswers.contains(entry.action) { line += "  [" + DelegateWords.news(entry) + "]" }
            if var note = deliveryNote(entry, context) {
                // A reply copied to the delegator of an invitation delegated to you says so.
                if let copies = entry.outboxID.flatMap({ copied[$0] }) { note += ", a copy to " + copies }
                line += "  [" + Printable.sanitize(note) + "]"
            }
            context.print(line)
        }
        return .success
    }

    /// Where the message for an entry stands, in the words the history uses: what went, what
    /// waits, and what never will (superseded before it went, with the answer that took its
    /// place, and what became of its comment). `nil` when nothing is owed.
    static func deliveryNote(_ entry: HistoryEntry, _ context: CommandContext) -> String? {
        let kind =
            entry.action == .proposed
            ? "proposal"
            : entry.action == .refreshed
                ? "request"
                : entry.action == .forwarded ? "forward" : entry.action == .delegated ? "delegation" : "reply"
        // A comment alone is its comment: "not sent" says it all.
        let commented = entry.comment?.isEmpty == false && entry.action != .commented
        func named(_ successor: HistoryEntry.Successor) -> String {
            "the " + noun(successor.action) + " of " + context.time.day(successor.at) + " "
                + context.time.clock(successor.at)
        }
        switch entry.delivery {
        case .none:
            return nil
        case .server:
            return "\(kind) through your calendar server"
        case .held:
            return "held for your calendar server's copy of the invitation"
        case .superseded:
            let by = entry.supersededBy.map(named) ?? "a later \(kind)"
            return "\(kind) superseded by \(by); not sent" + (commented ? ", nor its comment" : "")
        case .withdrawn:
            return "\(kind) withdrawn: the organizer cancelled; not sent"
        case .outdated:
            return "\(kind) not sent: the organizer moved it before your calendar server's copy came"
                + (commented ? ", nor its comment" : "")
        case .interrupted where entry.supersededBy != nil:
            let by = entry.supersededBy.map(named) ?? ""
            return "\(kind) interrupted: it may or may not have gone; then superseded by \(by)"
        case .queued, .sending, .sent, .failed, .interrupted, .pending, .printed:
            var note = "\(kind) \(entry.delivery.rawValue)"
            if commented, let leftOut = entry.commentLeftOutBy {
                note += " without its comment, left out by " + named(leftOut)
            }
            return note
        }
    }

    /// An answer as the history names it in another entry's line: "the accept of …".
    private static func noun(_ action: AnswerAction) -> String {
        switch action {
        case .accepted: return "accept"
        case .declined: return "decline"
        case .tentative: return "tentative answer"
        case .commented: return "comment"
        case .cancelled: return "cancellation"
        case .proposed: return "proposal"
        case .proposalDeclined: return "declined proposal"
        case .refreshed: return "request for the current invitation"
        case .forwarded: return "forward"
        case .delegated: return "delegation"
        case .inProcess: return "progress report"
        case .completed: return "report of the task done"
        case .delegateAccepted, .delegateDeclined, .delegateTentative: return "delegate's answer"
        }
    }
}
