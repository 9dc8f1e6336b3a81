import Foundation
import InvitesFormats

/// What one thread has learnt about time zones while scanning calendar files: the VTIMEZONE
/// blocks it met, by their bytes, and the offsets each zone can give.
///
/// Every item of a vdir carries its zones in full, the same few blocks in each: in a cold run of
/// 100,000 items, scanning their lines was most of the scanner's work, so a block met again is
/// taken whole with a byte comparison. A block's scan depends on its bytes alone, so identical
/// bytes give the identical answer; only blocks that end with their line end are kept, since
/// one that ends the file could go on in another. What a block or a TZID means for bounding
/// (``BlockPrefilter``) is asked of libical once per thread, not once per item.
final class ZoneMemo {
    struct Known {
        /// Where it is kept, for ``definition(_:_:slot:)``.
        let slot: Int
        let bytes: [UInt8]
        /// How many lines the block spans.
        let lines: Int
        /// ``ICSBlockScanner/Block/ordinary``.
        let ordinary: Bool
    }

    /// What a VTIMEZONE block means for bounding the events that name it.
    struct Definition: Sendable {
        /// Its TZID as libical reads it, to be compared with an event's TZID parameter.
        var tzid: [UInt8]
        /// ``ZoneResolver/offsets(of:)``.
        var offsets: ClosedRange<Int>
    }

    private var known: [Known] = []
    /// For each of ``known``, once asked: its definition, `nil` inside when it has none.
    private var definitions: [Definition??] = []
    /// The offsets of the zones named so far (``ZoneResolver/offsets(named:)``), by name.
    private var names: [(name: [UInt8], offsets: ClosedRange<Int>?)] = []
    /// The same joined with those of the kept blocks of a file that define the name
    /// (``offsets(named:definedIn:)``), by name and the slots of the file's blocks.
    private var joined: [(name: [UInt8], slots: UInt64, offsets: ClosedRange<Int>?)] = []

    /// How many distinct blocks and names are kept, each block at most ``largest`` bytes: a
    /// vdir names a few zones, each written by a few producers, and a stranger's file must not
    /// make the memo large. A block not kept is read by libical for each file that has it.
    static let capacity = 64
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

    /// Keeps the block at `range` of `bytes`, scanned as spanning `lines` lines; its slot, or
    /// `nil` when it is not kept.
    func remember(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>, lines: Int, ordinary: Bool) -> Int? {
        guard known.count < ZoneMemo.capacity, range.count <= ZoneMemo.largest, range.count > 0,
            bytes[range.upperBound - 1] == 0x0A
        else { return nil }
        known.append(Known(slot: known.count, bytes: Array(bytes[range]), lines: lines, ordinary: ordinary))
        definitions.append(nil)
        return known.count - 1
    }

    /// The definition of the VTIMEZONE block `block` of a file, kept in `slot` when the scan
    /// took it from the memo or left it there: parsed by libical the first time a kept block is
    /// asked for, every time for one not kept; `nil` for a block libical reads no TZID from.
    func definition(_ block: UnsafeRawBufferPointer, slot: Int?) -> Definition? {
        guard let slot, slot < definitions.count, known[slot].bytes.count == block.count else {
            return ZoneMemo.define(block)
        }
        if let found = definitions[slot] { return found }
        let found = ZoneMemo.define(block)
        definitions[slot] = .some(found)
        return found
    }

    private static func define(_ block: UnsafeRawBufferPointer) -> Definition? {
        ZoneResolver.offsets(ofBlock: block).map { Definition(tzid: Array($0.tzid.utf8), offsets: $0.offsets) }
    }

    /// The offsets of the zone ``ZoneResolver`` finds for the TZID `name` without an embedded
    /// VTIMEZONE; `nil` when it finds none.
    func offsets(named name: ArraySlice<UInt8>) -> ClosedRange<Int>? {
        if let found = names.first(where: { ZoneMemo.same($0.name, name) }) { return found.offsets }
        let offsets = ZoneResolver.offsets(named: String(decoding: name, as: UTF8.self))
        if names.count < ZoneMemo.capacity { names.append((Array(name), offsets)) }
        return offsets
    }

    /// The offsets of the zone the TZID `name` names in a file whose VTIMEZONEs are all kept,
    /// in the slots set in `slots` (``offsets(named:definedBy:)``).
    ///
    /// The items of a vdir carry the same few blocks: the answer is kept for the next item.
    func offsets(named name: ArraySlice<UInt8>, definedIn slots: UInt64) -> ClosedRange<Int>? {
        if let found = joined.first(where: { $0.slots == slots && ZoneMemo.same($0.name, name) }) {
            return found.offsets
        }
        let blocks = known.indices.lazy.filter { slots & 1 << $0 != 0 }.compactMap { slot in
            self.known[slot].bytes.withUnsafeBytes { self.definition($0, slot: slot) }
        }
        let offsets = offsets(named: name, definedBy: blocks)
        if joined.count < ZoneMemo.capacity { joined.append((Array(name), slots, offsets)) }
        return offsets
    }

    /// The offsets of the zone the TZID `name` names in a file whose VTIMEZONEs are
    /// `definitions`: those of each of them that defines `name` joined with those of the zone
    /// the name finds without one, any of which ``ZoneResolver`` may use; `nil` when the name
    /// finds none (a VTIMEZONE libical rejects then leaves the time floating).
    func offsets(named name: ArraySlice<UInt8>, definedBy definitions: some Sequence<Definition>) -> ClosedRange<Int>? {
        guard var offsets = offsets(named: name) else { return nil }
        for definition in definitions where ZoneMemo.same(definition.tzid, name) {
            offsets = offsets.joined(with: definition.offsets)
        }
        return offsets
    }

    /// Whether two runs of bytes are the same, compared as memory.
    static func same(_ one: [UInt8], _ other: ArraySlice<UInt8>) -> Bool {
        one.count == other.count
            && one.withUnsafeBytes { left in
                other.withUnsafeBytes { right in
                    guard let first = left.baseAddress, let second = right.baseAddress else { return left.isEmpty }
                    return memcmp(first, second, left.count) == 0
                }
            }
    }
}
