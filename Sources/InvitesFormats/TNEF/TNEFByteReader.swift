/// Reads little-endian numbers and byte runs from a stranger's bytes, every read checked
/// against what is left: a cut stream or a lying length is a ``TNEFError``, never a trap.
struct TNEFByteReader {
    let bytes: [UInt8]
    private(set) var offset: Int
    let end: Int

    init(_ bytes: [UInt8], from start: Int = 0, end: Int? = nil) {
        self.bytes = bytes
        self.offset = start
        self.end = min(end ?? bytes.count, bytes.count)
    }

    var remaining: Int { end - offset }
    var atEnd: Bool { offset >= end }

    mutating func take(_ count: Int, item: String) throws(TNEFError) -> ArraySlice<UInt8> {
        guard count >= 0, count <= remaining else { throw .cut(item: item, offset: offset) }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    /// A run whose length the stream itself gave: a length beyond what is left is a lie.
    mutating func take(length: UInt64, item: String) throws(TNEFError) -> ArraySlice<UInt8> {
        guard length <= UInt64(remaining) else { throw .badLength(item: item, offset: offset, length: length) }
        return try take(Int(length), item: item)
    }

    mutating func u8(_ item: String) throws(TNEFError) -> UInt8 {
        guard remaining >= 1 else { throw .cut(item: item, offset: offset) }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func u16(_ item: String) throws(TNEFError) -> UInt16 {
        UInt16(truncatingIfNeeded: try number(2, item))
    }

    mutating func u32(_ item: String) throws(TNEFError) -> UInt32 {
        UInt32(truncatingIfNeeded: try number(4, item))
    }

    mutating func u64(_ item: String) throws(TNEFError) -> UInt64 {
        try number(8, item)
    }

    /// Skips what pads a value of `length` bytes to a multiple of four ([MS-OXTNEF] 2.1.3.4);
    /// a stream that ends in the padding is not refused for it.
    mutating func skipPadding(after length: Int) {
        let padding = (4 - length % 4) % 4
        offset = min(offset + padding, end)
    }

    private mutating func number(_ size: Int, _ item: String) throws(TNEFError) -> UInt64 {
        let run = try take(size, item: item)
        return TNEFByteReader.littleEndian(run)
    }

    static func littleEndian(_ run: ArraySlice<UInt8>) -> UInt64 {
        var value: UInt64 = 0
        for (shift, byte) in run.prefix(8).enumerated() { value |= UInt64(byte) << (8 * UInt64(shift)) }
        return value
    }
}
