import Foundation

/// A hash that is the same on every run and every machine (Swift's `Hasher` is seeded per
/// process), for handles and for deriving UIDs.
enum StableHash {
    /// 64-bit FNV-1a.
    static func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    static func hex(of data: Data) -> String {
        String(format: "%016llx", fnv1a(data))
    }
}
