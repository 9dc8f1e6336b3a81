import Foundation

/// Writes the stores' binary index formats: little-endian 64-bit words, and strings and bytes
/// behind their length. Kept in memory as bytes with their room reserved up front, since an
/// index of a 100,000-event calendar is hundreds of thousands of words.
struct IndexWriter {
    private var bytes: [UInt8] = []

    init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    var data: Data { Data(bytes) }

    mutating func put(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Bytes behind their length, such as another index nested in this one.
    mutating func put(_ blob: Data) {
        put(UInt64(blob.count))
        bytes.append(contentsOf: blob)
    }

    mutating func put(string: String) {
        var string = string
        string.withUTF8 { text in
            put(UInt64(text.count))
            bytes.append(contentsOf: text)
        }
    }

    /// A stamp's ``FileStamp/fields`` in their order, without making that array: the index of a
    /// 100,000-item vdir holds 100,000 stamps.
    mutating func put(_ stamp: FileStamp) {
        put(stamp.device)
        put(stamp.inode)
        put(UInt64(bitPattern: stamp.size))
        put(UInt64(bitPattern: stamp.seconds))
        put(UInt64(bitPattern: stamp.nanoseconds))
        put(UInt64(bitPattern: stamp.changeSeconds))
        put(UInt64(bitPattern: stamp.changeNanoseconds))
    }

    /// A reach as its two bounds (zeros for none: a flag says which).
    mutating func put(_ reach: Range<Int>?) {
        put(UInt64(bitPattern: Int64(reach?.lowerBound ?? 0)))
        put(UInt64(bitPattern: Int64(reach?.upperBound ?? 0)))
    }

    mutating func put(_ pattern: RulePattern) {
        put(UInt64(pattern.weekdays) | UInt64(pattern.months) << 8 | UInt64(pattern.monthDays) << 20)
        put(UInt64(bitPattern: Int64(pattern.start)))
        put(UInt64(bitPattern: Int64(pattern.length)))
    }
}
