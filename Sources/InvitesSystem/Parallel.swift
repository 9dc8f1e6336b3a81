import Dispatch
import Foundation

/// Work spread over every core for the few loops that touch thousands of files.
package enum Parallel {
    /// Read once: Foundation reads the cgroup files every time it is asked.
    static let cores = ProcessInfo.processInfo.activeProcessorCount

    /// `transform` applied to every element, in order, on as many threads as there are cores;
    /// short inputs stay on the calling thread.
    package static func map<Element: Sendable, Mapped: Sendable>(
        _ elements: [Element], minimumPerThread: Int = 256, _ transform: @Sendable (Element) -> Mapped
    ) -> [Mapped] {
        map(elements, minimumPerThread: minimumPerThread, state: {}) { _, element in transform(element) }
    }

    /// ``map(_:minimumPerThread:_:)`` where each thread makes its own `state` with `makeState`
    /// and hands it to `transform` for every element it takes: for what a thread learns from
    /// one element that spares work on the next, and must not be shared between threads.
    package static func map<Element: Sendable, State, Mapped: Sendable>(
        _ elements: [Element], minimumPerThread: Int = 256, state makeState: @Sendable () -> State,
        _ transform: @Sendable (inout State, Element) -> Mapped
    ) -> [Mapped] {
        let threads = min(cores, elements.count / max(minimumPerThread, 1))
        guard threads > 1 else {
            var state = makeState()
            return elements.map { transform(&state, $0) }
        }
        // A block at a time, so that no two threads write to one cache line.
        return spread(elements, threads: threads, block: 64, beside: {}, state: makeState, transform).mapped
    }

    /// `transform` applied to every element, in order, on every core, one of which runs `side`
    /// first and then joins the others; each thread makes its own `state` with `makeState` and
    /// hands it to `transform` for every element it takes.
    ///
    /// For a long step that needs nothing from the elements, beside work on few but costly
    /// elements, such as writing a vdir's index while the items that reach the day are
    /// expanded: the step costs the other cores only its share, where running it on a thread
    /// of its own beside the rest costs the longer of the two. The state is for what must not
    /// be shared between threads, such as the time zones libical builds as an item is parsed.
    package static func map<Element: Sendable, State, Mapped: Sendable, Side: Sendable>(
        _ elements: [Element], beside side: @Sendable () -> Side, state makeState: @Sendable () -> State,
        _ transform: @Sendable (inout State, Element) -> Mapped
    ) -> (side: Side, mapped: [Mapped]) {
        // Elements are taken one at a time: each is costly, and their costs differ.
        spread(elements, threads: max(cores, 1), block: 1, beside: side, state: makeState, transform)
    }

    /// The elements, `block` at a time, taken by whichever of `threads` threads is free next, so
    /// that a thread the machine slows (another process on its core, slow items) leaves the rest
    /// to the others rather than a share of its own for them to wait for; the first thread runs
    /// `side` before it takes any.
    private static func spread<Element: Sendable, State, Mapped: Sendable, Side: Sendable>(
        _ elements: [Element], threads: Int, block: Int, beside side: @Sendable () -> Side,
        state makeState: @Sendable () -> State, _ transform: @Sendable (inout State, Element) -> Mapped
    ) -> (side: Side, mapped: [Mapped]) {
        let outcome = SideOutcome<Side>()
        let taken = Counter()
        let mapped = [Mapped](unsafeUninitializedCapacity: elements.count) { buffer, initialized in
            let output = buffer.baseAddress.map(Output.init)
            DispatchQueue.concurrentPerform(iterations: threads) { worker in
                if worker == 0 { outcome.value = side() }
                guard let output else { return }
                var state = makeState()
                while true {
                    let start = taken.take(block)
                    guard start < elements.count else { break }
                    for index in start..<min(start + block, elements.count) {
                        output.put(transform(&state, elements[index]), at: index)
                    }
                }
            }
            initialized = elements.count
        }
        guard let value = outcome.value else { preconditionFailure("the side work ran before every thread was done") }
        return (value, mapped)
    }

    /// Where the next block to take starts. A lock rather than Synchronization's Atomic, which
    /// macOS has only from 15 on; it is taken once per block, not per item.
    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var next = 0

        /// The start of the next `count` items, taken by the caller alone.
        func take(_ count: Int) -> Int {
            lock.lock()
            defer { lock.unlock() }
            let start = next
            next += count
            return start
        }
    }

    /// The result buffer, written by several threads at once, each at indexes no other touches.
    private struct Output<Mapped>: @unchecked Sendable {
        let base: UnsafeMutablePointer<Mapped>

        func put(_ value: Mapped, at index: Int) {
            (base + index).initialize(to: value)
        }
    }

    /// What the side work gave: written by one thread, read by the calling thread only once
    /// every iteration returned, so never by both at once.
    private final class SideOutcome<Value>: @unchecked Sendable {
        var value: Value?
    }
}
