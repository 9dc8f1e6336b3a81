import Foundation
import InvitesFormats
import InvitesKit

/// The words of a proposal of a new time, said once for `propose` and `review`'s `p`: what was
/// proposed, and why a start cannot be.
enum ProposalWords {
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
}
