import Foundation
import InvitesFormats
import InvitesKit

/// `invites send [HANDLE...] [--again]`: hands the outbox's queued messages over; and the words
/// for what the ``DeliveryController`` did after an answer or a proposal (`--send`,
/// `send = always|ask`).
enum SendCommand {
    static let spec = OptionSpec(flags: ["--again"])

    static func run(_ context: CommandContext) throws -> ExitCode {
        let store = try context.openStore()
        var handles: [String]?
        if !context.arguments.positionals.isEmpty {
            handles = try context.arguments.positionals.map { try store.resolve($0).handle }
        }
        let delivery = try context.deliveryController()
        let run = try delivery.send(handles: handles, again: context.arguments.has("--again"))
        recovered(run.recovered, context)
        if context.settings.json {
            try context.printJSON(["results": run.reports.map(JSONOutput.SentMessage.init)])
            return run.allSent ? .success : .failure
        }
        if run.reports.isEmpty {
            context.print(nothingDue(try delivery.waiting(handles: handles), handles: handles, context))
        }
        return report(run.reports, context)
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
        _ sending: DeliveryController.Sending, handle: String, what: String = "reply",
        delivery: DeliveryController, _ context: CommandContext
    ) throws -> ExitCode {
        switch sending {
        case .queued:
            break
        case .ask:
            guard let answer = context.environment.confirm("Send the \(what) to the organizer now? [y/N] ") else {
                context.note("\(handle): send = ask, but there is no terminal to ask on; the \(what) stays queued")
                return .success
            }
            if answer { return sent(try delivery.send(handles: [handle]), context) }
        case .sent(let run):
            return sent(run, context)
        case .failed(let error):
            throw error
        }
        if !context.settings.json {
            context.note("\(handle): the \(what) is queued; 'invites send' sends it")
        }
        return .success
    }

    /// The lines of a hand-over after an answer; exit 1 when any message is left unsent.
    static func sent(_ run: DeliveryController.Run, _ context: CommandContext) -> ExitCode {
        recovered(run.recovered, context)
        return report(run.reports, context)
    }

    /// One line per message; exit 1 when any is left unsent.
    private static func report(_ reports: [Courier.Report], _ context: CommandContext) -> ExitCode {
        var code = ExitCode.success
        for report in reports {
            let message = report.message
            let what = "'\(Printable.sanitize(message.subject))'"
            let to = message.transport == .mail ? Printable.sanitize(message.recipient) : "the sender's server"
            switch report.handover {
            case .sent?:
                if context.settings.json {
                    context.note("\(message.handle): sent \(what) to \(to)")
                } else {
                    context.print("\(message.handle): sent \(what) to \(to)")
                }
            case .retry(let error, let retryAt)?:
                code = .failure
                let next = retryAt.map { "; tried again after \(context.time.clock($0))" } ?? ""
                context.note(
                    "\(message.handle): \(what) not sent: \(Printable.sanitize(error)). It stays queued\(next) "
                        + "('invites send' tries again)")
            case .refused(let error)?:
                code = .failure
                context.note(
                    "\(message.handle): \(what) refused: \(Printable.sanitize(error)). Marked failed "
                        + "('invites send --again \(message.handle)' tries once more)")
            case .uncertain(let error)?:
                code = .failure
                context.note(
                    "\(message.handle): \(what) may or may not have gone: \(Printable.sanitize(error)). Check your "
                        + "sent mail, then 'invites send --again \(message.handle)' if it did not")
            case nil:
                context.note("\(message.handle): \(what) is being sent by another invites")
            }
        }
        return code
    }

    /// Says which mail a killed `send` left claimed, which may or may not have gone.
    static func recovered(_ messages: [OutboxMessage], _ context: CommandContext) {
        for message in messages {
            context.warn(
                "\(message.handle): a send was cut off while handing '\(Printable.sanitize(message.subject))' to "
                    + "\(Printable.sanitize(message.recipient)); it may have gone. Check your sent mail, then "
                    + "'invites send --again \(message.handle)' if it did not")
        }
    }

    /// Why a `send` found nothing to do: nothing waits, or what waits is not due (a next try
    /// later, a refusal that waits for `--again`). Not an error: a cron line that sends every
    /// few minutes must not fail for a message the user has yet to look at.
    private static func nothingDue(_ waiting: DeliveryController.Waiting, handles: [String]?, _ context: CommandContext)
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
