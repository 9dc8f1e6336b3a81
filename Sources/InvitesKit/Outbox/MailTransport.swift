import Foundation
import InvitesSystem

/// Hands a mail to the user's sendmail-compatible command (`sendmail -t -i`, `msmtp -t`), which
/// takes the recipients from the headers, as mutt and git send-email do.
struct MailTransport: Transport {
    /// The command and its arguments, split as the config wrote them.
    var command: [String]
    /// How long the command may take; a hung one is killed and the message stays queued.
    var timeout: TimeInterval = 120

    /// One try: a command that may have passed the mail on is never run again on its own.
    func deliver(_ message: OutboxMessage, clock: () -> Date) -> (Handover, tries: Int) {
        (deliver(message), 1)
    }

    func deliver(_ message: OutboxMessage) -> Handover {
        guard !command.isEmpty else { return .retry(error: OutboxError.noSendmailCommand.description, retryAt: nil) }
        // A message queued before addresses were checked is refused here, never handed over.
        guard MailAddress.isValid(message.recipient) else {
            return .refused(error: OutboxError.badRecipient(message.recipient).description)
        }
        let outcome: Subprocess.Outcome
        do {
            outcome = try Subprocess.run(command, input: message.body, timeout: timeout)
        } catch {
            switch error {
            case .cannotStart(let program, let cause):
                return .retry(error: "cannot run \(program): \(cause)", retryAt: nil)
            case .pipe(let cause):
                return .retry(error: "cannot run \(command[0]): \(cause)", retryAt: nil)
            }
        }
        let said = outcome.output.trimmingCharacters(in: .whitespacesAndNewlines)
        let words = said.isEmpty ? "" : ": \(said)"
        // A command killed midway may have passed the mail on: it is not sent again on its own.
        if outcome.timedOut { return .uncertain(error: "\(command[0]) was killed after \(Int(timeout)) s\(words)") }
        if outcome.status == 0 { return .sent }
        return .retry(error: "\(command[0]) exited with \(outcome.status)\(words)", retryAt: nil)
    }
}
