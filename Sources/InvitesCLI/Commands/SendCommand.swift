import Foundation
import InvitesKit

/// `invites send [HANDLE...] [--again]`: hands the outbox's queued messages over, and the part of
/// answering that sends at once (`--send`, `send = always|ask`).
enum SendCommand {
    static let spec = OptionSpec(flags: ["--again"])

    static func run(_ context: CommandContext) throws -> ExitCode {
        let store = try context.openStore()
        var handles: [String]?
        if !context.arguments.positionals.isEmpty {
            handles = try context.arguments.positionals.map { try store.resolve($0).handle }
        }
        return try deliver(handles: handles, again: context.arguments.has("--again"), context, afterAnswer: false)
    }

    /// Sends and reports, one line per message; exit 1 when any is left unsent. After an answer
    /// (`afterAnswer`) the answer's own output stands for the command, so nothing is said when
    /// there was nothing to send, and `--json` prints no second document.
    static func deliver(handles: [String]?, again: Bool, _ context: CommandContext, afterAnswer: Bool) throws
        -> ExitCode
    {
        let courier = try context.courier()
        try recover(courier, context)
        let reports = try courier.send(handles: handles, again: again)
        if context.settings.json, !afterAnswer {
            try context.printJSON(["results": reports.map(JSONOutput.SentMessage.init)])
            return reports.allSatisfy({ $0.handover == .sent || $0.skipped }) ? .success : .failure
        }
        if reports.isEmpty, !afterAnswer {
            context.print(try nothingDue(handles: handles, context))
        }
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

    /// Finds what a killed `send` left claimed and says which mail may or may not have gone.
    static func recover(_ courier: Courier, _ context: CommandContext) throws {
        for message in try courier.recover() {
            context.warn(
                "\(message.handle): a send was cut off while handing '\(Printable.sanitize(message.subject))' to "
                    + "\(Printable.sanitize(message.recipient)); it may have gone. Check your sent mail, then "
                    + "'invites send --again \(message.handle)' if it did not")
        }
    }

    /// Why a `send` found nothing to do: nothing waits, or what waits is not due (a next try
    /// later, a refusal that waits for `--again`). Not an error: a cron line that sends every
    /// few minutes must not fail for a message the user has yet to look at.
    private static func nothingDue(handles: [String]?, _ context: CommandContext) throws -> String {
        let waiting = try context.openStore().outbox(states: [.queued, .failed, .interrupted], handles: handles)
        guard !waiting.isEmpty else {
            return handles.map { "Nothing queued for \($0.joined(separator: ", "))." } ?? "Nothing to send."
        }
        var parts: [String] = []
        let later = waiting.filter { $0.state == .queued }.compactMap(\.nextTry).min()
        let queued = waiting.filter { $0.state == .queued }.count
        if queued > 0, let later {
            parts.append(
                "\(queued) queued until their next try (from \(context.time.clock(later)); 'invites send HANDLE' tries now)"
            )
        }
        let stopped = waiting.filter { $0.state != .queued }.count
        if stopped > 0 {
            parts.append(
                "\(stopped) failed or cut off, waiting for 'invites send --again HANDLE' ('invites outbox' says why)")
        }
        return "Nothing due: " + parts.joined(separator: "; ") + "."
    }

    /// After an answer queued a reply: sends it when `--send` says so, or the `send` setting
    /// (asking on the terminal for `ask`), else says where it waits.
    static func afterAnswer(_ outcome: Responder.Outcome, handle: String, _ context: CommandContext) throws
        -> ExitCode
    {
        if let reason = outcome.notQueued {
            context.warn("no reply was queued for the organizer: \(ErrorReport.describe(reason).0)")
            return .success
        }
        guard outcome.queued != nil else { return .success }
        return try afterQueued(handle: handle, context)
    }

    /// After an answer or a proposal queued a message (`what` says which): sends it when
    /// `--send` says so, or the `send` setting (asking on the terminal for `ask`), else says
    /// where it waits.
    static func afterQueued(handle: String, what: String = "reply", _ context: CommandContext) throws -> ExitCode {
        let send: Bool
        if context.arguments.has("--send") {
            send = true
        } else if context.arguments.has("--no-send") {
            send = false
        } else {
            switch context.settings.sending.policy.value {
            case .always:
                send = true
            case .never:
                send = false
            case .ask:
                guard let answer = context.environment.confirm("Send the \(what) to the organizer now? [y/N] ") else {
                    context.note("\(handle): send = ask, but there is no terminal to ask on; the \(what) stays queued")
                    return .success
                }
                send = answer
            }
        }
        guard send else {
            if !context.settings.json {
                context.note("\(handle): the \(what) is queued; 'invites send' sends it")
            }
            return .success
        }
        return try deliver(handles: [handle], again: false, context, afterAnswer: true)
    }
}
