import Foundation
import Testing

@testable import InvitesKit

/// Which occurrences `--from WHEN` covers: WHEN's and every later one, in time order, within a
/// year and at most ``FromWhen/limit`` of them.
@Suite struct FromWhenTests {
    let start = Date(timeIntervalSince1970: 1_796_634_000)  // 2026-12-07 09:00 UTC
    let week: TimeInterval = 7 * 86_400

    func weekly(_ count: Int) -> [(key: String, original: Date)] {
        (0..<count).map { index in ("k\(index)", start.addingTimeInterval(Double(index) * week)) }
    }

    @Test func thisOneAndEveryLaterOne() {
        #expect(FromWhen.covered(weekly(10), from: start.addingTimeInterval(2 * week)) == (2..<10).map { "k\($0)" })
    }

    @Test func earlierOnesAndTheOrderGivenDoNotCount() {
        let shuffled = weekly(5).reversed().map { $0 }
        #expect(FromWhen.covered(shuffled, from: start.addingTimeInterval(3 * week)) == ["k3", "k4"])
        #expect(FromWhen.covered(weekly(5), from: start.addingTimeInterval(10 * week)).isEmpty)
    }

    @Test func boundedByAYearAndACount() {
        // An endless weekly series: a year of it, 53 occurrences at most in 366 days.
        #expect(FromWhen.covered(weekly(200), from: start).count == 53)
        #expect(FromWhen.covered(weekly(200), from: start, limit: 5) == ["k0", "k1", "k2", "k3", "k4"])
        let minutely = (0..<1_000).map { ("m\($0)", start.addingTimeInterval(Double($0) * 60)) }
        #expect(FromWhen.covered(minutely, from: start).count == FromWhen.limit)
        #expect(FromWhen.covered(minutely, from: start, limit: -1).isEmpty)
    }

    @Test func aKeyMetTwiceIsCoveredOnce() {
        let twice = weekly(3) + [("k1", start.addingTimeInterval(week))]
        #expect(FromWhen.covered(twice, from: start) == ["k0", "k1", "k2"])
    }
}
