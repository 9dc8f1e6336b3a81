import Foundation
import InvitesFormats
import InvitesModel

extension OutboxDraft {
    /// The message that tells the organizer (or a push sender's server) where the invitation
    /// stands: a whole e-mail for an invitation, the JSON answer for a push payload.
    package static func make(
        for stored: StoredInvite, history: [HistoryEntry], me: MyAddresses, name: String?, now: Date,
        display: DisplayZone
    ) throws(ReplyError) -> OutboxDraft {
        let push = stored.invite.source == .push
        let reply = try Reply.make(
            for: stored, history: history, me: me, name: name, mime: !push, now: now, display: display)
        return OutboxDraft(
            transport: push ? .http : .mail, recipient: reply.recipient ?? "", subject: reply.subject,
            body: Data(reply.text.utf8), messageID: reply.messageID, carriage: reply.carriage)
    }
}
