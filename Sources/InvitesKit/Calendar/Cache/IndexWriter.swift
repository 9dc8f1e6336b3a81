import Foundation
import InvitesModel

/// Writes the stores' binary index formats: little-endian 64-bit words, and strings and bytes
/// behind their length. Kept in memory as bytes with their room made up front and written in
/// place, since an index of a 100,000-item vdir is two million words: appending them to an
/// array one at a time took a cold run 25 ms on the core that writes the index.
///
/// The room is memory from `malloc`, not cleared, and ``data`` hands it to the `Data` it makes
/// rather than copying it: a page of fresh memory costs a fault when first touched, and
/// clearing 16 MB and copying 13 MB of a 100k vdir's index was 30 ms of that core. A write
/// after ``data`` copies the room first, so the `Data` never changes.
struct IndexWriter {
    /// The bytes written and room for more; shared with a `Data` once one is made.
    private final class Room {
        private(set) var base: UnsafeMutableRawPointer
        private(set) var capacity: Int

        init(capacity: Int) {
            guard let base = malloc(capacity) else { preconditionFailure("out of memory for an index") }
            self.base = base
            self.capacity = capacity
        }

        /// A room of `capacity` holding the first `used` bytes of this one.
        func copy(used: Int, capacity: Int) -> Room {
            let room = Room(capacity: capacity)
            room.base.copyMemory(from: base, byteCount: used)
            return room
        }

        func grow(to capacity: Int) {
            guard let grown = realloc(base, capacity) else { preconditionFailure("out of memory for an index") }
            base = grown
            self.capacity = capacity
        }

        deinit {
            free(base)
        }
    }

    private var room: Room
    /// How many bytes of the room are written.
    private var used = 0

    init(capacity: Int = 256) {
        room = Room(capacity: max(capacity, 64))
    }

    var data: Data {
        let room = self.room
        return Data(bytesNoCopy: room.base, count: used, deallocator: .custom { _, _ in withExtendedLifetime(room) {} })
    }

    mutating func put(_ value: UInt64) {
        makeRoom(8)
        room.base.storeBytes(of: value.littleEndian, toByteOffset: used, as: UInt64.self)
        used += 8
    }

    /// A word written over the one at `offset`, such as a count known only at the end.
    mutating func put(_ value: UInt64, at offset: Int) {
        precondition(offset >= 0 && offset + 8 <= used, "a word written before")
        makeRoom(0)
        room.base.storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt64.self)
    }

    /// Bytes behind their length, such as another index nested in this one.
    mutating func put(_ blob: Data) {
        put(UInt64(blob.count))
        blob.withUnsafeBytes { append($0) }
    }

    mutating func put(string: String) {
        var string = string
        string.withUTF8 { put(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Bytes behind their length, as ``put(string:)`` writes a string's: read back by
    /// ``IndexReader/string()``.
    mutating func put(bytes: UnsafeRawBufferPointer) {
        put(UInt64(bytes.count))
        append(bytes)
    }

    /// Digests, each as its high and low words: room made once for all, where a vdir's look
    /// for invitations writes 100,000 of them.
    mutating func put(digests: [ContentDigest]) {
        makeRoom(digests.count * 16)
        let base = room.base + used
        for (index, digest) in digests.enumerated() {
            base.storeBytes(of: digest.high.littleEndian, toByteOffset: index * 16, as: UInt64.self)
            base.storeBytes(of: digest.low.littleEndian, toByteOffset: index * 16 + 8, as: UInt64.self)
        }
        used += digests.count * 16
    }

    /// Bytes as they are.
    private mutating func append(_ raw: UnsafeRawBufferPointer) {
        guard let source = raw.baseAddress, !raw.isEmpty else { return }
        makeRoom(raw.count)
        (room.base + used).copyMemory(from: source, byteCount: raw.count)
        used += raw.count
    }

    /// Makes the room this writer's alone (a `Data` made of it keeps the old one) and large
    /// enough, at least doubling it, for `count` more bytes.
    private mutating func makeRoom(_ count: Int) {
        let needed = used + count
        let capacity = needed > room.capacity ? max(needed, 2 * room.capacity) : room.capacity
        if !isKnownUniquelyReferenced(&room) {
            room = room.copy(used: used, capacity: capacity)
        } else if capacity > room.capacity {
            room.grow(to: capacity)
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
