import Foundation
import InvitesModel
import InvitesSystem

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
        /// ``InvitationScanState/passed``: in the order the folder listed the items then, the
        /// shares of those that hold no invitation (waiting for you), zero for the others.
        var sequence: [ContentDigest]
        /// ``InvitationScanState/latest``: an item changed later is none of those.
        var latest: Int64
        /// The same shares, for an item found far from where it was listed: made the first
        /// time one is asked for, which a sync that placed or removed a few items never does.
        var far: LazyDigestSet
        /// Items that hold invitations.
        var holding: DigestSet
        /// Items passed over with UIDs that invite you to something still to come.
        var answered: DigestSet

        init(sequence: [ContentDigest], latest: Int64, holding: [ContentDigest], answered: [ContentDigest]) {
            self.sequence = sequence
            self.latest = latest
            far = LazyDigestSet(sequence)
            self.holding = DigestSet(holding)
            self.answered = DigestSet(answered)
        }

        /// How far from where an item was listed last time it is looked for along ``sequence``
        /// before the table is asked: a sync that placed or removed a few items moves the rest
        /// by as many places. A look in a table of 100,000 is a miss in the processor's cache
        /// for every item (7 % of a look after a sync); a look along the sequence is not.
        static let reach = 64

        /// Whether `share` is the one at `expected`, where the item was last time if nothing
        /// before it came or went; `expected` moves past it then.
        func isNext(_ share: ContentDigest, expected: inout Int) -> Bool {
            guard expected >= 0, expected < sequence.count, sequence[expected] == share else { return false }
            expected += 1
            return true
        }

        /// Whether `share` is among the items passed over, looked for within ``reach`` of
        /// `expected` (moved past it when found there), then, unless the item changed after
        /// every item seen then, in the table.
        func passes(_ share: ContentDigest, lastChange: Int64, expected: inout Int) -> Bool {
            let lower = max(0, expected - Known.reach)
            let upper = min(sequence.count, expected + Known.reach)
            if lower < upper {
                for index in lower..<upper where sequence[index] == share {
                    expected = index + 1
                    return true
                }
            }
            expected += 1
            return lastChange <= latest && far.contains(share)
        }
    }

    /// What ``Batch/sequence`` holds for an item that is not passed over.
    static let none = ContentDigest(high: 0, low: 0)

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
        /// Where it stands in its batch's ``Batch/sequence``.
        var slot: Int
    }

    /// What one batch of names gave.
    struct Batch: Sendable {
        /// For every item stamped or read, in the order listed: its share when it is settled and
        /// known (or found) to hold no invitation waiting for you, else ``none``.
        var sequence: [ContentDigest] = []
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
                batch.sequence.reserveCapacity(names.names.count)
                func each(_ body: (UnsafePointer<CChar>, UnsafeRawBufferPointer) -> Void) {
                    for range in names.names {
                        body(
                            base.advanced(by: range.lowerBound).assumingMemoryBound(to: CChar.self),
                            UnsafeRawBufferPointer(rebasing: bytes[range]))
                    }
                }
                switch mode {
                case .check(let known):
                    var expected = names.first
                    each { entry, name in
                        VdirInvitationPass.check(
                            entry, name, in: descriptor, known: known, expected: &expected, time: time, into: &batch)
                    }
                case .read(let filter, let naming):
                    // Taken once a batch: a copy per item cost four retains and releases.
                    let judge = filter ?? naming
                    let prefiltering = filter != nil
                    each { entry, name in
                        VdirInvitationPass.read(
                            entry, name, in: descriptor, filter: judge, prefiltering: prefiltering, state: state,
                            time: time, into: &batch)
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
        _ entry: UnsafePointer<CChar>, _ name: UnsafeRawBufferPointer, in folder: Int32, known: Known,
        expected: inout Int, time: Int64, into batch: inout Batch
    ) {
        guard let stamp = FileStamp(folder: folder, name: entry) else { return }
        let share = CalendarVersion.share(name: name, stamp: stamp)
        batch.version.add(share, lastChange: stamp.lastChange)
        let settled = stamp.isSettled(at: time)
        // Most items: where they were. An item holding invitations stands as none there.
        if settled, known.isNext(share, expected: &expected) {
            batch.sequence.append(share)
            if known.answered.contains(share) { batch.answered.append(share) }
            return
        }
        if settled, known.holding.contains(share) {
            expected += 1
            batch.holding.append(share)
        } else if settled, known.passes(share, lastChange: stamp.lastChange, expected: &expected) {
            batch.sequence.append(share)
            if known.answered.contains(share) { batch.answered.append(share) }
            return
        } else {
            if !settled { expected += 1 }
            batch.items.append(
                Item(
                    name: String(decoding: name, as: UTF8.self), share: settled ? share : nil, outcome: nil,
                    slot: batch.sequence.count))
        }
        batch.sequence.append(none)
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
            (bytes, stamp) = try CalendarFile.contents(
                entry: entry, in: folder, buffer: state.buffer, path: { String(cString: entry) })
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
            batch.sequence.append(settled ? share : none)
            return
        }
        batch.items.append(
            Item(
                name: String(decoding: name, as: UTF8.self), share: settled ? share : nil,
                outcome: verdict.keep ? .kept(Data(bytes)) : .passed(verdict.answered), slot: batch.sequence.count))
        batch.sequence.append(none)
    }
}
