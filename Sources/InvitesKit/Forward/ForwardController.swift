import Foundation

/// `forward` as a library call: an invitation and an address in, the REQUEST to them and the
/// word to the organizer queued in the outbox with one history entry out (RFC 5546 §3.2.2.6).
public struct ForwardController {
    /// What forwarding did: the forward and its history entry.
    public struct Made: Sendable {
        public var stored: StoredInvite
        public var forward: Forward
        public var entry: HistoryEntry
    }

    public var store: InboxStore
    public var me: MyAddresses
    /// Your name for the mails' From (or Sender) line (the `name` setting).
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

    /// Composes both messages and queues them with the history entry, in one transaction.
    public func forward(_ stored: StoredInvite, to address: String, comment: String?) throws -> Made {
        let now = clock()
        let forward = Forward(to: address, comment: comment)
        let drafts = try forward.drafts(for: stored, me: me, name: name, now: now, display: display)
        let entry = try store.record(apart: forward.entry(for: stored, now: now), for: stored, drafts: drafts, now: now)
        return Made(stored: stored, forward: forward, entry: entry)
    }
}
