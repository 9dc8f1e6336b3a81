import Foundation
import InvitesFormats
import InvitesModel
import InvitesSystem

/// Who a message of yours to an organizer speaks as: the ATTENDEE it carries, with its name,
/// and, when you answer for someone (``MyAddresses/principal``), you as its `SENT-BY`.
///
/// RFC 5545 §3.2.18 puts the one who acts for a calendar user in SENT-BY; RFC 5322 §3.6.2 gives
/// the same case its own example, a secretary sending for another person: the author in
/// `From`, the secretary in `Sender`. Organizers' software matches a REPLY's `From` against its
/// ATTENDEE (Google, Exchange), so the mail goes from the one the answer is for, and `Sender`
/// says who sent it; replies then go to the author, which is where they belong, so no
/// `Reply-To` is added.
package struct Signer: Sendable, Hashable {
    /// The ATTENDEE's address: yours, or the one you answer for.
    package var address: String
    package var name: String?
    /// Your own address, when you answer for someone.
    package var sentBy: String?
    /// Your name for the `Sender` line (the `name` setting).
    package var sentByName: String?
    /// Whether the invitation lists the ATTENDEE (else it is added, as for an invite to a list).
    package var listed: Bool

    /// The signer of a message about `invite`; `name` is the `name` setting. `nil` when there
    /// is no address at all.
    package static func of(_ invite: Invite, me: MyAddresses, name: String?) -> Signer? {
        let listed: Invite.Attendee?
        if let principal = me.principal {
            listed = invite.attendees.first { MyAddresses.normalise($0.address) == principal }
        } else {
            listed = invite.attendees.first { me.contains($0.address) }
        }
        guard let address = listed?.address ?? me.principal ?? me.all.sorted().first else { return nil }
        // Organizers' software often puts the address itself in CN ("bart@example.com"); that is
        // no name to sign with.
        let invited = listed?.name.flatMap { $0.contains("@") || $0.isEmpty ? nil : $0 }
        guard me.principal != nil, let own = me.own.first else {
            return Signer(address: address, name: name ?? invited, sentBy: nil, sentByName: nil, listed: listed != nil)
        }
        // Your name is yours: the principal keeps the name the invitation gives them.
        return Signer(address: address, name: invited, sentBy: own, sentByName: name, listed: listed != nil)
    }

    /// The whole e-mail of one iTIP message from you, for the outbox: text for people and
    /// `text/calendar; method=METHOD`, from you (or the one you answer for, you its Sender), to
    /// `to`, threaded with `thread` when there is one.
    func draft(
        _ kind: OutboxDraft.Kind, method: String, to: MIMEComposer.Address, subject: String, text: String,
        calendar: String, now: Date, thread: MailThread?
    ) throws(LibraryLoadError) -> OutboxDraft {
        let message = try MIMEComposer.replyMessage(
            from: mailbox.from, to: to, subject: subject, text: text, calendar: calendar, date: now, thread: thread,
            method: method, sender: mailbox.sender)
        return OutboxDraft(
            kind: kind, transport: .mail, recipient: to.email, subject: subject, body: Data(message.text.utf8),
            messageID: message.messageID)
    }

    /// The mail's `From` (the author) and, when you answer for someone, its `Sender` (you).
    var mailbox: (from: MIMEComposer.Address, sender: MIMEComposer.Address?) {
        (.init(name: name, email: address), sentBy.map { .init(name: sentByName, email: $0) })
    }
}
