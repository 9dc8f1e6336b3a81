import Foundation
import InvitesFormats
import InvitesModel

/// A message that claims to change a meeting the inbox holds, sent in the name of another
/// organizer than the one on file (RFC 5546 §6.1.1, spoofing).
///
/// A meeting's UID is no secret: every attendee has it, and so does anyone ever invited to it.
/// Only the organizer on file changes a meeting, so such a message is not filed: it changes
/// nothing in the inbox, the calendar or the outbox, and is refused by name. Filing it apart
/// as a second invitation would give one UID two meetings, which neither the calendar (one item
/// per UID) nor the organizer's reply (one UID) can hold.
package struct ForeignUpdate: Error, Sendable, Hashable, CustomStringConvertible {
    package var uid: String
    /// The title of the meeting on file, which is what the user knows it by.
    package var title: String
    /// The organizer on file, as it is shown.
    package var onFile: String
    /// The organizer the message names, as it is shown.
    package var claimed: String
    /// What the message would have done: `update`, `cancel`, `add to`, `decline a proposal for`.
    package var verb: String

    package init(uid: String, title: String, onFile: String, claimed: String, verb: String) {
        self.uid = uid
        self.title = title
        self.onFile = onFile
        self.claimed = claimed
        self.verb = verb
    }

    package var description: String {
        "claims to \(verb) \(Printable.quotedTitle(title, limit: 60)) of \(Printable.sanitize(onFile)), "
            + "but its organizer is \(Printable.sanitize(claimed)): not filed"
    }

    /// Whether two organizers are the same one: their addresses compared without regard to case
    /// or a `mailto:` (as calendar servers compare calendar user addresses), and a name alone
    /// never standing in for an address. Two without an address (push payloads, which name no
    /// organizer or only a name) are the same: such invitations come through one sender's
    /// channel, and the payload's `id` is what ties them.
    package static func sameOrganizer(_ one: Invite.Person?, _ other: Invite.Person?) -> Bool {
        one?.address == other?.address
    }

    /// The refusal of `incoming` as an update of `held`, or `nil` when its organizer is the
    /// one on file.
    package static func check(_ incoming: Invite, against held: Invite, verb: String? = nil) -> ForeignUpdate? {
        guard !sameOrganizer(incoming.organizer, held.organizer) else { return nil }
        return ForeignUpdate(
            uid: held.uid, title: held.title, onFile: Invite.Person.shown(held.organizer),
            claimed: Invite.Person.shown(incoming.organizer),
            verb: verb ?? (incoming.method == .cancel ? "cancel" : incoming.method == .add ? "add to" : "update"))
    }
}
