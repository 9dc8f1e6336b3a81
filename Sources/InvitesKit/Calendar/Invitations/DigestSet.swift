import InvitesModel

/// A set of content digests, looked up by their low half in a table of their own: a look after
/// a sync asks it about each of a vdir's 100,000 items, and Swift's `Set` hashed each digest
/// again (a twentieth of the look). The digests are hashes already, so their bits are spread.
struct DigestSet {
    /// Open addressing, linear probing; a slot of all zeros is empty (a digest of zeros is
    /// kept apart in ``holdsZero``).
    private var slots: [ContentDigest]
    private let mask: Int
    private var holdsZero = false

    init(_ digests: [ContentDigest]) {
        var capacity = 16
        while capacity < digests.count * 2 { capacity *= 2 }
        slots = Array(repeating: ContentDigest(high: 0, low: 0), count: capacity)
        mask = capacity - 1
        for digest in digests { insert(digest) }
    }

    private mutating func insert(_ digest: ContentDigest) {
        guard digest.high != 0 || digest.low != 0 else {
            holdsZero = true
            return
        }
        var at = Int(truncatingIfNeeded: digest.low) & mask
        // At most half full: an empty slot comes before the table is walked round.
        while slots[at].high != 0 || slots[at].low != 0 {
            if slots[at] == digest { return }
            at = (at + 1) & mask
        }
        slots[at] = digest
    }

    func contains(_ digest: ContentDigest) -> Bool {
        guard digest.high != 0 || digest.low != 0 else { return holdsZero }
        var at = Int(truncatingIfNeeded: digest.low) & mask
        while slots[at].high != 0 || slots[at].low != 0 {
            if slots[at] == digest { return true }
            at = (at + 1) & mask
        }
        return false
    }
}
