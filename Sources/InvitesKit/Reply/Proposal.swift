import Foundation
import InvitesFormats
import InvitesModel

/// A new time for an invitation, proposed to its organizer: the COUNTER and the mail around it.
package struct Proposal: Sendable, Hashable {
    /// The occurrence it is for (``RecurrenceKey``); `nil` for the whole invitation.
    package var recurrenceID: String?
    package var start: Date
    package var end: Date
    /// For an all-day invitation, the dates proposed.
    package var dates: Occurrence.AllDayDates?
    package var comment: String?

    package init(
        recurrenceID: String?, start: Date, end: Date, dates: Occurrence.AllDayDates? = nil, comment: String? = nil
    ) {
        self.recurrenceID = recurrenceID
        self.start = start
        self.end = end
        self.dates = dates
        self.comment = comment
    }

    /// Whether a proposal can be made at all: an invitation from an organizer, not cancelled,
    /// whose software takes proposals.
    package static func check(_ stored: StoredInvite, details: EventProperties?) throws(ProposalError) {
        let invite = stored.invite
        guard invite.source != .push else { throw .push(handle: stored.handle) }
        guard invite.method != .publish else { throw .announcement(handle: stored.handle) }
        guard details?.isTask != true else { throw .task(handle: stored.handle) }
        guard stored.status != .cancelled, invite.method != .cancel else { throw .cancelled(handle: stored.handle) }
        guard invite.organizer?.email != nil else { throw .noOrganizer(handle: stored.handle) }
        guard !(details?.disallowsCounter ?? false) else { throw .disallowed(handle: stored.handle) }
    }

    /// The message for the outbox: an e-mail to the organizer, text for people and
    /// `text/calendar; method=COUNTER`, threaded with the invitation's mail. `was` is the time
    /// the invitation (or the occurrence) has now, for the words.
    package func draft(
        for stored: StoredInvite, was: DateInterval, me: MyAddresses, name: String?, now: Date, display: DisplayZone
    ) throws(ProposalError) -> OutboxDraft {
        let invite = stored.invite
        try Proposal.check(stored, details: invite.properties)
        if let recurrenceID, stored.answer(for: recurrenceID) == .cancelled {
            throw .cancelled(handle: stored.handle)
        }
        guard let organizer = invite.organizer, let organizerEmail = organizer.email else {
            throw .noOrganizer(handle: stored.handle)
        }
        guard MailAddress.isValid(organizerEmail) else {
            throw .organizerAddressInvalid(handle: stored.handle, address: organizerEmail)
        }
        guard let signer = Signer.of(invite, me: me, name: name) else { throw .noAddress }
        let partstat = AnswerAction(stored.answer(for: recurrenceID)).partstat ?? "NEEDS-ACTION"
        guard
            let calendar = ITIPComposer.counter(
                for: stored, key: recurrenceID, start: start, end: end, dates: dates, me: signer.address,
                name: signer.name, sentBy: signer.sentBy, partstat: partstat, comment: comment, now: now,
                display: display)
        else { throw .cancelled(handle: stored.handle) }
        let time = HumanTime(zone: display)
        let subject = "New time proposed: \(invite.title)"
        var body = "\(subject)\n\n  proposed: \(time.span(start: start, end: end, dates: dates))\n"
        body +=
            "  instead of: \(time.span(start: was.start, end: was.end, dates: dates == nil ? nil : Proposal.dates(of: was, in: display)))\n"
        if let comment, !comment.isEmpty { body += "\n\(comment)\n" }
        do {
            return try signer.draft(
                .counter, method: "COUNTER", to: .init(name: organizer.name, email: organizerEmail), subject: subject,
                text: body, calendar: calendar, now: now, thread: invite.mail)
        } catch {
            throw .library(error)
        }
    }

    /// The history entry of this proposal: the invitation's (or the occurrence's) title and
    /// version, at the time proposed, waiting to be queued.
    package func entry(for stored: StoredInvite, now: Date) -> HistoryEntry {
        let organizer = recurrenceID.flatMap { stored.instance($0)?.organizer }
        return HistoryEntry(
            handle: stored.handle, uid: stored.invite.uid, recurrenceID: recurrenceID,
            senderID: stored.invite.senderID, title: organizer?.title ?? stored.invite.title, start: start, end: end,
            sequence: organizer?.sequence ?? stored.invite.sequence,
            dtstamp: organizer?.dtstamp ?? stored.invite.dtstamp, action: .proposed, comment: comment, at: now,
            delivery: .pending)
    }

    /// The dates an all-day stretch covers in a zone.
    package static func dates(of interval: DateInterval, in zone: DisplayZone) -> Occurrence.AllDayDates {
        Occurrence.AllDayDates(
            first: LocalDate(interval.start, in: zone.timeZone),
            endExclusive: LocalDate(interval.end, in: zone.timeZone))
    }
}
