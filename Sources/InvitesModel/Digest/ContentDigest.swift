/// A 128-bit digest, the same on every run, that tells whether a calendar is the one an earlier
/// run read, without keeping what it was made from.
package struct ContentDigest: Hashable, Sendable {
    package var high: UInt64
    package var low: UInt64

    /// The memberwise initializer, for the targets above this one.
    package init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }
}
