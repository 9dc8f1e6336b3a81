/// Who an invitation that came by mail says it is from, and what the receiving server found of
/// that, for telling the user when the mail was not sent by the organizer.
///
/// It never blocks: calendar services (Google, Outlook, a booking system) send on behalf of
/// organizers all the time, often from an address of their own with the organizer as SENT-BY.
/// But a stranger can write any ORGANIZER, so where the mail's sender is neither the ORGANIZER
/// nor its SENT-BY, or the server that took the mail in recorded a failed check for its From
/// domain, the invitation says so wherever it is shown.
package struct MailOrigin: Sendable, Hashable {
    /// The address of the `From:` mailbox.
    package var from: String?
    /// The address of the `Sender:` mailbox, where the mail has one.
    package var sender: String?
    /// The checks the receiving server recorded as failed for the From domain
    /// (`Authentication-Results`, RFC 8601): `dmarc=fail`, `dkim=fail`, `spf=fail`.
    package var failedChecks: [String]

    package init(from: String?, sender: String?, failedChecks: [String] = []) {
        self.from = from
        self.sender = sender
        self.failedChecks = failedChecks
    }

    /// Who sent the mail, as it is shown: the Sender when there is one, else the From.
    package var sentBy: String? { sender ?? from }

    /// Whether the mail came from the organizer or from whom the organizer named to send for
    /// them (SENT-BY): either of From and Sender will do, compared without regard to case. An
    /// invitation that names no organizer's address has nobody to compare with.
    package func isFrom(_ organizer: Invite.Person?) -> Bool {
        guard let address = organizer?.address else { return true }
        let allowed = [address, organizer?.sentBy.map(MyAddresses.normalise)].compactMap { $0 }
        let senders = [from, sender].compactMap { $0.map(MyAddresses.normalise) }
        return senders.isEmpty || senders.contains { allowed.contains($0) }
    }

    /// What to tell of the mail, or `nil` when there is nothing: `sent by X for Y`, and the
    /// failed checks.
    package func note(for organizer: Invite.Person?) -> String? {
        var parts: [String] = []
        if !isFrom(organizer), let sentBy, let address = organizer?.email {
            parts.append("sent by \(sentBy) for \(address)")
        }
        if !failedChecks.isEmpty {
            parts.append(
                "your mail server's checks of its sender failed (\(failedChecks.joined(separator: ", ")))")
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }
}
