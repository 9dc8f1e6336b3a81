/// One state of a calendar on disk, as far as its file stamps tell: a digest of the file's
/// stamp, or of every vdir item's name and stamp, and of the installed zone data.
///
/// Answers cached under a version are used again only while the calendar still has that
/// version and it had already settled when they were made (``isSettled(at:)``).
struct CalendarVersion: Equatable {
    var digest: ContentDigest
    /// The latest modification or status change of any of its files, in Unix seconds.
    var lastChange: Int64

    /// How long after its last change a calendar's stamps are trusted on their own. File times
    /// tick coarsely (a kernel tick, two seconds on FAT), so a write in the same tick as the read
    /// that made an answer could leave a stamp as it was; like git's "racy" entries, a calendar
    /// changed this shortly before it was read is read again next time.
    static let settleTime: Int64 = 2

    /// The zone data libical reads for IANA names without a VTIMEZONE: an update of it can move
    /// occurrences, so it is part of every version.
    static let zoneData = "/usr/share/zoneinfo/tzdata.zi"

    init(file stamp: FileStamp) {
        self.init(items: [("", stamp)])
    }

    init(items: [(name: String, stamp: FileStamp)]) {
        var hasher = ContentHasher()
        var last = Int64.min
        if let zones = FileStamp(path: CalendarVersion.zoneData) { zones.add(to: &hasher) }
        hasher.add(UInt64(items.count))
        for item in items {
            hasher.add(item.name)
            item.stamp.add(to: &hasher)
            last = max(last, item.stamp.lastChange)
        }
        digest = hasher.finish()
        lastChange = last
    }

    /// Whether the calendar had stopped changing long enough before `time` (Unix seconds) for
    /// an unchanged version to prove unchanged contents.
    func isSettled(at time: Int64) -> Bool {
        lastChange + CalendarVersion.settleTime < time
    }
}
