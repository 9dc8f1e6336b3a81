/// A 128-bit digest, the same on every run, that tells whether a calendar is the one an earlier
/// run read, without keeping what it was made from.
struct ContentDigest: Hashable, Sendable {
    var high: UInt64
    var low: UInt64
}
