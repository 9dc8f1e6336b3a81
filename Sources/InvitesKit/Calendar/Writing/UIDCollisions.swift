import Foundation
import InvitesFormats
import InvitesModel

/// Which invitations would collide with something of yours in the calendar they would be
/// written to, looked up cheaply enough for every `ingest` and `show`.
///
/// `accept` checks the very bytes it is about to replace (``CalendarWriter``); this only warns
/// beforehand. A single calendar file whose UIDs are kept in the cache (``FileUIDIndex``) and
/// have not changed since is not read for a UID none of its blocks holds, and only the blocks
/// that may hold it are looked at otherwise; without that record the file is read and scanned
/// once for all the invitations asked about, and the record is kept for the next run. In a vdir
/// only the item named after the UID is read (khal and invites name items so), since finding an
/// item of any name means reading every item, which `accept` alone may pay.
package final class UIDCollisions {
    package let source: CalendarSource
    /// Where the calendar file's UIDs are kept between runs; `nil` scans the file.
    let index: CalendarIndexStorage?
    /// The time, for telling whether the file has settled enough for its record to be kept.
    let clock: @Sendable () -> Date
    private var blocks: (data: Data, byUID: [String: [Range<Int>]])??
    /// The file as read, and the time (Unix seconds) taken just before.
    private var file: (file: CalendarFile, readAt: Int64)??
    private var record: FileUIDIndex??

    package init(
        source: CalendarSource, index: CalendarIndexStorage? = nil, clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.source = source
        self.index = index
        self.clock = clock
    }

    /// Why `claim` may not write its invitation's UID into the calendar, or `nil` when nothing
    /// of another's holds it there (or the calendar cannot be read: `accept` will say why).
    package func refusal(uid: String, claim: CalendarClaim) -> CalendarError? {
        guard let (path, holders) = holders(of: uid), let refusal = claim.refusal(of: holders) else { return nil }
        return .notTheInvitations(path: path, refusal: refusal, invitation: Invite.Person.shown(claim.organizer))
    }

    /// The file and the components that hold `uid`, as far as this look goes.
    func holders(of uid: String) -> (String, [CalendarClaim.Holder])? {
        switch source.layout {
        case .vdir:
            let path = CalendarWriter(source: source, lockFolder: "").itemPath(uid)
            guard let data = try? CalendarFile.read(path).data else { return nil }
            let holders = data.withUnsafeBytes { bytes in
                CalendarBlocks.owners(
                    of: CalendarWriter.eventBlocks(uid: uid, in: bytes, scan: ICSBlockScanner.scan(bytes)), in: bytes)
            }
            return holders.isEmpty ? nil : (path, holders)
        case .file:
            let found: (data: Data, ranges: [Range<Int>])?
            switch recorded(uid) {
            case .absent: found = nil
            case .held(let data, let ranges): found = (data, ranges)
            case nil: found = fileBlocks().flatMap { blocks in blocks.byUID[uid].map { (blocks.data, $0) } }
            }
            guard let found, !found.ranges.isEmpty else { return nil }
            return (source.path, found.data.withUnsafeBytes { CalendarBlocks.owners(of: found.ranges, in: $0) })
        }
    }

    /// Whether this look has scanned the whole file, and whether it has read it.
    var scanned: Bool { blocks != nil }
    var read: Bool { file != nil }

    /// What the record of the file's UIDs tells of `uid`, its blocks checked in the bytes.
    private enum Recorded {
        /// No block holds it.
        case absent
        /// The blocks that hold it, in the file's order, in the bytes read.
        case held(Data, [Range<Int>])
    }

    /// What the kept record of the file's UIDs tells of `uid`; `nil` when it cannot tell (no
    /// record, the file changed since, a block no longer where the record says), and the whole
    /// file is to be scanned.
    private func recorded(_ uid: String) -> Recorded? {
        // Once scanned, the scan answers: it is what the record would have been checked against.
        guard blocks == nil, let record = storedRecord(), FileStamp(path: source.path) == record.stamp else {
            return nil
        }
        let hash = FileUIDIndex.hash(of: Array(uid.utf8)[...])
        // A hash found may be another UID's: each block is compared as text.
        let candidates = record.ranges(for: hash)
        guard !candidates.isEmpty else { return .absent }
        guard let (file, _) = readFile(), file.stamp == record.stamp else { return nil }
        let held = file.data.withUnsafeBytes { bytes -> [Range<Int>]? in
            var held: [Range<Int>] = []
            var end = 0
            for range in candidates {
                // Blocks never overlap, and the record keeps them in the file's order: a damaged
                // or crafted record has no more bytes read than the file holds.
                guard range.lowerBound >= end else { return nil }
                end = range.upperBound
                // Not the block the record says, or its UID no longer of the hash recorded: the
                // file changed under its stamp.
                guard let value = UIDCollisions.uid(ofOneBlock: range, in: bytes),
                    FileUIDIndex.hash(of: value[...]) == hash
                else { return nil }
                if String(decoding: value, as: UTF8.self) == uid { held.append(range) }
            }
            return held
        }
        return held.map { .held(file.data, $0) }
    }

    /// The UID of the one whole component `range` holds (a VEVENT or a VTODO, from its BEGIN
    /// line to the end of its END line, as a scan of the whole file finds it); `nil` when the
    /// bytes there are anything else.
    private static func uid(ofOneBlock range: Range<Int>, in bytes: UnsafeRawBufferPointer) -> [UInt8]? {
        guard range.upperBound <= bytes.count else { return nil }
        let scan = ICSBlockScanner.scan(UnsafeRawBufferPointer(rebasing: bytes[range]))
        guard scan.blocks.count == 1, scan.unterminated.isEmpty, let block = scan.blocks.first, block.kind.holdsUID,
            block.range == 0..<range.count
        else { return nil }
        return ICSBlockScanner.value(of: "UID", in: bytes, block: range)
    }

    /// The record of the file's UIDs kept in the cache, read once.
    private func storedRecord() -> FileUIDIndex? {
        if let record { return record }
        let found = index?.indexData(for: FileUIDIndex.key(source.path)).flatMap(FileUIDIndex.init)
        record = .some(found)
        return found
    }

    /// The calendar file, read once, and the time taken before it was read: a stamp settled by
    /// then proves the bytes read are current.
    private func readFile() -> (file: CalendarFile, readAt: Int64)? {
        if let file { return file }
        let readAt = Int64(clock().timeIntervalSince1970)
        let read = source.exists ? (try? CalendarFile.read(source.path)).map { ($0, readAt) } : nil
        file = .some(read)
        return read
    }

    /// The calendar file's bytes and its VEVENT and VTODO blocks by UID, scanned once; the
    /// record of its UIDs is kept on the way when it was missing or stale.
    private func fileBlocks() -> (data: Data, byUID: [String: [Range<Int>]])? {
        if let blocks { return blocks }
        var found: (Data, [String: [Range<Int>]])?
        if let (file, readAt) = readFile() {
            let uids = file.data.withUnsafeBytes { FileUIDIndex.uids($0, ICSBlockScanner.scan($0)) }
            var byUID: [String: [Range<Int>]] = [:]
            for (value, range) in uids { byUID[String(decoding: value, as: UTF8.self), default: []].append(range) }
            found = (file.data, byUID)
            if let index, let stamp = file.stamp, stamp.isSettled(at: readAt), storedRecord()?.stamp != stamp {
                let record = FileUIDIndex.encoded(stamp: stamp, entries: uids.map(FileUIDIndex.Entry.init))
                index.saveIndex(record, for: FileUIDIndex.key(source.path))
            }
        }
        blocks = .some(found)
        return found
    }
}

extension UIDCollisions {
    /// The looks of one run, one for each calendar, so that a calendar is read at most once
    /// however many invitations are asked about, and all with the run's cache and clock.
    package struct Lookups {
        let index: CalendarIndexStorage?
        let clock: @Sendable () -> Date
        private var byCalendar: [String: UIDCollisions] = [:]

        package init(index: CalendarIndexStorage?, clock: @escaping @Sendable () -> Date) {
            self.index = index
            self.clock = clock
        }

        /// The look into `source`, made on first use.
        mutating func lookup(_ source: CalendarSource) -> UIDCollisions {
            if let lookup = byCalendar[source.path] { return lookup }
            let lookup = UIDCollisions(source: source, index: index, clock: clock)
            byCalendar[source.path] = lookup
            return lookup
        }
    }
}
