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
        let threads = min(cores, elements.count / max(minimumPerThread, 1))
        guard threads > 1 else { return elements.map(transform) }
        return [Mapped](unsafeUninitializedCapacity: elements.count) { buffer, initialized in
            guard let base = buffer.baseAddress else {
                preconditionFailure("an array of \(elements.count) has storage")
            }
            let output = Output(base: base)
            // Blocks dealt out in turn, so that every thread gets a fair share of the slow
            // elements wherever they are, without two threads writing to one cache line.
            let block = 64
            DispatchQueue.concurrentPerform(iterations: threads) { thread in
                var start = thread * block
                while start < elements.count {
                    for index in start..<min(start + block, elements.count) {
                        output.put(transform(elements[index]), at: index)
                    }
                    start += threads * block
                }
            }
            initialized = elements.count
        }
    }

    /// The result buffer, written by several threads at once, each at indexes no other touches.
    private struct Output<Mapped>: @unchecked Sendable {
        let base: UnsafeMutablePointer<Mapped>

        func put(_ value: Mapped, at index: Int) {
            (base + index).initialize(to: value)
        }
    }
}
