import Foundation
import InvitesFormats
import InvitesKit
import InvitesModel

/// `invites accept|decline|tentative HANDLE [--occurrence WHEN]... [--comment TEXT] [--no-add]
/// [--send | --no-send]` and `invites comment HANDLE TEXT [--occurrence WHEN]... [--private]`.
/// HANDLE `-` is the invitation in the message on standard input.
enum AnswerCommand {
    static let spec = OptionSpec(
        values: ["--comment", "--occurrence", "--for"], flags: ["--no-add", "--send", "--no-send"])
    static let commentSpec = OptionSpec(
        values: ["--occurrence", "--for"], flags: ["--private", "--send", "--no-send"])

    static func run(_ action: AnswerAction, _ context: CommandContext) throws -> ExitCode {
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
        if context.arguments.has("--send"), context.arguments.has("--no-send") {
            throw UsageError(message: "--send and --no-send say opposite things; give one", command: command)
        }
        let toOrganizer = !context.arguments.has("--private")
        if !toOrganizer, context.arguments.has("--send") {
            throw UsageError(
                message: "--private keeps the comment for you: there is nothing to --send", command: command)
        }
        let adding = !context.arguments.has("--no-add")
        let controller = try context.answerController(following: !adding)
        let report: AnswerController.Report
        do {
            report = try controller.answer(
                AnswerController.Request(
                    stored, action: action, occurrences: .named(context.arguments.all("--occurrence")),
                    comment: comment, addToCalendar: adding, toOrganizer: toOrganizer,
                    send: SendCommand.override(context), now: context.environment.now()))
        } catch let error as OccurrenceError {
            throw usage(error, handle: stored.handle, command: command)
        }
        for note in report.notes where note != .noAddress { context.warn(words(note, handle: stored.handle)) }
        let outcome = report.outcome
        if context.settings.json {
            try context.printJSON(
                JSONOutput.AnswerBody(
                    entries: outcome.entries.map(JSONOutput.HistoryEntry.init),
                    calendar: JSONOutput.CalendarChange(outcome.calendar),
                    scheduling: outcome.scheduling.map(JSONOutput.Scheduling.init)))
            return try after(report, delivery: controller.delivery, context)
        }
        var line = "\(stored.handle): \(action.rawValue) \"\(Printable.title(stored.invite.title))\""
        if !report.occurrences.isEmpty {
            let named = context.arguments.all("--occurrence").map { Printable.sanitize($0) }
            line +=
                " (\(report.occurrences.count == 1 ? "occurrence" : "occurrences") \(named.joined(separator: ", ")))"
        }
        if let principal = context.settings.onBehalfOf.value { line += " for \(Printable.sanitize(principal))" }
        line += change(outcome.calendar)
        if outcome.heldUntil != nil { line += "; held for your calendar server's copy" }
        context.print(line)
        if let scheduling = outcome.scheduling { context.note(explanation(of: scheduling, handle: stored.handle)) }
        if let until = outcome.heldUntil {
            context.note(held(until, handle: stored.handle, calendar: controller.settings.calendar.path, context))
        }
        if report.notes.contains(.noAddress) { context.note(words(.noAddress, handle: stored.handle)) }
        return try after(report, delivery: controller.delivery, context)
    }

    /// Says why no reply was queued although one was owed, or what became of the one queued.
    private static func after(
        _ report: AnswerController.Report, delivery: DeliveryController, _ context: CommandContext
    ) throws -> ExitCode {
        if let reason = report.outcome.notQueued {
            context.warn("no reply was queued for the organizer: \(ErrorReport.describe(reason).0)")
            return .success
        }
        guard let sending = report.sending else { return .success }
        return try SendCommand.after(sending, handle: report.stored.handle, delivery: delivery, context)
    }

    /// `; added to PATH`, and the like: what an answer did to the calendar.
    static func change(_ change: Responder.CalendarChange) -> String {
        switch change {
        case .added(let path): return "; added to \(Printable.sanitize(path))"
        case .rewritten(let path): return "; updated in \(Printable.sanitize(path))"
        case .removed(let path): return "; removed from \(Printable.sanitize(path))"
        case .unchanged: return ""
        }
    }

    /// A note of the controller in words, for the invitation `handle`.
    static func words(_ note: AnswerController.Note, handle: String) -> String {
        switch note {
        case .cancelled:
            return "\(handle) was cancelled by the organizer; the answer is recorded anyway"
        case .occurrenceCancelled(let key):
            return "the occurrence \(key) was cancelled by the organizer; the answer is recorded anyway"
        case .notAnAttendee(let address):
            return "\(handle) does not list you among its attendees (an invitation to a list?); "
                + "the reply adds you as \(Printable.sanitize(address))"
        case .noReplyAsked:
            return "\(handle): the organizer asks for no reply (RSVP=FALSE), so none is queued; "
                + "--send sends one all the same"
        case .noAddress:
            return "your address is not set (--me, INVITES_ME or 'me =' in the config): "
                + "the calendar copy carries no ATTENDEE for you"
        }
    }

    /// Says what becomes of an answer held for the server's copy of a mailed invitation, until
    /// when, and how to have it otherwise.
    static func held(_ until: Date, handle: String, calendar: String, _ context: CommandContext) -> String {
        let path = Printable.sanitize(calendar)
        return "\(handle): your calendar server puts this invitation in \(path) and replies for you: the answer "
            + "goes into its copy when the calendar syncs, so the organizer hears once; with no copy by "
            + "\(context.time.day(until)) \(context.time.clock(until)), invites adds it to \(path) and replies itself "
            + "('server_wait' in the config; --send or 'scheduling = client \(path)' replies at once)"
    }

    /// Says who tells the organizer of an answer given in place, why, and how to change it, so
    /// that nobody is left unanswered, or answered twice, without knowing.
    static func explanation(of scheduling: Responder.Scheduling, handle: String) -> String {
        let calendar = Printable.sanitize(scheduling.calendar)
        let why: String
        switch scheduling.setting {
        case .auto where scheduling.clientAgent:
            why = "scheduling = auto, and the invitation says SCHEDULE-AGENT=CLIENT"
        case .auto:
            why = "scheduling = auto: your server put this invitation in \(calendar)"
        case .server, .client:
            why = "scheduling = \(scheduling.setting.rawValue) for \(calendar)"
        }
        switch scheduling.mode {
        case .server:
            return "\(handle): the reply goes through your calendar server when it syncs (\(why)); "
                + "'scheduling = client \(calendar)' in the config makes invites send it instead"
        case .client, .auto:
            return "\(handle): invites replies to the organizer itself (\(why)); "
                + "'scheduling = server \(calendar)' in the config leaves it to your server"
        }
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

    /// A WHEN that names no single occurrence, as a usage error.
    static func usage(_ error: OccurrenceError, handle: String, command: String) -> UsageError {
        let hint = error == .notRecurring(handle: handle) ? " (without --occurrence)" : ""
        return UsageError(message: error.description + hint, command: command)
    }

    private static func verb(_ action: AnswerAction) -> String {
        switch action {
        case .accepted: return "accept"
        case .declined: return "decline"
        default: return action.rawValue
        }
    }
}
