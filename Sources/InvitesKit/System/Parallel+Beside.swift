import Dispatch

extension Parallel {
    /// `transform` applied to every element, in order, on every core, one of which runs `side`
    /// first and then joins the others; each thread makes its own `state` with `makeState` and
    /// hands it to `transform` for every element it takes.
    ///
    /// For a long step that needs nothing from the elements, beside work on few but costly
    /// elements, such as writing a vdir's index while the items that reach the day are
    /// expanded: the step costs the other cores only its share, where running it on a thread
    /// of its own beside the rest costs the longer of the two. The state is for what must not
    /// be shared between threads, such as the time zones libical builds as an item is parsed.
    static func map<Element: Sendable, State, Mapped: Sendable, Side: Sendable>(
        _ elements: [Element], beside side: @Sendable () -> Side, state makeState: @Sendable () -> State,
        _ transform: @Sendable (inout State, Element) -> Mapped
    ) -> (side: Side, mapped: [Mapped]) {
        let outcome = SideOutcome<Side>()
        let taken = Counter()
        let mapped = [Mapped](unsafeUninitializedCapacity: elements.count) { buffer, initialized in
            let output = buffer.baseAddress.map(Output.init)
            // Elements are taken one at a time: each is costly, and their costs differ.
            DispatchQueue.concurrentPerform(iterations: max(cores, 1)) { worker in
                if worker == 0 { outcome.value = side() }
                guard let output else { return }
                var state = makeState()
                while true {
                    let index = taken.take(1)
                    guard index < elements.count else { break }
                    output.put(transform(&state, elements[index]), at: index)
                }
            }
            initialized = elements.count
        }
        guard let value = outcome.value else { preconditionFailure("the side work ran before every thread was done") }
        return (value, mapped)
    }

    /// What the side work gave: written by one thread, read by the calling thread only once
    /// every iteration returned, so never by both at once.
    private final class SideOutcome<Value>: @unchecked Sendable {
        var value: Value?
    }
}
