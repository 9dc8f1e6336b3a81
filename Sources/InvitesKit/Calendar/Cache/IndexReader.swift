import Foundation
import InvitesModel

/// Reads what ``IndexWriter`` wrote; every read says `nil` rather than trusting a damaged blob.
/// The blob is copied into an array once: reading words straight from `Data` goes through its
/// representation switch for every one of them.
struct IndexReader {
    private let bytes: [UInt8]
    private(set) var offset = 0

    init(data: Data) {
        bytes = [UInt8](data)
    }

    var count: Int { bytes.count }

    mutating func next() -> UInt64? {
        guard offset + 8 <= bytes.count else { return nil }
        let value = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self) }
        offset += 8
        return UInt64(littleEndian: value)
    }

    /// `count` digests as ``IndexWriter/put(digests:)`` wrote them; `nil` when fewer are left.
    mutating func digests(_ count: Int) -> [ContentDigest]? {
        guard count >= 0, count <= (bytes.count - offset) / 16 else { return nil }
        let start = offset
        offset += count * 16
        return bytes.withUnsafeBytes { raw in
            (0..<count).map { index in
                let at = start + index * 16
                return ContentDigest(
                    high: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self)),
                    low: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at + 8, as: UInt64.self)))
            }
        }
    }

    mutating func stamp() -> FileStamp? {
        var fields: [Int64] = []
        for _ in 0..<7 {
            guard let value = next() else { return nil }
            fields.append(Int64(bitPattern: value))
        }
        return FileStamp(fields: fields)
    }

    mutating func pattern() -> RulePattern? {
        // A start beyond any four-digit year is damage; arithmetic on it could overflow.
        guard let masks = next(), masks >> 52 == 0, let start = next(), Int64(bitPattern: start).magnitude < 1 << 40,
            let length = next(), length <= UInt64(RulePattern.longest)
        else { return nil }
        var offsets: ClosedRange<Int32>?
        if masks >> 51 & 1 != 0 {
            // Offsets from UTC are below a day; beyond, the word is damage.
            guard let word = next() else { return nil }
            let lower = Int32(truncatingIfNeeded: word >> 32)
            let upper = Int32(truncatingIfNeeded: word)
            guard lower <= upper, lower > -86_400, upper < 86_400 else { return nil }
            offsets = lower...upper
        }
        return RulePattern(
            weekdays: UInt8(masks & 0x7F), months: UInt16((masks >> 8) & 0xFFF),
            monthDays: UInt32((masks >> 20) & 0x7FFF_FFFF),
            start: Int(Int64(bitPattern: start)), length: Int(length), offsets: offsets)
    }

    /// `count` ranges, each stored as its two bounds; `nil` for one upside down.
    mutating func ranges(_ count: Int) -> [Range<Int>]? {
        var result: [Range<Int>] = []
        for _ in 0..<count {
            guard let lower = next(), let upper = next(), lower <= upper, upper <= UInt64(Int.max) else { return nil }
            result.append(Int(lower)..<Int(upper))
        }
        return result
    }

    mutating func blob() -> Data? {
        guard let length = next(), length <= UInt64(bytes.count - offset) else { return nil }
        let start = offset
        offset += Int(length)
        return Data(bytes[start..<offset])
    }

    mutating func string() -> String? {
        guard let length = next(), length <= UInt64(bytes.count - offset) else { return nil }
        let start = offset
        offset += Int(length)
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }
}
