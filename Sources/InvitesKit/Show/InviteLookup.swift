import InvitesFormats
import InvitesModel
/// Which invitation a reference given on the command line names: a handle, else the sender's
/// id, else a unique prefix of its UID.
///
/// The handle of an instance that an earlier `invites` kept as an invite of its own names the
/// invitation it now belongs to.
enum InviteLookup {
    /// The one invitation among the `matches` a reference found by its sender's id or UID
    /// prefix: none is not found, several are worded for the user to choose
    /// (``candidate(_:)``).
    static func choose(_ reference: String, among matches: [StoredInvite]) throws(LookupError) -> StoredInvite {
        switch matches.count {
        case 0: throw .notFound(reference: reference)
        case 1: return matches[0]
        default: throw .ambiguous(reference: reference, candidates: matches.map(candidate))
        }
    }

    /// An invitation as an ambiguous reference offers it: its handle and the start of its title.
    static func candidate(_ stored: StoredInvite) -> String {
        "\(stored.handle) (\(Printable.title(String(stored.invite.title.prefix(40)))))"
    }
}

extension InboxStore {
    /// Finds the invite a user means (``InviteLookup``).
    package func resolve(_ reference: String) throws -> StoredInvite {
        if let match = try invites(handle: reference).first { return match }
        let bySender = try invites(senderID: reference)
        if bySender.count == 1 { return bySender[0] }
        return try InviteLookup.choose(
            reference, among: bySender.isEmpty ? try invites(uidPrefix: reference) : bySender)
    }
}
