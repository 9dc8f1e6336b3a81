import Foundation
import InvitesFormats
import InvitesKit

/// `invites propose HANDLE [--at WHEN | --free] [--occurrence WHEN] [--comment TEXT] [--send |
/// --no-send]`: proposes a new time to the organizer (an iTIP COUNTER), through the outbox.
enum ProposeCommand {
    static let spec = OptionSpec(
        values: ["--at", "--occurrence", "--comment", "--for"], flags: ["--free", "--send", "--no-send"])

    static func run(_ context: CommandContext) throws -> ExitCode {
        let at = context.arguments.value("--at")
        let free = context.arguments.has("--free")
        guard (at != nil) != free else {
            throw UsageError(
                message: at == nil
                    ? "propose needs --at WHEN (a new start) or --free (the first free time)"
                    : "--at and --free each choose the time; give one",
                command: "propose")
        }
        let send = try SendCommand.override(context, command: "propose")
        let stored = try context.resolveInvite(command: "propose")
        let key = try AnswerCommand.pickOne(of: stored, context, command: "propose")
        let made: ProposeController.Made
        do {
            made = try controller(context).propose(
                stored, at: at, key: key, comment: context.arguments.value("--comment"))
        } catch let error as ProposedTimeError {
            throw usage(error, context)
        }
        if context.settings.json {
            try context.printJSON(["proposal": JSONOutput.ProposalMade(made)])
        } else {
            context.print(line(made, context))
        }
        let delivery = try context.deliveryController()
        let sending = try delivery.afterQueued(stored.handle, send: send)
        return try SendCommand.after(sending, handle: stored.handle, what: "proposal", delivery: delivery, context)
    }

    /// `k3m9: proposed Wed 12 Jun 2024 14:00-15:00 CEST for "Title" (now Mon 10 Jun …)`.
    static func line(_ made: ProposeController.Made, _ context: CommandContext) -> String {
        let time = context.time
        let proposal = made.proposal
        let allDay = proposal.dates != nil
        let was = allDay ? Proposal.dates(of: made.was, in: context.settings.zone.value) : nil
        return
            "\(made.stored.handle): proposed \(time.span(start: proposal.start, end: proposal.end, dates: proposal.dates))"
            + " for \"\(Printable.title(made.stored.invite.title))\""
            + (proposal.recurrenceID.map { " (the occurrence \($0))" } ?? "")
            + ", instead of \(time.span(start: made.was.start, end: made.was.end, dates: was))"
    }

    /// A start that names no time to propose, in `--at`'s words.
    static func usage(_ error: ProposedTimeError, _ context: CommandContext) -> UsageError {
        switch error {
        case .unreadable(let at):
            return UsageError(
                message: "--at takes a start like 2026-12-14 15:00, 15:00 (that day) or 2026-12-15 (that time), "
                    + "not '\(Printable.sanitize(at))'",
                command: "propose")
        case .past(let at, let now):
            return UsageError(
                message: "--at \(Printable.sanitize(at)) is in the past (it is "
                    + "\(context.time.day(now)) \(context.time.clock(now)) "
                    + "\(context.settings.zone.value.abbreviation(at: now)) now); give a time to come",
                command: "propose")
        }
    }

    /// The controller with the settings of this run.
    static func controller(_ context: CommandContext) throws -> ProposeController {
        ProposeController(
            store: try context.openStore(), cache: context.openCache(),
            settings: ProposeController.Settings(
                calendars: context.settings.calendars.value, display: context.settings.zone.value,
                me: context.settings.me.value, name: context.settings.sending.name.value,
                working: try WorkSettings.resolve(context.settings.config, path: context.settings.configPath).value),
            clock: context.environment.now)
    }
}
