import Foundation

/// `refresh` as a library call: an invitation (and perhaps one occurrence) in, the REFRESH
/// queued in the outbox with its history entry out (RFC 5546 §3.2.6).
public struct RefreshController {
    /// What asking did: the request and its history entry.
    public struct Made: Sendable {
        public var stored: StoredInvite
        public var refresh: Refresh
        public var entry: HistoryEntry
        /// Who was asked: the organizer's address.
        public var organizer: String
    }

    public var store: InboxStore
    public var me: MyAddresses
    /// Your name for the REFRESH's ATTENDEE and the mail's From line (the `name` setting).
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

    /// Composes the REFRESH and queues it with its history entry, in one transaction; an unsent
    /// REFRESH for the same component is superseded by it.
    public func refresh(_ stored: StoredInvite, key: String?, comment: String?) throws -> Made {
        let now = clock()
        let refresh = Refresh(recurrenceID: key, comment: comment)
        let draft = try refresh.draft(for: stored, me: me, name: name, now: now, display: display)
        let entry = try store.record(apart: refresh.entry(for: stored, now: now), for: stored, draft: draft, now: now)
        return Made(stored: stored, refresh: refresh, entry: entry, organizer: draft.recipient)
    }
}
