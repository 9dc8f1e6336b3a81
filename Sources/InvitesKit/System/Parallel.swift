import Dispatch
import Foundation

/// Work spread over every core for the few loops that touch thousands of files.
enum Parallel {
    /// Read once: Foundation reads the cgroup files every time it is asked.
    static let cores = ProcessInfo.processInfo.activeProcessorCount

    /// `transform` applied to every element, in order, on as many threads as there are cores;
    /// short inputs stay on the calling thread.
    static func map<Element: Sendable, Mapped: Sendable>(
        _ elements: [Element], minimumPerThread: Int = 256, _ transform: @Sendable (Element) -> Mapped
    ) -> [Mapped] {
        map(elements, minimumPerThread: minimumPerThread, state: {}) { _, element in transform(element) }
    }

    /// ``map(_:minimumPerThread:_:)`` where each thread makes its own `state` with `makeState`
    /// and hands it to `transform` for every element it takes: for what a thread learns from
    /// one element that spares work on the next, and must not be shared between threads.
    static func map<Element: Sendable, State, Mapped: Sendable>(
        _ elements: [Element], minimumPerThread: Int = 256, state makeState: @Sendable () -> State,
        _ transform: @Sendable (inout State, Element) -> Mapped
    ) -> [Mapped] {
        let threads = min(cores, elements.count / max(minimumPerThread, 1))
        guard threads > 1 else {
            var state = makeState()
            return elements.map { transform(&state, $0) }
        }
        return [Mapped](unsafeUninitializedCapacity: elements.count) { buffer, initialized in
            guard let base = buffer.baseAddress else {
                preconditionFailure("an array of \(elements.count) has storage")
            }
            let output = Output(base: base)
            // Blocks taken by whichever thread is free next, so that a thread the machine slows
            // (another process on its core, slow items) leaves the rest to the others rather
            // than a share of its own for them to wait for; a block at a time, so that no two
            // threads write to one cache line.
            let block = 64
            let taken = Counter()
            DispatchQueue.concurrentPerform(iterations: threads) { _ in
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
    }

    /// Where the next block to take starts. A lock rather than Synchronization's Atomic, which
    /// macOS has only from 15 on; it is taken once per block, not per item.
    final class Counter: @unchecked Sendable {
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
    struct Output<Mapped>: @unchecked Sendable {
        let base: UnsafeMutablePointer<Mapped>

        func put(_ value: Mapped, at index: Int) {
            (base + index).initialize(to: value)
        }
    }
}
