import Foundation
import InvitesFormats
import InvitesKit
import InvitesModel

/// `invites accept|decline|tentative HANDLE [--occurrence WHEN]... [--from WHEN] [--comment TEXT]
/// [--no-add] [--send | --no-send]` and `invites comment HANDLE TEXT [--occurrence WHEN]... [--from WHEN]
/// [--private]`.
/// HANDLE `-` is the invitation in the message on standard input.
enum AnswerCommand {
    static let spec = OptionSpec(
        values: ["--comment", "--occurrence", "--from", "--for"], flags: ["--no-add", "--send", "--no-send"])
    static let commentSpec = OptionSpec(
        values: ["--occurrence", "--from", "--for"], flags: ["--private", "--send", "--no-send"])

    /// Only a task is under way or done; a meeting is accepted, declined or tentative.
    static func reportsOnATask(_ action: AnswerAction, _ stored: StoredInvite, command: String) throws(UsageError) {
        guard AnswerAction.taskReports.contains(action), stored.invite.properties?.isTask != true else { return }
        throw UsageError(
            message: "\(stored.handle) is a meeting, not a task: \(command) reports on a task (a VTODO); "
                + "accept, decline or tentative answer a meeting",
            command: command)
    }

    static func run(_ action: AnswerAction, _ context: CommandContext, percent: Int? = nil) throws -> ExitCode {
        var comment = context.arguments.value("--comment")
        var arguments = context.arguments
        let command = action == .commented ? "comment" : verb(action)
        if action == .commented {
            guard arguments.positionals.count == 2 else {
                throw UsageError(message: "comment takes a HANDLE and the TEXT", command: "comment")
            }
            comment = arguments.positionals[1]
            arguments.positionals.removeLast()
        }
        // An empty comment says nothing to the organizer and would sit in the history for ever.
        if let comment, comment.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw UsageError(
                message: action == .commented
                    ? "comment needs some TEXT" : "--comment needs some TEXT; leave it out for no comment",
                command: command)
        }
        var resolving = context
        resolving.arguments = arguments
        let stored = try resolving.resolveInvite(command: command)
        try reportsOnATask(action, stored, command: command)
        if context.arguments.has("--send"), context.arguments.has("--no-send") {
            throw UsageError(message: "--send and --no-send say opposite things; give one", command: command)
        }
        let toOrganizer = !context.arguments.has("--private")
        if !toOrganizer, context.arguments.has("--send") {
            throw UsageError(
                message: "--private keeps the comment for you: there is nothing to --send", command: command)
        }
        let adding = !context.arguments.has("--no-add")
        let controller = try context.home.answer(following: !adding)
        let report: AnswerController.Report
        let occurrences = try self.occurrences(of: stored, context, command: command)
        do {
            report = try controller.answer(
                AnswerController.Request(
                    stored, action: action, occurrences: occurrences,
                    comment: comment, addToCalendar: adding, toOrganizer: toOrganizer,
                    send: SendCommand.override(context), percent: percent, now: context.environment.now()))
        } catch let error as OccurrenceError {
            throw usage(error, handle: stored.handle, command: command)
        }
        for note in report.notes where note != .noAddress {
            context.warn(AnswerWords.note(note, handle: stored.handle))
        }
        let outcome = report.outcome
        if context.settings.json {
            try context.printJSON(
                JSONOutput.AnswerBody(
                    entries: outcome.entries.map(JSONOutput.HistoryEntry.init),
                    calendar: JSONOutput.CalendarChange(outcome.calendar),
                    scheduling: outcome.scheduling.map(JSONOutput.Scheduling.init)))
            return try after(report, dispatcher: controller.dispatcher, context)
        }
        var line = AnswerWords.answered(stored, action)
        if let percent { line += " (\(percent)% done)" }
        if let from = context.arguments.value("--from") {
            let count = report.occurrences.count
            line += " (from \(Printable.sanitize(from)) on: \(count) \(count == 1 ? "occurrence" : "occurrences"))"
        } else if !report.occurrences.isEmpty {
            let named = context.arguments.all("--occurrence").map { Printable.sanitize($0) }
            line +=
                " (\(report.occurrences.count == 1 ? "occurrence" : "occurrences") \(named.joined(separator: ", ")))"
        }
        if let principal = context.settings.onBehalfOf.value { line += " for \(Printable.sanitize(principal))" }
        line += AnswerWords.change(outcome.calendar)
        if outcome.heldUntil != nil { line += "; held for your calendar server's copy" }
        context.print(line)
        if let scheduling = outcome.scheduling {
            context.note(AnswerWords.explanation(of: scheduling, handle: stored.handle))
        }
        if let until = outcome.heldUntil {
            context.note(
                AnswerWords.held(
                    until, handle: stored.handle, calendar: controller.responder.calendar.path, time: context.time))
        }
        if report.notes.contains(.noAddress) { context.note(AnswerWords.note(.noAddress, handle: stored.handle)) }
        return try after(report, dispatcher: controller.dispatcher, context)
    }

    /// Says why no reply was queued although one was owed, or what became of the one queued.
    private static func after(
        _ report: AnswerController.Report, dispatcher: Dispatcher, _ context: CommandContext
    ) throws -> ExitCode {
        if let reason = report.outcome.notQueued {
            context.warn("no reply was queued for the organizer: \(ErrorReport.describe(reason).0)")
            return .success
        }
        guard let sending = report.sending else { return .success }
        return try SendCommand.after(sending, handle: report.stored.handle, dispatcher: dispatcher, context)
    }

    /// The keys of the occurrences `--occurrence` names; a WHEN the series does not have is a
    /// usage error that names the nearest ones.
    static func pick(_ whens: [String], of stored: StoredInvite, _ context: CommandContext, command: String) throws
        -> [String]
    {
        let picker = OccurrencePicker(
            display: context.settings.zone.value, me: context.settings.me.value, clock: context.environment.now)
        do {
            return whens.isEmpty ? [] : try picker.keys(for: whens, of: stored)
        } catch {
            throw usage(error, handle: stored.handle, command: command)
        }
    }

    /// The one occurrence `--occurrence` names, or nil for the whole invitation: for a command
    /// whose message speaks of one occurrence at most (a proposal, a REFRESH).
    static func pickOne(of stored: StoredInvite, _ context: CommandContext, command: String) throws -> String? {
        let whens = context.arguments.all("--occurrence")
        guard whens.count <= 1 else {
            throw UsageError(message: "\(command) takes one --occurrence at a time", command: command)
        }
        return try pick(whens, of: stored, context, command: command).first
    }

    /// What `--occurrence` and `--from` name: the WHENs as given, or with `--from` the keys of
    /// that occurrence and every later one (``FromWhen``) beside those `--occurrence` names.
    static func occurrences(of stored: StoredInvite, _ context: CommandContext, command: String) throws
        -> AnswerController.Occurrences
    {
        let whens = context.arguments.all("--occurrence")
        guard let from = context.arguments.value("--from") else { return .named(whens) }
        let picker = OccurrencePicker(
            display: context.settings.zone.value, me: context.settings.me.value, clock: context.environment.now)
        let named = try pick(whens, of: stored, context, command: command)
        let later: [String]
        do throws(OccurrenceError) {
            later = try picker.keys(from: from, of: stored)
        } catch {
            throw usage(error, handle: stored.handle, command: command)
        }
        return .keys(named + later.filter { !named.contains($0) })
    }

    /// A WHEN that names no single occurrence, as a usage error.
    static func usage(_ error: OccurrenceError, handle: String, command: String) -> UsageError {
        let hint = error == .notRecurring(handle: handle) ? " (without --occurrence)" : ""
        return UsageError(message: error.description + hint, command: command)
    }

    private static func verb(_ action: AnswerAction) -> String {
        switch action {
        case .accepted: return "accept"
        case .declined: return "decline"
        case .inProcess: return "progress"
        case .completed: return "done"
        default: return action.rawValue
        }
    }
}
