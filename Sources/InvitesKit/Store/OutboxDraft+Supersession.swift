import InvitesModel
extension OutboxDraft.Kind {
    /// A message of the outbox not yet handed over, as what a new message may take the place of.
    struct Waiting: Sendable, Hashable {
        var id: Int64
        var kind: OutboxDraft.Kind
        var state: Delivery
        /// The RECURRENCE-IDs of the history entries it carries (`""` for the series).
        var components: Set<String>
    }

    /// The messages a new message of this kind, made for entries of `components`, takes the
    /// place of: of its own kind only, and only those not yet handed over (queued, failed,
    /// interrupted). A reply reports the whole state, so it takes the place of every reply; a
    /// proposal (COUNTER) or a REFRESH only of the one for the same component, the series or
    /// that occurrence; a forward, each to someone of its own, of none. A reply never takes the
    /// place of a proposal nor a proposal of a reply, and neither of a REFRESH: the organizer
    /// needs each.
    func supersedes(_ waiting: [Waiting], components: Set<String>) -> [Int64] {
        let open: Set<Delivery> = [.queued, .failed, .interrupted]
        return waiting.filter { message in
            guard message.kind == self, open.contains(message.state) else { return false }
            switch self {
            case .reply: return true
            case .forward: return false
            case .counter, .refresh: return !message.components.isDisjoint(with: components)
            }
        }.map(\.id)
    }
}
