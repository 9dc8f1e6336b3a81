/// Builds a ``ContentDigest``: two independent 64-bit lanes over 8-byte words (a
/// multiply-rotate lane and an FNV-style lane), finished with the length. Not cryptographic,
/// but no ordinary edit of a calendar collides both lanes.
package struct ContentHasher {
    private var high: UInt64 = 0x9E37_79B9_7F4A_7C15
    private var low: UInt64 = 0xcbf2_9ce4_8422_2325
    private var length: UInt64 = 0

    /// A hash of nothing yet, for the targets above this one.
    package init() {}

    package mutating func add(_ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while offset + 8 <= bytes.count {
            mix(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset += 8
        }
        var tail: UInt64 = 0
        for index in offset..<bytes.count { tail |= UInt64(bytes[index]) << (8 * UInt64(index - offset)) }
        mix(tail ^ (UInt64(bytes.count - offset) << 56))
        length &+= UInt64(bytes.count)
    }

    package mutating func add(_ value: UInt64) {
        mix(value)
        length &+= 8
    }

    private mutating func mix(_ word: UInt64) {
        high = (high ^ word) &* 0xBF58_476D_1CE4_E5B9
        high = (high << 31) | (high >> 33)
        low = (low ^ word) &* 0x0000_0100_0000_01B3
        low ^= low >> 29
    }

    package func finish() -> ContentDigest {
        var copy = self
        copy.mix(length)
        return ContentDigest(high: copy.high ^ (copy.low >> 17), low: copy.low)
    }
}
