import Dispatch

extension Parallel {
    /// Runs `side` on another thread while `body` runs on the calling thread, and returns once
    /// both are done, even when `body` throws.
    ///
    /// For one long step that needs nothing from the work after it, such as writing a vdir's
    /// index while its items are expanded: on a machine with a core to spare, the two cost the
    /// longer of them rather than their sum.
    static func alongside<Result, Failure: Error>(
        _ side: @escaping @Sendable () -> Void, _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group, execute: side)
        defer { group.wait() }
        return try body()
    }
}
