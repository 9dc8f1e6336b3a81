import Testing

@testable import InvitesKit
@testable import InvitesModel

@Suite struct DigestSetTests {
    @Test func holdsWhatWasPutInAndNothingElse() {
        // Low halves that collide in the table, the zero digest, and one given twice.
        let kept =
            (0..<1_000).map { ContentDigest(high: UInt64($0) &* 7_919, low: UInt64($0 % 10) << 40) }
            + [ContentDigest(high: 0, low: 0), ContentDigest(high: 5, low: 5), ContentDigest(high: 5, low: 5)]
        let set = DigestSet(kept)
        #expect(kept.allSatisfy(set.contains))
        #expect(!set.contains(ContentDigest(high: 1, low: 0)))
        #expect(!set.contains(ContentDigest(high: 7_919, low: 2 << 40)))
        #expect(!DigestSet([]).contains(ContentDigest(high: 0, low: 0)))
        #expect(!DigestSet([]).contains(ContentDigest(high: 3, low: 4)))
    }
}
