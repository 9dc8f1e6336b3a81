import Foundation
import InvitesFormats
import InvitesModel

/// The iTIP exchanges that go apart from your answer, as library calls: `refresh` (ask the
/// organizer for the invitation as it stands, RFC 5546 §3.2.6) and `forward` (invite someone
/// else and tell the organizer, §3.2.2.6). Each composes its messages and queues them with one
/// history entry, in one transaction (``InboxStore/record(apart:for:drafts:now:)``).
package struct ExchangeController {
    /// What a REFRESH did: the request, its history entry and whom it asks.
    package struct Refreshed: Sendable {
        package var stored: StoredInvite
        package var refresh: Refresh
        package var entry: HistoryEntry
        /// The organizer's address.
        package var organizer: String
    }

    /// What a forward did: the forward and its history entry.
    package struct Forwarded: Sendable {
        package var stored: StoredInvite
        package var forward: Forward
        package var entry: HistoryEntry
    }

    package var store: InboxStore
    package var me: MyAddresses
    /// Your name for the messages' ATTENDEE and From (or Sender) line (the `name` setting).
    package var name: String?
    package var display: DisplayZone
    package var clock: @Sendable () -> Date

    package init(
        store: InboxStore, me: MyAddresses, name: String?, display: DisplayZone,
        clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.store = store
        self.me = me
        self.name = name
        self.display = display
        self.clock = clock
    }

    /// Asks about the invitation, or its occurrence `key`; an unsent REFRESH for the same
    /// component is superseded by it.
    package func refresh(_ stored: StoredInvite, key: String?, comment: String?) throws -> Refreshed {
        let now = clock()
        let refresh = Refresh(recurrenceID: key, comment: comment)
        let draft = try refresh.draft(for: stored, me: me, name: name, now: now, display: display)
        let entry = try store.record(apart: refresh.entry(for: stored, now: now), for: stored, draft: draft, now: now)
        return Refreshed(stored: stored, refresh: refresh, entry: entry, organizer: draft.recipient)
    }

    /// Forwards the invitation to `address`: the REQUEST to them and the word to the organizer.
    package func forward(_ stored: StoredInvite, to address: String, comment: String?) throws -> Forwarded {
        let now = clock()
        let forward = Forward(to: address, comment: comment)
        let drafts = try forward.drafts(for: stored, me: me, name: name, now: now, display: display)
        let entry = try store.record(apart: forward.entry(for: stored, now: now), for: stored, drafts: drafts, now: now)
        return Forwarded(stored: stored, forward: forward, entry: entry)
    }
}
