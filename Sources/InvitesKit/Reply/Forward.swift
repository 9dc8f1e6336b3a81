import Foundation
import InvitesFormats
import InvitesModel

/// An invitation forwarded to someone the organizer did not invite (RFC 5546 §3.2.2.6): the
/// organizer's REQUEST to them, unchanged but for their ATTENDEE, and a REPLY that tells the
/// organizer who was added, so that the meeting's attendee list is theirs to keep (nextcloud/mail
/// #7864: a forwarded mail leaves the organizer not knowing who comes).
///
/// A delegation (``delegated``) is the same pair of messages for someone who goes in your place
/// (RFC 5546 §4.2.5): your ATTENDEE `PARTSTAT=DELEGATED;DELEGATED-TO` them, theirs
/// `DELEGATED-FROM` you, in both the REPLY and the REQUEST, for the whole invitation or some of
/// its occurrences.
package struct Forward: Sendable, Hashable {
    /// Whom it goes to.
    package var to: String
    package var comment: String?
    /// For a delegation, the components handed over (`nil` in it is the series); `nil` for a
    /// forward.
    package var delegated: [String?]?

    package init(to: String, comment: String? = nil, delegated: [String?]? = nil) {
        self.to = to
        self.comment = comment
        self.delegated = delegated
    }

    /// Whether the invitation may be forwarded at all: one from an organizer, not cancelled,
    /// whose organizer allows it, to an address not invited already.
    package func check(_ stored: StoredInvite) throws(ForwardError) {
        let invite = stored.invite
        guard invite.source != .push else { throw .push(handle: stored.handle) }
        guard invite.method != .publish else { throw .announcement(handle: stored.handle) }
        guard stored.status != .cancelled, invite.method != .cancel else { throw .cancelled(handle: stored.handle) }
        guard let organizer = invite.organizer?.email else { throw .noOrganizer(handle: stored.handle) }
        // Outlook's flag forbids forwarding; handing your own seat to a delegate is another matter.
        if delegated == nil, invite.properties?.forbidsForwarding ?? false { throw .forbidden(handle: stored.handle) }
        guard MailAddress.isValid(to) else { throw .addressInvalid(to) }
        let invited = MyAddresses(invite.attendees.map(\.address) + [organizer])
        guard !invited.contains(to) else { throw .alreadyInvited(handle: stored.handle, address: to) }
    }

    /// The two messages for the outbox: the invitation to ``to`` (`Fwd: Invitation: Title`,
    /// `text/calendar; method=REQUEST`, from you), and the word to the organizer (`Forwarded:
    /// Title`, `method=REPLY`, threaded with the invitation), both signed as your answers are
    /// (``Signer``).
    package func drafts(
        for stored: StoredInvite, me: MyAddresses, name: String?, now: Date, display: DisplayZone
    ) throws(ForwardError) -> [OutboxDraft] {
        try check(stored)
        let invite = stored.invite
        guard let organizer = invite.organizer, let organizerEmail = organizer.email else {
            throw .noOrganizer(handle: stored.handle)
        }
        guard MailAddress.isValid(organizerEmail) else {
            throw .organizerAddressInvalid(handle: stored.handle, address: organizerEmail)
        }
        guard let signer = Signer.of(invite, me: me, name: name) else { throw .noAddress }
        let request = ITIPComposer.forwarded(
            for: stored, to: to, delegatedFrom: delegated == nil ? nil : signer.address, keys: delegated, now: now,
            display: display)
        let invitationSubject = "Fwd: Invitation: \(invite.title)"
        var text = "\(signer.name ?? signer.address) \(delegated == nil ? "forwards you" : "delegates to you") "
        text += "this invitation from \(Invite.Person.shown(organizer)): \(invite.title)\nThe organizer is told.\n"
        if let comment, !comment.isEmpty { text += "\n\(comment)\n" }
        let answers: [(key: String?, action: AnswerAction, comment: String?)] =
            delegated.map { keys in keys.map { ($0, .declined, comment) } }
            ?? [(stored.invite.recurrenceID, AnswerAction(stored.status), comment)]
        let notice = ITIPComposer.reply(
            for: stored, answers: answers, me: signer.address, name: signer.name, sentBy: signer.sentBy,
            added: delegated == nil ? to : nil,
            delegates: Dictionary((delegated ?? []).map { ($0, to) }, uniquingKeysWith: { first, _ in first }),
            now: now,
            display: display)
        let noticeSubject = "\(delegated == nil ? "Forwarded" : "Delegated"): \(invite.title)"
        var noticeText = "\(noticeSubject)\n  \(delegated == nil ? "forwarded" : "delegated") to \(to)\n"
        if let comment, !comment.isEmpty { noticeText += "\n\(comment)\n" }
        do {
            return [
                try signer.draft(
                    .forward, method: "REQUEST", to: .init(name: nil, email: to), subject: invitationSubject,
                    text: text, calendar: request, now: now, thread: nil),
                try signer.draft(
                    .forward, method: "REPLY", to: .init(name: organizer.name, email: organizerEmail),
                    subject: noticeSubject, text: noticeText, calendar: notice, now: now, thread: invite.mail),
            ]
        } catch {
            throw .library(error)
        }
    }

    /// The history entry of this forward or delegation, at the invitation's (or the one
    /// occurrence's) time and version.
    package func entry(for stored: StoredInvite, now: Date) -> HistoryEntry {
        let key = delegated?.count == 1 ? delegated?.first ?? nil : stored.invite.recurrenceID
        let (start, end) = Refresh.time(of: stored, key: key)
        return HistoryEntry(
            handle: stored.handle, uid: stored.invite.uid, recurrenceID: key, senderID: stored.invite.senderID,
            title: stored.invite.title, start: start, end: end, sequence: stored.invite.sequence,
            dtstamp: stored.invite.dtstamp,
            action: delegated == nil ? .forwarded : .delegated, comment: comment, at: now, delivery: .pending,
            delegatedTo: delegated == nil ? nil : to)
    }
}
