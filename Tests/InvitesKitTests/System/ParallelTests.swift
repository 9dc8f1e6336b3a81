import Foundation
import Testing

@testable import InvitesKit

/// Work spread over the cores comes back whole and in order, however the threads took it.
@Suite struct ParallelTests {
    @Test(arguments: [0, 1, 3, 1000])
    func overlappedBatchesComeBackInOrder(count: Int) {
        let results = Parallel.overlapped(produce: { hand in
            for batch in 0..<count { hand(Array(batch * 10..<(batch * 10 + 10))) }
        }) { batch in batch.map { $0 * 2 } }
        #expect(results == (0..<count).map { batch in (batch * 10..<(batch * 10 + 10)).map { $0 * 2 } })
    }
}
