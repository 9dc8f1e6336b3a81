import Foundation

/// Writes the stores' binary index formats: little-endian 64-bit words, and strings and bytes
/// behind their length. Kept in memory as bytes with their room made up front and written in
/// place, since an index of a 100,000-item vdir is two million words: appending them to an
/// array one at a time took a cold run 25 ms on the core that writes the index.
struct IndexWriter {
    /// Room for what is written, zeros past ``used``.
    private var bytes: [UInt8]
    /// How many bytes of ``bytes`` are written.
    private var used = 0

    init(capacity: Int = 256) {
        bytes = [UInt8](repeating: 0, count: max(capacity, 64))
    }

    var data: Data { bytes.withUnsafeBytes { Data(UnsafeRawBufferPointer(rebasing: $0[..<used])) } }

    mutating func put(_ value: UInt64) {
        makeRoom(8)
        let at = used
        bytes.withUnsafeMutableBytes { $0.storeBytes(of: value.littleEndian, toByteOffset: at, as: UInt64.self) }
        used += 8
    }

    /// A word written over the one at `offset`, such as a count known only at the end.
    mutating func put(_ value: UInt64, at offset: Int) {
        precondition(offset >= 0 && offset + 8 <= used, "a word written before")
        bytes.withUnsafeMutableBytes { $0.storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt64.self) }
    }

    /// Bytes behind their length, such as another index nested in this one.
    mutating func put(_ blob: Data) {
        put(UInt64(blob.count))
        blob.withUnsafeBytes { append($0) }
    }

    mutating func put(string: String) {
        var string = string
        string.withUTF8 { text in
            put(UInt64(text.count))
            append(UnsafeRawBufferPointer(text))
        }
    }

    /// Bytes as they are.
    private mutating func append(_ raw: UnsafeRawBufferPointer) {
        guard !raw.isEmpty else { return }
        makeRoom(raw.count)
        let room = used..<(used + raw.count)
        bytes.withUnsafeMutableBytes { UnsafeMutableRawBufferPointer(rebasing: $0[room]).copyMemory(from: raw) }
        used += raw.count
    }

    /// Grows the room, at least doubling it, so that `count` more bytes fit.
    private mutating func makeRoom(_ count: Int) {
        let needed = used + count
        guard needed > bytes.count else { return }
        bytes.append(contentsOf: repeatElement(0, count: max(needed, 2 * bytes.count) - bytes.count))
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

    /// A pattern as its masks (a flag for known offsets), start and length, then its offsets
    /// when known, each in 32 bits.
    mutating func put(_ pattern: RulePattern) {
        put(
            UInt64(pattern.weekdays) | UInt64(pattern.months) << 8 | UInt64(pattern.monthDays) << 20
                | (pattern.offsets == nil ? 0 : 1 << 51))
        put(UInt64(bitPattern: Int64(pattern.start)))
        put(UInt64(bitPattern: Int64(pattern.length)))
        if let offsets = pattern.offsets {
            put(
                UInt64(UInt32(bitPattern: offsets.lowerBound)) << 32 | UInt64(UInt32(bitPattern: offsets.upperBound)))
        }
    }
}
