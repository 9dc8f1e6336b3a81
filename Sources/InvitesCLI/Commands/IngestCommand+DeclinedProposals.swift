import Foundation
import InvitesKit

extension IngestCommand {
    /// Files an organizer's DECLINECOUNTER on the invitation it answers, and says so: it is
    /// an answer to a proposal of yours, not an invitation, and not a mistake to refuse. One for
    /// an invitation the inbox does not hold is refused (exit 65), as nothing would show it.
    static func fileDeclinedProposals(_ data: Data, name: String, _ context: CommandContext) throws {
        let declined = try InviteReader(display: context.settings.zone.value).declinedProposals(data, file: name)
        let store = try context.openStore()
        for item in declined {
            guard let stored = try store.find(uid: item.uid) else {
                throw IngestError.notAnInvite(
                    file: name,
                    reason: "a DECLINECOUNTER for \(Printable.quoted(item.uid, limit: 60)), which is not in the inbox")
            }
            let recorded = try store.recordDeclinedProposal(item, for: stored, now: context.environment.now())
            var line =
                "\(stored.handle): the organizer declined your proposal of a new time for "
                + "\"\(Printable.sanitize(stored.invite.title))\""
            if let comment = item.comment { line += ": \"\(Printable.sanitize(comment))\"" }
            if recorded == nil { line += " (already in the history)" }
            if context.settings.json { context.note(line) } else { context.print(line) }
        }
    }
}
