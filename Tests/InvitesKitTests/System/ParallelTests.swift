import Foundation
import Testing

@testable import InvitesKit
@testable import InvitesSystem

/// Work spread over the cores comes back whole and in order, however the threads took it.
@Suite struct ParallelTests {
    @Test(arguments: [0, 1, 3, 1000])
    func overlappedBatchesComeBackInOrder(count: Int) {
        let results = Parallel.overlapped(produce: { hand in
            for batch in 0..<count { hand(Array(batch * 10..<(batch * 10 + 10))) }
        }) { batch in batch.map { $0 * 2 } }
        #expect(results == (0..<count).map { batch in (batch * 10..<(batch * 10 + 10)).map { $0 * 2 } })
    }

    @Test func discardFreesOnAnotherThread() {
        let freed = DispatchSemaphore(value: 0)
        let freedBy = FreeingThread()
        let probe = Probe {
            freedBy.thread = pthread_self()
            freed.signal()
        }
        Parallel.discard(consume probe)
        #expect(freed.wait(timeout: .now() + 10) == .success)
        #expect(freedBy.thread.map { pthread_equal($0, pthread_self()) == 0 } == true)
    }

    /// Calls `onFree` from its deinit, on whichever thread let go of it last.
    private final class Probe: Sendable {
        let onFree: @Sendable () -> Void

        init(onFree: @escaping @Sendable () -> Void) {
            self.onFree = onFree
        }

        deinit { onFree() }
    }

    /// The thread that freed the probe: written before the semaphore is signalled, read after.
    private final class FreeingThread: @unchecked Sendable {
        var thread: pthread_t?
    }
}
