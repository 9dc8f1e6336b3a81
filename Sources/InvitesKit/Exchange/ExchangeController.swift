import Foundation
import InvitesFormats
import InvitesModel

/// The iTIP exchanges that go apart from your answer, as library calls: `refresh` (ask the
/// organizer for the invitation as it stands, RFC 5546 §3.2.6) and `forward` (invite someone
/// else and tell the organizer, §3.2.2.6). Each composes its messages and queues them with one
/// history entry, in one transaction (``InboxStore/record(apart:for:drafts:now:)``).
public struct ExchangeController {
    /// What a REFRESH did: the request, its history entry and whom it asks.
    public struct Refreshed: Sendable {
        public var stored: StoredInvite
        public var refresh: Refresh
        public var entry: HistoryEntry
        /// The organizer's address.
        public var organizer: String
    }

    /// What a forward did: the forward and its history entry.
    public struct Forwarded: Sendable {
        public var stored: StoredInvite
        public var forward: Forward
        public var entry: HistoryEntry
    }

    public var store: InboxStore
    public var me: MyAddresses
    /// Your name for the messages' ATTENDEE and From (or Sender) line (the `name` setting).
    public var name: String?
    public var display: DisplayZone
    public var clock: @Sendable () -> Date

    public init(
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
    public func refresh(_ stored: StoredInvite, key: String?, comment: String?) throws -> Refreshed {
        let now = clock()
        let refresh = Refresh(recurrenceID: key, comment: comment)
        let draft = try refresh.draft(for: stored, me: me, name: name, now: now, display: display)
        let entry = try store.record(apart: refresh.entry(for: stored, now: now), for: stored, draft: draft, now: now)
        return Refreshed(stored: stored, refresh: refresh, entry: entry, organizer: draft.recipient)
    }

    /// Forwards the invitation to `address`: the REQUEST to them and the word to the organizer.
    public func forward(_ stored: StoredInvite, to address: String, comment: String?) throws -> Forwarded {
        let now = clock()
        let forward = Forward(to: address, comment: comment)
        let drafts = try forward.drafts(for: stored, me: me, name: name, now: now, display: display)
        let entry = try store.record(apart: forward.entry(for: stored, now: now), for: stored, drafts: drafts, now: now)
        return Forwarded(stored: stored, forward: forward, entry: entry)
    }
}
