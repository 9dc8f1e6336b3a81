import Testing

@testable import InvitesKit

/// Which waiting messages a new one takes the place of, by kind, state and component.
@Suite struct SupersedesTests {
    typealias Waiting = OutboxDraft.Kind.Waiting

    static let waiting: [Waiting] = [
        Waiting(id: 1, kind: .reply, state: .queued, components: [""]),
        Waiting(id: 2, kind: .reply, state: .sent, components: [""]),
        Waiting(id: 3, kind: .counter, state: .failed, components: [""]),
        Waiting(id: 4, kind: .counter, state: .interrupted, components: ["20261207"]),
        Waiting(id: 5, kind: .refresh, state: .queued, components: [""]),
        Waiting(id: 6, kind: .forward, state: .queued, components: [""]),
        Waiting(id: 7, kind: .reply, state: .interrupted, components: ["20261207"]),
        Waiting(id: 8, kind: .counter, state: .withdrawn, components: [""]),
    ]

    static let cases: [(OutboxDraft.Kind, Set<String>, [Int64])] = [
        // A reply takes the place of every reply not yet handed over, whatever it answers.
        (.reply, [""], [1, 7]),
        (.reply, ["20261214"], [1, 7]),
        // A proposal, of the proposal for the same component alone.
        (.counter, [""], [3]),
        (.counter, ["20261207"], [4]),
        (.counter, ["20261214"], []),
        // A REFRESH, of the REFRESH for the same component.
        (.refresh, [""], [5]),
        // A forward, of nothing.
        (.forward, [""], []),
    ]

    @Test("A new message supersedes only waiting messages of its kind and component", arguments: cases)
    func supersedes(kind: OutboxDraft.Kind, components: Set<String>, expected: [Int64]) {
        #expect(kind.supersedes(SupersedesTests.waiting, components: components) == expected)
    }
}
