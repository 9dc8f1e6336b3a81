import Foundation
import InvitesFormats
import InvitesModel

/// A request to the organizer for the invitation as it stands now (RFC 5546 §3.2.6 REFRESH):
/// for a copy you lost or suspect is stale, or a series an added instance (ADD) named that the
/// inbox does not hold whole. The organizer answers with a REQUEST, which `ingest` files as any.
package struct Refresh: Sendable, Hashable {
    /// The occurrence it asks about (``RecurrenceKey``); `nil` for the whole invitation.
    package var recurrenceID: String?
    package var comment: String?

    package init(recurrenceID: String?, comment: String? = nil) {
        self.recurrenceID = recurrenceID
        self.comment = comment
    }

    /// The message for the outbox: an e-mail to the organizer, text for people and
    /// `text/calendar; method=REFRESH`, threaded with the invitation's mail.
    ///
    /// A cancelled invitation may be asked about too: a CANCEL you doubt is what a REFRESH is for.
    /// An announcement (PUBLISH) has an organizer as well, who may answer with the current one.
    package func draft(
        for stored: StoredInvite, me: MyAddresses, name: String?, now: Date, display: DisplayZone
    ) throws(RefreshError) -> OutboxDraft {
        let invite = stored.invite
        guard invite.source != .push else { throw .push(handle: stored.handle) }
        guard let organizer = invite.organizer, let organizerEmail = organizer.email else {
            throw .noOrganizer(handle: stored.handle)
        }
        guard MailAddress.isValid(organizerEmail) else {
            throw .organizerAddressInvalid(handle: stored.handle, address: organizerEmail)
        }
        guard let signer = Signer.of(invite, me: me, name: name) else { throw .noAddress }
        guard
            let calendar = ITIPComposer.refresh(
                for: stored, key: recurrenceID, me: signer.address, name: signer.name, sentBy: signer.sentBy,
                comment: comment, now: now, display: display)
        else { throw .noSuchOccurrence(handle: stored.handle, key: recurrenceID ?? "") }
        let subject = "Please send the current invitation: \(invite.title)"
        var body = "\(subject)\n"
        if let recurrenceID { body += "  for the occurrence \(recurrenceID)\n" }
        if let comment, !comment.isEmpty { body += "\n\(comment)\n" }
        do {
            return try signer.draft(
                .refresh, method: "REFRESH", to: .init(name: organizer.name, email: organizerEmail), subject: subject,
                text: body, calendar: calendar, now: now, thread: invite.mail)
        } catch {
            throw .library(error)
        }
    }

    /// The history entry of this request: the invitation's (or the occurrence's) title, time and
    /// version as the inbox has them, waiting to be queued.
    package func entry(for stored: StoredInvite, now: Date) -> HistoryEntry {
        let organizer = recurrenceID.flatMap { stored.instance($0)?.organizer }
        let (start, end) = Refresh.time(of: stored, key: recurrenceID)
        return HistoryEntry(
            handle: stored.handle, uid: stored.invite.uid, recurrenceID: recurrenceID,
            senderID: stored.invite.senderID, title: organizer?.title ?? stored.invite.title, start: start, end: end,
            sequence: organizer?.sequence ?? stored.invite.sequence,
            dtstamp: organizer?.dtstamp ?? stored.invite.dtstamp, action: .refreshed, comment: comment, at: now,
            delivery: .pending)
    }

    /// The time of the invitation or of its occurrence `key`, as the inbox has it: the
    /// organizer's instance, else the series' length from the occurrence's start.
    static func time(of stored: StoredInvite, key: String?) -> (start: Date, end: Date) {
        let organizer = key.flatMap { stored.instance($0)?.organizer }
        if let organizer { return (organizer.start, organizer.end) }
        guard let key, let instant = RecurrenceKey.instant(of: key) else {
            return (stored.invite.start, stored.invite.end)
        }
        return (instant, instant.addingTimeInterval(stored.invite.end.timeIntervalSince(stored.invite.start)))
    }
}
