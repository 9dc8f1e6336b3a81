import Foundation
import InvitesModel

/// Reads the ``EventProperties`` of invitations an earlier `invites` kept without them (or in
/// an older version), once, from the messages the store holds: the inbox's data migration of
/// version 19 (``Schema/inbox``), the one place a stored message is parsed again. Each message
/// is parsed once for all the invitations it carries.
struct StoredPropertiesMigration {
    var store: InboxStore

    /// Fills what is missing; returns how many invitations were read. A store with nothing
    /// missing costs one query.
    @discardableResult
    func run() throws(StoreError) -> Int {
        let missing = try store.invitesWithoutProperties()
        guard !missing.isEmpty else { return 0 }
        var byMessage: [Data: [String: EventProperties]] = [:]
        var read: [String: EventProperties] = [:]
        for stored in missing {
            let invite = stored.invite
            guard invite.source != .push else {
                read[stored.handle] = EventProperties()
                continue
            }
            if byMessage[invite.raw] == nil { byMessage[invite.raw] = EventProperties.readAll(invite.raw) }
            var properties = byMessage[invite.raw]?[invite.uid] ?? EventProperties()
            // An invitation of instances alone has no series to outline, as when it was parsed.
            if invite.recurrenceID != nil { properties.outline = .none }
            read[stored.handle] = properties
        }
        try store.keep(properties: read)
        return read.count
    }
}
