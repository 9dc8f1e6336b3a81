import Foundation

/// What the last look for invitations in one calendar saw: the calendar's version, and for
/// each file its stamp and the invitation UID it holds (empty for none), so that the next look
/// opens only the files that changed, and none at all when the calendar did not change.
///
/// Kept in the cache store: losing it costs one read of every file, never an invitation.
struct InvitationScanState: Equatable {
    /// Bumped whenever what a file counts as an invitation changes. 3: your address folded
    /// across two lines is found.
    static let format: UInt64 = 3

    struct Item: Equatable {
        var name: String
        var stamp: FileStamp
        /// The UIDs of the invitations the file holds (one for a vdir item).
        var uids: [String]
    }

    /// The digest of the calendar's version when it had settled; `nil` when it had not, so the
    /// next look compares the files one by one.
    var version: ContentDigest?
    /// A vdir's own stamp when it had settled: while it stays, no item came, went or was
    /// replaced.
    var folder: FileStamp?
    var items: [Item]

    init(version: ContentDigest?, folder: FileStamp? = nil, items: [Item]) {
        self.version = version
        self.folder = folder
        self.items = items
    }

    func encoded() -> Data {
        var writer = IndexWriter(capacity: 32 + items.count * 96)
        writer.put(InvitationScanState.format)
        writer.put(version == nil ? 0 : 1)
        writer.put(version?.high ?? 0)
        writer.put(version?.low ?? 0)
        writer.put(folder == nil ? 0 : 1)
        writer.put(folder ?? FileStamp(device: 0, inode: 0, size: 0, seconds: 0, nanoseconds: 0))
        writer.put(UInt64(items.count))
        for item in items {
            writer.put(string: item.name)
            writer.put(item.stamp)
            writer.put(UInt64(item.uids.count))
            for uid in item.uids { writer.put(string: uid) }
        }
        return writer.data
    }

    /// Decodes a state; `nil` for one of another format or a damaged one.
    init?(_ data: Data) {
        var reader = IndexReader(data: data)
        guard reader.next() == InvitationScanState.format, let hasVersion = reader.next(), let high = reader.next(),
            let low = reader.next(), let hasFolder = reader.next(), let folder = reader.stamp(),
            let count = reader.next(), count <= UInt64(data.count)
        else { return nil }
        version = hasVersion == 1 ? ContentDigest(high: high, low: low) : nil
        self.folder = hasFolder == 1 ? folder : nil
        items = []
        for _ in 0..<count {
            guard let name = reader.string(), let stamp = reader.stamp(), let uidCount = reader.next(),
                uidCount <= UInt64(data.count)
            else { return nil }
            var uids: [String] = []
            for _ in 0..<uidCount {
                guard let uid = reader.string() else { return nil }
                uids.append(uid)
            }
            items.append(Item(name: name, stamp: stamp, uids: uids))
        }
    }
}
