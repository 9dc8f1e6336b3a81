import Foundation

/// The VTIMEZONE blocks one thread has scanned, by their bytes, so that the same block met again
/// is taken whole with a byte comparison instead of line by line.
///
/// Every item of a vdir carries its zones in full, the same few blocks in each: in a cold run of
/// 100,000 items, scanning their lines was most of the scanner's work. A block's scan depends
/// on its bytes alone, so identical bytes give the identical answer; only blocks that end with
/// their line end are kept, since one that ends the file could go on in another.
final class ZoneBlockMemo {
    struct Known {
        let bytes: [UInt8]
        /// How many lines the block spans.
        let lines: Int
        /// ``ICSBlockScanner/Block/ordinary``.
        let ordinary: Bool
    }

    private var known: [Known] = []

    /// How many distinct blocks are kept, each at most ``largest`` bytes: a vdir names a few
    /// zones, and a stranger's file must not make the memo large.
    static let capacity = 16
    static let largest = 64 << 10

    /// The block known to start at `start` in `bytes`, if any.
    func match(_ bytes: UnsafeRawBufferPointer, at start: Int) -> Known? {
        guard let base = bytes.baseAddress else { return nil }
        let room = bytes.count - start
        return known.first { block in
            block.bytes.count <= room
                && block.bytes.withUnsafeBytes { known in
                    known.baseAddress.map { memcmp($0, base + start, known.count) == 0 } ?? false
                }
        }
    }

    /// Keeps the block at `range` of `bytes`, scanned as spanning `lines` lines.
    func remember(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, lines: Int, ordinary: Bool) {
        guard known.count < ZoneBlockMemo.capacity, range.count <= ZoneBlockMemo.largest, range.count > 0,
            bytes[range.upperBound - 1] == 0x0A
        else { return }
        known.append(Known(bytes: Array(bytes[range]), lines: lines, ordinary: ordinary))
    }
}
