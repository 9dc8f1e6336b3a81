import Foundation

/// A hash that is the same on every run and every machine (Swift's `Hasher` is seeded per
/// process), for handles and for deriving UIDs.
package enum StableHash {
    /// 64-bit FNV-1a.
    package static func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash = FNV1a()
        for byte in bytes { hash.add(byte) }
        return hash.value
    }

    /// 64-bit FNV-1a fed a byte at a time, for a key hashed as it is made rather than made first.
    package struct FNV1a {
        package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

        /// A hash of nothing yet, for the targets above this one.
        package init() {}

        package mutating func add(_ byte: UInt8) {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01B3
        }
    }

    package static func hex(of data: Data) -> String {
        String(format: "%016llx", fnv1a(data))
    }
}
