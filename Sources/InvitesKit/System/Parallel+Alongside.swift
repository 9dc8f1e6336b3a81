import Dispatch

extension Parallel {
    /// Runs `side` on another thread while `body` runs on the calling thread, and returns what
    /// both gave once both are done; when `body` throws, it still waits for `side` first.
    ///
    /// For one long step that needs nothing from the work after it, such as writing a vdir's
    /// index while its items are expanded: on a machine with a core to spare, the two cost the
    /// longer of them rather than their sum.
    static func alongside<Side: Sendable, Result, Failure: Error>(
        _ side: @escaping @Sendable () -> Side, _ body: () throws(Failure) -> Result
    ) throws(Failure) -> (side: Side, body: Result) {
        let group = DispatchGroup()
        let outcome = SideOutcome<Side>()
        DispatchQueue.global().async(group: group) { outcome.value = side() }
        defer { group.wait() }
        let result = try body()
        group.wait()
        guard let value = outcome.value else { preconditionFailure("the side work is done once the group is") }
        return (value, result)
    }

    /// What the side work gave: written by its thread, read by the calling thread only once
    /// that thread is done (the group left, every iteration returned), so never by both at once.
    final class SideOutcome<Value>: @unchecked Sendable {
        var value: Value?
    }
}
