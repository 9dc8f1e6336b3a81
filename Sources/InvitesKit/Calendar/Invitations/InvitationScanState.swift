import Foundation
import InvitesModel

/// What the last look for invitations in one calendar saw: the calendar's version, and for a
/// vdir each settled item by its share of the version (its name and stamp hashed), with the
/// names and invitation UIDs only of the items that hold invitations, so that the next look
/// opens only the items that came or changed, and none at all when the calendar did not change.
///
/// Kept in the cache store: losing it costs one read of every file, never an invitation. Most
/// of a vdir's items hold no invitation waiting for you, and each costs 16 bytes here: a
/// 100,000-item vdir's state is 1.6 MB, read and written after every sync that changed it.
struct InvitationScanState: Equatable {
    /// Bumped whenever what a file counts as an invitation changes. 3: your address folded
    /// across two lines is found. 4: items without invitations kept by their shares alone, and
    /// only what can still wait for you parsed (``InvitationPrefilter``), and the items passed over
    /// that invite you to what is to come. 5: ``passed`` in the order the folder listed the items.
    static let format: UInt64 = 5

    /// An item that holds invitations.
    struct Item: Equatable {
        var name: String
        /// ``CalendarVersion/share(name:stamp:)`` of its name and stamp when it was read.
        var share: ContentDigest
        /// The UIDs of the invitations the file holds.
        var uids: [String]
    }

    /// The digest of the calendar's version when it had settled; `nil` when it had not, so the
    /// next look compares the files one by one.
    var version: ContentDigest?
    /// A vdir's own stamp when it had settled: while it stays, no item came, went or was
    /// replaced.
    var folder: FileStamp?
    /// The latest change (``FileStamp/lastChange``) of any item then: an item changed later is
    /// none of those seen.
    var latest: Int64 = .min
    /// The shares of the settled items that hold no invitation (for you, waiting), in the
    /// order the folder listed the items, with a share of zeros in place of each of the others
    /// (holding invitations, changed within the clock's tick, unreadable): a look after a sync
    /// finds nearly every item where it was, by a walk along this sequence, not a look-up each.
    var passed: [ContentDigest]
    /// The settled items that hold invitations.
    var items: [Item]
    /// The items passed over that invite you to something still to come (answered or cancelled
    /// there), with those UIDs: should the inbox come to hold one (its mail ingested), the
    /// calendar is read whole again, so that your answer there is followed. Kept in the head.
    var answered: [Item]

    init(
        version: ContentDigest?, folder: FileStamp? = nil, latest: Int64 = .min, passed: [ContentDigest] = [],
        items: [Item] = [], answered: [Item] = []
    ) {
        self.version = version
        self.folder = folder
        self.latest = latest
        self.passed = passed
        self.items = items
        self.answered = answered
    }

    func encoded() -> Data {
        var writer = IndexWriter(capacity: 96 + passed.count * 16 + items.count * 96)
        writer.put(InvitationScanState.format)
        writer.put(version == nil ? 0 : 1)
        writer.put(version?.high ?? 0)
        writer.put(version?.low ?? 0)
        writer.put(folder == nil ? 0 : 1)
        writer.put(folder ?? FileStamp(device: 0, inode: 0, size: 0, seconds: 0, nanoseconds: 0))
        writer.put(UInt64(bitPattern: latest))
        writer.put(UInt64(passed.count))
        writer.put(digests: passed)
        for list in [items, answered] {
            writer.put(UInt64(list.count))
            for item in list {
                writer.put(string: item.name)
                writer.put(item.share.high)
                writer.put(item.share.low)
                writer.put(UInt64(item.uids.count))
                for uid in item.uids { writer.put(string: uid) }
            }
        }
        return writer.data
    }

    /// Decodes a state; `nil` for one of another format or a damaged one.
    init?(_ data: Data) {
        var reader = IndexReader(data: data)
        guard reader.next() == InvitationScanState.format, let hasVersion = reader.next(), let high = reader.next(),
            let low = reader.next(), let hasFolder = reader.next(), let folder = reader.stamp(),
            let latest = reader.next(), let passedCount = reader.next(), passedCount <= UInt64(data.count / 16),
            let passed = reader.digests(Int(passedCount))
        else { return nil }
        version = hasVersion == 1 ? ContentDigest(high: high, low: low) : nil
        self.folder = hasFolder == 1 ? folder : nil
        self.latest = Int64(bitPattern: latest)
        self.passed = passed
        guard let items = InvitationScanState.items(&reader, size: data.count),
            let answered = InvitationScanState.items(&reader, size: data.count)
        else { return nil }
        self.items = items
        self.answered = answered
    }

    private static func items(_ reader: inout IndexReader, size: Int) -> [Item]? {
        guard let count = reader.next(), count <= UInt64(size) else { return nil }
        var items: [Item] = []
        for _ in 0..<count {
            guard let name = reader.string(), let high = reader.next(), let low = reader.next(),
                let uidCount = reader.next(), uidCount <= UInt64(size)
            else { return nil }
            var uids: [String] = []
            for _ in 0..<uidCount {
                guard let uid = reader.string() else { return nil }
                uids.append(uid)
            }
            items.append(Item(name: name, share: ContentDigest(high: high, low: low), uids: uids))
        }
        return items
    }
}
