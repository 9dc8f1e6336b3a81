import Foundation

/// An invitation forwarded to someone the organizer did not invite (RFC 5546 §3.2.2.6): the
/// organizer's REQUEST to them, unchanged but for their ATTENDEE, and a REPLY that tells the
/// organizer who was added, so that the meeting's attendee list is theirs to keep (nextcloud/mail
/// #7864: a forwarded mail leaves the organizer not knowing who comes).
public struct Forward: Sendable, Hashable {
    /// Whom it goes to.
    public var to: String
    public var comment: String?

    public init(to: String, comment: String? = nil) {
        self.to = to
        self.comment = comment
    }

    /// Whether the invitation may be forwarded at all: one from an organizer, not cancelled,
    /// whose organizer allows it, to an address not invited already.
    public func check(_ stored: StoredInvite) throws(ForwardError) {
        let invite = stored.invite
        guard invite.source != .push else { throw .push(handle: stored.handle) }
        guard invite.method != .publish else { throw .announcement(handle: stored.handle) }
        guard stored.status != .cancelled, invite.method != .cancel else { throw .cancelled(handle: stored.handle) }
        guard let organizer = invite.organizer?.email else { throw .noOrganizer(handle: stored.handle) }
        guard !(invite.properties?.forbidsForwarding ?? false) else { throw .forbidden(handle: stored.handle) }
        guard MailAddress.isValid(to) else { throw .addressInvalid(to) }
        let invited = MyAddresses(invite.attendees.map(\.address) + [organizer])
        guard !invited.contains(to) else { throw .alreadyInvited(handle: stored.handle, address: to) }
    }

    /// The two messages for the outbox: the invitation to ``to`` (`Fwd: Invitation: Title`,
    /// `text/calendar; method=REQUEST`, from you), and the word to the organizer (`Forwarded:
    /// Title`, `method=REPLY`, threaded with the invitation), both signed as your answers are
    /// (``Signer``).
    public func drafts(
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
        let request = ITIPComposer.forwarded(for: stored, to: to, now: now, display: display)
        let invitationSubject = "Fwd: Invitation: \(invite.title)"
        var text = "\(signer.name ?? signer.address) forwards you this invitation from "
        text += "\(Invite.Person.shown(organizer)): \(invite.title)\nThe organizer is told.\n"
        if let comment, !comment.isEmpty { text += "\n\(comment)\n" }
        let answer = AnswerAction(stored.status)
        let notice = ITIPComposer.reply(
            for: stored, answers: [(stored.invite.recurrenceID, answer, comment)], me: signer.address,
            name: signer.name, sentBy: signer.sentBy, added: to, now: now, display: display)
        let noticeSubject = "Forwarded: \(invite.title)"
        var noticeText = "\(noticeSubject)\n  forwarded to \(to)\n"
        if let comment, !comment.isEmpty { noticeText += "\n\(comment)\n" }
        do {
            let invitation = try MIMEComposer.replyMessage(
                from: signer.mailbox.from, to: .init(name: nil, email: to), subject: invitationSubject, text: text,
                calendar: request, date: now, thread: nil, method: "REQUEST", sender: signer.mailbox.sender)
            let told = try MIMEComposer.replyMessage(
                from: signer.mailbox.from, to: .init(name: organizer.name, email: organizerEmail),
                subject: noticeSubject, text: noticeText, calendar: notice, date: now, thread: invite.mail,
                sender: signer.mailbox.sender)
            return [
                OutboxDraft(
                    kind: .forward, transport: .mail, recipient: to, subject: invitationSubject,
                    body: Data(invitation.text.utf8), messageID: invitation.messageID),
                OutboxDraft(
                    kind: .forward, transport: .mail, recipient: organizerEmail, subject: noticeSubject,
                    body: Data(told.text.utf8), messageID: told.messageID),
            ]
        } catch {
            throw .library(error)
        }
    }

    /// The history entry of this forward, at the invitation's time and version.
    public func entry(for stored: StoredInvite, now: Date) -> HistoryEntry {
        HistoryEntry(
            handle: stored.handle, uid: stored.invite.uid, recurrenceID: stored.invite.recurrenceID,
            senderID: stored.invite.senderID, title: stored.invite.title, start: stored.invite.start,
            end: stored.invite.end, sequence: stored.invite.sequence, dtstamp: stored.invite.dtstamp,
            action: .forwarded, comment: comment, at: now, delivery: .pending)
    }
}
