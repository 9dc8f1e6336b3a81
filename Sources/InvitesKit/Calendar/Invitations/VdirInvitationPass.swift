import Foundation

/// One pass over a vdir's items for a look for invitations: the folder is listed on the calling
/// thread while the other cores take its names a batch at a time, so that the first items are
/// stamped or read while the rest are still listed.
///
/// After a sync (``Mode/check(_:)``) each item is stamped and told from the shares the last look
/// kept, on the thread that stamped it, and only the names of the items that came or changed
/// become strings: a listing that kept every stamp, share and name for a walk after it cost a
/// look 1.4x the stats alone, in memory touched for the first time and lookups made one by
/// one. On a first look (``Mode/read(_:)``) each item is read as it is listed and judged on its
/// bytes (``InvitationPrefilter``); only those kept, or passed over with UIDs to remember, get
/// their names made.
struct VdirInvitationPass {
    /// What the last look kept, by the items' shares of the version.
    struct Known: Sendable {
        /// Items that hold no invitation (waiting for you).
        var passed: DigestSet
        /// Items that hold invitations.
        var holding: DigestSet
        /// Items passed over with UIDs that invite you to something still to come.
        var answered: DigestSet
    }

    enum Mode: Sendable {
        /// Stamp every item, and name those not among what was known, to be read.
        case check(Known)
        /// Read every item and judge it: with the prefilter, or without one by whether it names
        /// an ORGANIZER and one of these addresses (``InvitationPrefilter/namesYou(_:)``).
        case read(InvitationPrefilter?, naming: InvitationPrefilter)
    }

    /// An item read on a first look, or named to be read after a sync.
    struct Item: Sendable {
        var name: String
        /// Its share of the version when it had settled; `nil`: read again next time.
        var share: ContentDigest?
        /// What reading it gave (first look); `nil` when it is still to be read.
        var outcome: CalendarInvitationScanner.Outcome?
    }

    /// What one batch of names gave.
    struct Batch: Sendable {
        /// Settled items known to (or found to) hold no invitation waiting for you.
        var passed: [ContentDigest] = []
        /// Of those, the ones known to be passed over with UIDs to come (``Known/answered``).
        var answered: [ContentDigest] = []
        /// Settled items known to hold invitations.
        var holding: [ContentDigest] = []
        /// Items read (first look) or to read (after a sync).
        var items: [Item] = []
        /// The version of the items stamped or read.
        var version = CalendarVersion.Builder()
    }

    /// What every batch gave, in the order the folder listed them, and the vdir's version.
    struct Result {
        var batches: [Batch]
        var version: CalendarVersion
    }

    let mode: Mode
    /// Now, in Unix seconds: what tells a settled stamp.
    let time: Int64

    func run(_ folder: String) throws(CalendarError) -> Result {
        let directory = try OpenFolder(folder)
        let descriptor = directory.descriptor
        let mode = self.mode
        let time = self.time
        // Each thread reads every item into the same room and remembers the zones it scanned:
        // every item carries the same few.
        let batches = Parallel.overlapped(
            produce: { VdirListing.list(directory, into: $0) },
            state: { (buffer: ReadBuffer(), zones: ZoneMemo()) }
        ) { state, names -> Batch in
            names.bytes.withUnsafeBytes { bytes in
                var batch = Batch()
                guard let base = bytes.baseAddress else { return batch }
                for range in names.names {
                    let entry = base.advanced(by: range.lowerBound).assumingMemoryBound(to: CChar.self)
                    let name = UnsafeRawBufferPointer(rebasing: bytes[range])
                    switch mode {
                    case .check(let known):
                        VdirInvitationPass.check(entry, name, in: descriptor, known: known, time: time, into: &batch)
                    case .read(let filter, let naming):
                        VdirInvitationPass.read(
                            entry, name, in: descriptor, filter: filter ?? naming, prefiltering: filter != nil,
                            state: state, time: time, into: &batch)
                    }
                }
                return batch
            }
        }
        withExtendedLifetime(directory) {}
        var builder = CalendarVersion.Builder()
        for batch in batches { builder.add(batch.version) }
        return Result(batches: batches, version: builder.finish())
    }

    /// Stamps one item and files it by what the last look knew of its share; an item that
    /// vanished since it was listed is left out, as from the version.
    private static func check(
        _ entry: UnsafePointer<CChar>, _ name: UnsafeRawBufferPointer, in folder: Int32, known: Known, time: Int64,
        into batch: inout Batch
    ) {
        guard let stamp = FileStamp(folder: folder, name: entry) else { return }
        let share = CalendarVersion.share(name: name, stamp: stamp)
        batch.version.add(share, lastChange: stamp.lastChange)
        let settled = stamp.isSettled(at: time)
        if settled, known.passed.contains(share) {
            batch.passed.append(share)
            if known.answered.contains(share) { batch.answered.append(share) }
        } else if settled, known.holding.contains(share) {
            batch.holding.append(share)
        } else {
            batch.items.append(
                Item(name: String(decoding: name, as: UTF8.self), share: settled ? share : nil, outcome: nil))
        }
    }

    /// Reads one item and judges it; one that cannot be read is left out, from the version too,
    /// and read again next time.
    private static func read(
        _ entry: UnsafePointer<CChar>, _ name: UnsafeRawBufferPointer, in folder: Int32, filter: InvitationPrefilter,
        prefiltering: Bool, state: (buffer: ReadBuffer, zones: ZoneMemo), time: Int64, into batch: inout Batch
    ) {
        let bytes: UnsafeRawBufferPointer
        let stamp: FileStamp
        do throws(CalendarError) {
            (bytes, stamp) = try CalendarFile.contents(entry: entry, in: folder, buffer: state.buffer)
        } catch {
            return
        }
        let share = CalendarVersion.share(name: name, stamp: stamp)
        batch.version.add(share, lastChange: stamp.lastChange)
        let settled = stamp.isSettled(at: time)
        let verdict =
            prefiltering
            ? filter.verdict(item: bytes, zones: state.zones)
            : InvitationPrefilter.Verdict(keep: filter.namesYou(bytes))
        // Most items: passed over with nothing to remember but their share.
        if !verdict.keep, verdict.answered.isEmpty {
            if settled { batch.passed.append(share) }
            return
        }
        batch.items.append(
            Item(
                name: String(decoding: name, as: UTF8.self), share: settled ? share : nil,
                outcome: verdict.keep ? .kept(Data(bytes)) : .passed(verdict.answered)))
    }
}
