import Foundation
import InvitesKit

/// `invites accept|decline|tentative HANDLE [--occurrence WHEN]... [--comment TEXT] [--no-add]
/// [--send | --no-send]` and `invites comment HANDLE TEXT [--occurrence WHEN]... [--private]`.
/// HANDLE `-` is the invitation in the message on standard input.
enum AnswerCommand {
    static let spec = OptionSpec(values: ["--comment", "--occurrence"], flags: ["--no-add", "--send", "--no-send"])
    static let commentSpec = OptionSpec(values: ["--occurrence"], flags: ["--private", "--send", "--no-send"])

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
        let occurrences = try pick(context.arguments.all("--occurrence"), of: stored, context, command: command)
        // Accepting what was cancelled is refused by the responder; a decline is kept.
        if stored.status == .cancelled, action == .declined {
            context.warn("\(stored.handle) was cancelled by the organizer; the answer is recorded anyway")
        }
        for key in occurrences where stored.instance(key)?.isCancelled == true && action == .declined {
            context.warn("the occurrence \(key) was cancelled by the organizer; the answer is recorded anyway")
        }
        if context.arguments.has("--send"), context.arguments.has("--no-send") {
            throw UsageError(message: "--send and --no-send say opposite things; give one", command: command)
        }
        var toOrganizer = !context.arguments.has("--private")
        if !toOrganizer, context.arguments.has("--send") {
            throw UsageError(
                message: "--private keeps the comment for you: there is nothing to --send", command: command)
        }
        if toOrganizer {
            let expected = replyExpected(stored, action: action, send: context.arguments.has("--send"), context)
            toOrganizer = expected.queue
            if let note = expected.note { context.warn(note) }
        }
        let outcome = try context.responder(following: context.arguments.has("--no-add")).answer(
            stored, action: action, occurrences: occurrences, comment: comment,
            addToCalendar: !context.arguments.has("--no-add"), toOrganizer: toOrganizer,
            now: context.environment.now())
        if context.settings.json {
            try context.printJSON(
                JSONOutput.AnswerBody(
                    entries: outcome.entries.map(JSONOutput.HistoryEntry.init),
                    calendar: JSONOutput.CalendarChange(outcome.calendar),
                    scheduling: outcome.scheduling.map(JSONOutput.Scheduling.init)))
            return try SendCommand.afterAnswer(outcome, handle: stored.handle, context)
        }
        var line = "\(stored.handle): \(action.rawValue) \"\(Printable.title(stored.invite.title))\""
        if !occurrences.isEmpty {
            let named = context.arguments.all("--occurrence").map { Printable.sanitize($0) }
            line += " (\(occurrences.count == 1 ? "occurrence" : "occurrences") \(named.joined(separator: ", ")))"
        }
        switch outcome.calendar {
        case .added(let path): line += "; added to \(Printable.sanitize(path))"
        case .rewritten(let path): line += "; updated in \(Printable.sanitize(path))"
        case .removed(let path): line += "; removed from \(Printable.sanitize(path))"
        case .unchanged: break
        }
        context.print(line)
        if let scheduling = outcome.scheduling { context.note(explanation(of: scheduling, handle: stored.handle)) }
        if context.settings.me.value.all.isEmpty, action != .commented, !context.arguments.has("--no-add") {
            context.note(
                "your address is not set (--me, INVITES_ME or 'me =' in the config): the calendar copy carries no ATTENDEE for you"
            )
        }
        return try SendCommand.afterAnswer(outcome, handle: stored.handle, context)
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
        guard !whens.isEmpty else { return [] }
        let picker = OccurrencePicker(
            display: context.settings.zone.value, me: context.settings.me.value, clock: context.environment.now)
        do {
            return try picker.keys(for: whens, of: stored)
        } catch {
            let hint = error == .notRecurring(handle: stored.handle) ? " (without --occurrence)" : ""
            throw UsageError(message: error.description + hint, command: command)
        }
    }

    /// Whether an answer queues a reply, and what to say about it. An invitation whose
    /// ATTENDEE for you says `RSVP=FALSE` expects none (RFC 5546 §3.2.2), so none is queued
    /// unless `send` (`--send`) asks for it, as Outlook and Thunderbird send none; answering
    /// as an address the invitation does not list adds you as an attendee, which the user
    /// should know before it reaches the organizer. A comment is always meant for them.
    static func replyExpected(_ stored: StoredInvite, action: AnswerAction, send: Bool, _ context: CommandContext)
        -> (queue: Bool, note: String?)
    {
        let me = context.settings.me.value
        let invite = stored.invite
        guard action != .commented, invite.expectsReply, invite.source != .push, !me.all.isEmpty else {
            return (true, nil)
        }
        guard let listed = invite.attendees.first(where: { me.contains($0.address) }) else {
            let address = me.all.sorted().first ?? ""
            return (
                true,
                "\(stored.handle) does not list you among its attendees (an invitation to a list?); "
                    + "the reply adds you as \(Printable.sanitize(address))"
            )
        }
        let properties = EventProperties.read(invite.raw, uid: invite.uid)
        guard !send, properties?.noReplyAsked.contains(MyAddresses.normalise(listed.address)) == true else {
            return (true, nil)
        }
        return (
            false,
            "\(stored.handle): the organizer asks for no reply (RSVP=FALSE), so none is queued; "
                + "--send sends one all the same"
        )
    }

    private static func verb(_ action: AnswerAction) -> String {
        switch action {
        case .accepted: return "accept"
        case .declined: return "decline"
        default: return action.rawValue
        }
    }
}
