import Foundation
import InvitesFormats
import InvitesKit

/// `invites send [HANDLE...] [--again]`: hands the outbox's queued messages over; and the words
/// for what the ``Dispatcher`` did after an answer or a proposal (`--send`,
/// `send = always|ask`).
enum SendCommand {
    static let spec = OptionSpec(flags: ["--again"])

    static func run(_ context: CommandContext) throws -> ExitCode {
        let store = try context.inbox()
        var handles: [String]?
        if !context.arguments.positionals.isEmpty {
            handles = try context.arguments.positionals.map { try store.resolve($0).handle }
        }
        let dispatcher = try context.home.dispatcher()
        let run = try dispatcher.send(handles: handles, again: context.arguments.has("--again"))
        if context.settings.json {
            recovered(run.recovered, context)
            try context.printJSON(["results": run.reports.map(JSONOutput.SentMessage.init)])
            return run.allSent ? .success : .failure
        }
        guard run.reports.isEmpty else { return sent(run, context) }
        recovered(run.recovered, context)
        context.print(nothingDue(try dispatcher.waiting(handles: handles), handles: handles, context))
        return .success
    }

    /// `--send` (true), `--no-send` (false), else `nil`: the `send` setting decides.
    /// The same, for a command that queues a message (`propose`, `refresh`, `forward`,
    /// `delegate`): `--send` with `--no-send` is a usage error of `command`.
    static func override(_ context: CommandContext, command: String) throws -> Bool? {
        if context.arguments.has("--send"), context.arguments.has("--no-send") {
            throw UsageError(message: "--send and --no-send say opposite things; give one", command: command)
        }
        return override(context)
    }

    static func override(_ context: CommandContext) -> Bool? {
        if context.arguments.has("--send") { return true }
        if context.arguments.has("--no-send") { return false }
        return nil
    }

    /// Says what became of the message an answer or a proposal (`what` says which) queued:
    /// where it waits, or how sending it went; for `send = ask`, asks on the terminal first.
    /// The answer's own output stands for the command, so `--json` prints no second document.
    static func after(
        _ sending: Dispatcher.Sending, handle: String, what: String = "reply",
        dispatcher: Dispatcher, _ context: CommandContext
    ) throws -> ExitCode {
        switch sending {
        case .queued:
            break
        case .ask:
            guard let answer = context.environment.confirm("Send the \(what) to the organizer now? [y/N] ") else {
                context.note("\(handle): send = ask, but there is no terminal to ask on; the \(what) stays queued")
                return .success
            }
            if answer { return sent(try dispatcher.send(handles: [handle]), context) }
        case .sent(let run):
            return sent(run, context)
        case .failed(let error):
            throw error
        }
        if !context.settings.json {
            context.note(AnswerWords.queued(handle, what: what))
        }
        return .success
    }

    /// The lines of a hand-over after an answer; exit 1 when any message is left unsent.
    static func sent(_ run: Dispatcher.Run, _ context: CommandContext) -> ExitCode {
        let words = DispatchWords.said(run, time: context.time, json: context.settings.json)
        for said in words.said {
            switch said {
            case .line(let text): context.print(text)
            case .note(let text): context.note(text)
            case .warning(let text): context.warn(text)
            }
        }
        return words.failed ? .failure : .success
    }

    /// Says which mail a killed `send` left claimed, which may or may not have gone.
    static func recovered(_ messages: [OutboxMessage], _ context: CommandContext) {
        for line in DispatchWords.recovered(messages) { context.warn(line) }
    }

    /// Why a `send` found nothing to do: nothing waits, or what waits is not due (a next try
    /// later, a refusal that waits for `--again`). Not an error: a cron line that sends every
    /// few minutes must not fail for a message the user has yet to look at.
    private static func nothingDue(_ waiting: Dispatcher.Waiting, handles: [String]?, _ context: CommandContext)
        -> String
    {
        guard !waiting.isEmpty else {
            return handles.map { "Nothing queued for \($0.joined(separator: ", "))." } ?? "Nothing to send."
        }
        var parts: [String] = []
        if waiting.queued > 0, let later = waiting.nextTry {
            parts.append(
                "\(waiting.queued) queued until their next try (from \(context.time.clock(later)); "
                    + "'invites send HANDLE' tries now)")
        }
        if waiting.stopped > 0 {
            parts.append(
                "\(waiting.stopped) failed or cut off, waiting for 'invites send --again HANDLE' "
                    + "('invites outbox' says why)")
        }
        return "Nothing due: " + parts.joined(separator: "; ") + "."
    }
}
