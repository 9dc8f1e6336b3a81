import Foundation
import InvitesSystem

/// Where the blocks that hold a UID (VEVENTs and VTODOs) are in a calendar file, by a hash of
/// the UID, kept beside the file's ``FileIndex`` so that `show` and `ingest` tell an invitation
/// whose UID no block holds without reading the file (``UIDCollisions``): reading and scanning
/// the 84 MB of a 100,000-event file took a warm `show` from 0.017 s to 0.28 s.
///
/// A record of its own, under a key of its own, rather than a part of the ``FileIndex``: a
/// warm `show` answers from the kept window and never decodes the 6 MB of the file index, and
/// this is a table of words sorted by hash, searched where it lies and never decoded.
///
/// Trusted as the file index is, only while the file's ``FileStamp`` is the one it was built
/// from, and only to say that no block holds a UID: a hash found (two UIDs may share one, and
/// the hash folds case) is only a reason to read the blocks it names and compare their UIDs,
/// and a block that no longer holds a UID of that hash where the record says sends the caller
/// back to scanning the whole file.
struct FileUIDIndex {
    /// Bumped whenever the layout or the hash changes, so old records are dropped.
    static let format: UInt64 = 1

    /// The hash of every UID beyond ASCII that no ASCII UID equals.
    static let beyondASCII: UInt64 = 0

    /// Where in the cache the record of the calendar file at `path` is kept.
    static func key(_ path: String) -> String { "uids:" + path }

    /// The hash a UID's unfolded value is kept and looked up under: ``BlockFields/uidHash(value:)``
    /// of its bytes. A UID beyond ASCII may be equal as text (Swift compares strings by canonical
    /// equivalence, as the scan does) to another one byte for byte different, even to an ASCII
    /// one (the Kelvin sign is a K): one whose canonical decomposition is ASCII is hashed as
    /// that, and any other one as ``beyondASCII``, where every such UID is compared as text.
    static func hash(of value: ArraySlice<UInt8>) -> UInt64 {
        if value.allSatisfy({ $0 < 0x80 }) { return BlockFields.uidHash(value: value) }
        let decomposed = Array(String(decoding: value, as: UTF8.self).decomposedStringWithCanonicalMapping.utf8)
        return decomposed.allSatisfy { $0 < 0x80 } ? BlockFields.uidHash(value: decomposed[...]) : beyondASCII
    }

    /// The format word, the stamp's seven and the count.
    private static let headerWords = 9
    /// A hash, a start and a length.
    private static let entryWords = 3

    let stamp: FileStamp
    private let data: Data
    private let count: Int

    /// Reads a record's header; `nil` for one of another format or a damaged one. Its entries
    /// are read only when searched.
    init?(_ data: Data) {
        guard data.count >= FileUIDIndex.headerWords * 8 else { return nil }
        let words = data.withUnsafeBytes { raw in
            (0..<FileUIDIndex.headerWords).map {
                UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self))
            }
        }
        let entryBytes = FileUIDIndex.entryWords * 8
        guard words[0] == FileUIDIndex.format,
            let stamp = FileStamp(fields: words[1...7].map { Int64(bitPattern: $0) }),
            words[8] <= UInt64(data.count / entryBytes),
            data.count == FileUIDIndex.headerWords * 8 + Int(words[8]) * entryBytes
        else { return nil }
        self.stamp = stamp
        self.data = data
        count = Int(words[8])
    }

    /// The ranges recorded for `hash`, in the file's order.
    func ranges(for hash: UInt64) -> [Range<Int>] {
        data.withUnsafeBytes { raw in
            let word = { (entry: Int, field: Int) -> UInt64 in
                let offset = (FileUIDIndex.headerWords + entry * FileUIDIndex.entryWords + field) * 8
                return UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            }
            var lower = 0
            var upper = count
            while lower < upper {
                let middle = lower + (upper - lower) / 2
                if word(middle, 0) < hash { lower = middle + 1 } else { upper = middle }
            }
            var found: [Range<Int>] = []
            var entry = lower
            while entry < count, word(entry, 0) == hash {
                let start = word(entry, 1)
                let length = word(entry, 2)
                // A damaged record names no range that could overflow; the caller checks that
                // each lies inside the file.
                if start <= UInt64(Int.max / 2), length <= UInt64(Int.max / 2) {
                    found.append(Int(start)..<Int(start + length))
                }
                entry += 1
            }
            return found
        }
    }

    /// One block that holds a UID: the hash of its UID and where it lies.
    struct Entry: Sendable {
        var hash: UInt64
        var range: Range<Int>

        /// The entry of the block at `range` whose UID's unfolded value is `value`.
        init(value: [UInt8], range: Range<Int>) {
            hash = FileUIDIndex.hash(of: value[...])
            self.range = range
        }
    }

    /// The record of a file whose UID-holding blocks are `entries`, sorted by hash, then by
    /// place in the file.
    static func encoded(stamp: FileStamp, entries: [Entry]) -> Data {
        let entries = entries.sorted { ($0.hash, $0.range.lowerBound) < ($1.hash, $1.range.lowerBound) }
        var writer = IndexWriter(capacity: (headerWords + entries.count * entryWords) * 8)
        writer.put(format)
        writer.put(stamp)
        writer.put(UInt64(entries.count))
        for entry in entries {
            writer.put(entry.hash)
            writer.put(UInt64(entry.range.lowerBound))
            writer.put(UInt64(entry.range.count))
        }
        return writer.data
    }

    /// Each block of `scan` that holds a UID, with the UID's unfolded value, in the file's
    /// order, for a scan that does without the record.
    static func uids(_ bytes: UnsafeRawBufferPointer, _ scan: ICSBlockScanner.Result) -> [(
        value: [UInt8], range: Range<Int>
    )] {
        each(bytes, scan) { value, range in (value, range) }
    }

    /// ``uids(_:_:)`` as the record keeps them, without keeping a value for each block: 100,000
    /// small arrays held at once took a cold `show` 6 MB higher.
    static func entries(_ bytes: UnsafeRawBufferPointer, _ scan: ICSBlockScanner.Result) -> [Entry] {
        each(bytes, scan, Entry.init)
    }

    /// `transform` of the UID's unfolded value and the range of every block of `scan` that
    /// holds a UID, in the file's order: what both the record and the scan that does without it
    /// are made from, so that the two tell the same. On every core for a large file, as its
    /// index is built.
    private static func each<Found: Sendable>(
        _ bytes: UnsafeRawBufferPointer, _ scan: ICSBlockScanner.Result,
        _ transform: @Sendable ([UInt8], Range<Int>) -> Found
    ) -> [Found] {
        let shared = SharedBytes(bytes: bytes)
        return Parallel.map(scan.blocks, minimumPerThread: 4_096) { block -> Found? in
            guard block.kind.holdsUID,
                let value = ICSBlockScanner.value(of: "UID", in: shared.bytes, block: block.range)
            else { return nil }
            return transform(value, block.range)
        }.compactMap { $0 }
    }
}
