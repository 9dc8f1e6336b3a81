import Dispatch

extension Parallel {
    /// Frees `value` on another thread, once the caller gave up every other reference to it.
    ///
    /// For what a cold vdir read leaves behind (100,000 items, their names and what reading each
    /// gave): freeing them one by one takes about 10 ms, which the calling thread would spend
    /// on the way to its answer while the other cores idle. Freed rather than left to the end
    /// of the process, so that a long-running `watch` does not gather them.
    package static func discard<Value: Sendable>(_ value: consuming Value) {
        let held = Held(value)
        DispatchQueue.global().async { held.value = nil }
    }

    /// The only reference to the value once the caller's is gone, so that it is freed where
    /// this lets it go rather than wherever the last of two copies happens to be released.
    private final class Held<Value: Sendable>: @unchecked Sendable {
        var value: Value?

        init(_ value: consuming Value) {
            self.value = value
        }
    }
}
