import Foundation
import InvitesFormats
import InvitesModel

/// One state of a calendar on disk, as far as its file stamps tell: a digest of the file's
/// stamp, or of every vdir item's name and stamp, and of what else an answer depends on — the
/// installed zone data and the program that made the answer.
///
/// Answers cached under a version are used again only while the calendar still has that
/// version and it had already settled when they were made (``isSettled(at:)``).
struct CalendarVersion: Equatable {
    var digest: ContentDigest
    /// The latest modification or status change of any of its files, in Unix seconds.
    var lastChange: Int64

    /// The files besides the calendar an answer depends on, by their stamps: the zone data
    /// libical reads for IANA names without a VTIMEZONE (an update can move occurrences), the
    /// running program and the libical it loaded (another build may expand differently).
    static let dependencies: [FileStamp?] = {
        let zoneFolders = [ProcessInfo.processInfo.environment["TZDIR"], "/usr/share/zoneinfo"].compactMap { $0 }
        let zoneFiles = zoneFolders.flatMap { [$0 + "/tzdata.zi", $0 + "/+VERSION"] }
        let programs = [Bundle.main.executablePath, LibICal.libraryPath].map { $0 ?? "" }
        return (zoneFiles + programs).map { FileStamp(path: $0) }
    }()

    /// A digest of ``dependencies`` alone.
    static let dependencyDigest: ContentDigest = {
        var hasher = ContentHasher()
        for stamp in dependencies {
            hasher.add(stamp == nil ? 0 : 1)
            stamp?.add(to: &hasher)
        }
        return hasher.finish()
    }()

    /// Whether the calendar had stopped changing long enough before `time` (Unix seconds) for
    /// an unchanged version to prove unchanged contents.
    func isSettled(at time: Int64) -> Bool {
        lastChange < time - FileStamp.settleTime
    }

    init(file stamp: FileStamp) {
        var builder = Builder()
        builder.add(name: UnsafeRawBufferPointer(start: nil, count: 0), stamp: stamp)
        self = builder.finish()
    }

    /// The version of a vdir's items.
    init(items: [(name: String, stamp: FileStamp)]) {
        var builder = Builder()
        for item in items { builder.add(name: item.name, stamp: item.stamp) }
        self = builder.finish()
    }

    /// One item's part of a version: a digest of its name and stamp.
    ///
    /// A version sums its items' shares rather than hashing them in turn, so that a listing
    /// can hash each item on the thread that stamped it and in the order the folder gave the
    /// names, with no sort: a vdir's names are distinct, so the set of names and stamps is the
    /// vdir, and any one item that comes, goes or changes moves the sum.
    static func share(name: UnsafeRawBufferPointer, stamp: FileStamp) -> ContentDigest {
        var hasher = ContentHasher()
        hasher.add(UInt64(name.count))
        hasher.add(name)
        stamp.add(to: &hasher)
        return hasher.finish()
    }

    /// Sums items' shares, so that a listing can feed its names as bytes, or shares made on
    /// several threads.
    struct Builder {
        private var high: UInt64 = 0
        private var low: UInt64 = 0
        private var last = Int64.min
        private var count: UInt64 = 0

        mutating func add(name: UnsafeRawBufferPointer, stamp: FileStamp) {
            add(CalendarVersion.share(name: name, stamp: stamp), lastChange: stamp.lastChange)
        }

        mutating func add(name: String, stamp: FileStamp) {
            var name = name
            name.withUTF8 { add(name: UnsafeRawBufferPointer($0), stamp: stamp) }
        }

        /// An item by its ``CalendarVersion/share(name:stamp:)`` and its stamp's
        /// ``FileStamp/lastChange``.
        mutating func add(_ share: ContentDigest, lastChange: Int64) {
            high &+= share.high
            low &+= share.low
            last = max(last, lastChange)
            count += 1
        }

        /// Takes out an item given before, by its share: a version kept up to date as items
        /// change (``FollowedVdir``). The latest change stays what it was, which can only
        /// leave the version unsettled a little longer (``CalendarVersion/isSettled(at:)``).
        mutating func remove(_ share: ContentDigest) {
            high &-= share.high
            low &-= share.low
            count &-= 1
        }

        /// Every item another builder was given, as if given here: what the threads of one
        /// pass over a vdir summed apart.
        mutating func add(_ other: Builder) {
            high &+= other.high
            low &+= other.low
            last = max(last, other.last)
            count += other.count
        }

        func finish() -> CalendarVersion {
            var hasher = ContentHasher()
            hasher.add(CalendarVersion.dependencyDigest.high)
            hasher.add(CalendarVersion.dependencyDigest.low)
            hasher.add(high)
            hasher.add(low)
            hasher.add(count)
            return CalendarVersion(digest: hasher.finish(), lastChange: last)
        }
    }

    private init(digest: ContentDigest, lastChange: Int64) {
        self.digest = digest
        self.lastChange = lastChange
    }
}
