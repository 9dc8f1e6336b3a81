import Dispatch
import Foundation

extension Parallel {
    /// Every batch `produce` hands over, passed through `transform`, in the order handed over:
    /// the other cores transform batches while the calling thread still produces them, and the
    /// calling thread joins them once it is done.
    ///
    /// For work whose input comes from a serial source, such as a folder's entries: listing
    /// 100,000 names is a third of the time it takes to stamp them all, and stamping the first
    /// names while the rest are listed hides most of it.
    package static func overlapped<Batch: Sendable, Mapped: Sendable>(
        produce: (_ hand: (Batch) -> Void) -> Void, _ transform: @escaping @Sendable (Batch) -> Mapped
    ) -> [Mapped] {
        overlapped(produce: produce, state: {}) { _, batch in transform(batch) }
    }

    /// ``overlapped(produce:_:)`` where each thread makes its own `state` with `makeState` and
    /// hands it to `transform` for every batch it takes: the room a thread reads files into,
    /// what it learnt of the time zones of the last item.
    package static func overlapped<Batch: Sendable, State, Mapped: Sendable>(
        produce: (_ hand: (Batch) -> Void) -> Void, state makeState: @escaping @Sendable () -> State,
        _ transform: @escaping @Sendable (inout State, Batch) -> Mapped
    ) -> [Mapped] {
        let queue = BatchQueue<Batch, Mapped>()
        let helpers = DispatchGroup()
        for _ in 1..<max(cores, 1) {
            DispatchQueue.global().async(group: helpers) {
                var state = makeState()
                queue.work { transform(&state, $0) }
            }
        }
        produce(queue.put)
        queue.finish()
        var state = makeState()
        queue.work { transform(&state, $0) }
        helpers.wait()
        return queue.results()
    }

    /// The batches handed over so far and what each gave, shared under one lock by the
    /// producing thread and the helpers.
    private final class BatchQueue<Batch: Sendable, Mapped: Sendable>: @unchecked Sendable {
        private let condition = NSCondition()
        /// Each batch until a thread takes it: let go then, so that its memory serves the
        /// batches to come rather than new pages.
        private var batches: [Batch?] = []
        private var mapped: [Mapped?] = []
        /// The first batch no thread has taken.
        private var next = 0
        private var finished = false

        func put(_ batch: Batch) {
            condition.lock()
            batches.append(batch)
            mapped.append(nil)
            condition.signal()
            condition.unlock()
        }

        /// No more batches will come: the helpers waiting for one take what is left and stop.
        func finish() {
            condition.lock()
            finished = true
            condition.broadcast()
            condition.unlock()
        }

        /// Transforms batches as they come, until none is left and none will come.
        func work(_ transform: (Batch) -> Mapped) {
            condition.lock()
            while true {
                if next < batches.count {
                    let index = next
                    next += 1
                    let batch = batches[index]
                    batches[index] = nil
                    condition.unlock()
                    guard let batch else { preconditionFailure("a batch is taken once") }
                    let result = transform(batch)
                    condition.lock()
                    mapped[index] = result
                } else if finished {
                    break
                } else {
                    condition.wait()
                }
            }
            condition.unlock()
        }

        /// What every batch gave, once every thread stopped working.
        func results() -> [Mapped] {
            condition.lock()
            defer { condition.unlock() }
            return mapped.map { result in
                guard let result else { preconditionFailure("every batch is transformed before the results") }
                return result
            }
        }
    }
}
