import Testing

@testable import InvitesKit

/// ``KeyOrder`` gives the order a stable comparison sort gives: ascending keys, equal keys in
/// their first order, whatever bytes the keys share or differ in.
@Suite struct KeyOrderTests {
    /// What a stable comparison sort makes of `keys`.
    private func expected(_ keys: [UInt64]) -> [Int] {
        keys.indices.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }
    }

    @Test func emptyAndSingleKeys() {
        #expect(KeyOrder.ascending([]) == [])
        #expect(KeyOrder.ascending([42]) == [0])
    }

    @Test func randomKeysWithTies() {
        var generator = SystemRandomNumberGenerator()
        for count in [2, 3, 255, 256, 257, 5000] {
            // Few distinct values, so that many keys tie.
            let keys = (0..<count).map { _ in UInt64.random(in: 0..<UInt64(count / 3 + 1), using: &generator) << 40 }
            #expect(KeyOrder.ascending(keys) == expected(keys))
            let wide = (0..<count).map { _ in UInt64.random(in: .min ... .max, using: &generator) }
            #expect(KeyOrder.ascending(wide) == expected(wide))
        }
    }

    /// Names as a vdir has them: every key shares its first bytes, differing only in a few.
    @Test func keysAlikeButInOneByte() {
        let prefix = UInt64(0x6576_656E_7400_0000)  // "event" and three bytes that differ
        let keys = (0..<1000).map { prefix | UInt64((($0 * 7919) % 1000)) }
        #expect(KeyOrder.ascending(keys) == expected(keys))
        #expect(KeyOrder.ascending(keys.reversed()) == expected(keys.reversed()))
    }

    @Test func extremesSortAtTheEnds() {
        let keys: [UInt64] = [.max, 0, 1 << 63, (1 << 63) - 1, .max, 0]
        #expect(KeyOrder.ascending(keys) == [1, 5, 3, 2, 0, 4])
    }
}
