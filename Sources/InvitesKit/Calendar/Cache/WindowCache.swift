import Foundation
import InvitesModel

/// What one calendar held for one stretch of whole UTC days the last time it was read: the
/// occurrences and warnings there. A later run asking about a window inside those days reads
/// neither the calendar nor libical while the calendar is unchanged.
///
/// It answers only for the calendar ``CalendarVersion`` it was built from, and only when that
/// version was already settled when it was read (``CalendarVersion/isSettled(at:)``); otherwise
/// the calendar is read again. Expanding whole days gives the same occurrences inside the window
/// as expanding the window itself unless a limit was reached (a series with more instances
/// than ``EventSeries/Context/instanceLimit``, a spent step budget); such days are never kept.
struct WindowCache: Equatable {
    /// Bumped whenever the layout, or what expansion yields, changes. 4: a line folded inside
    /// its name (a VEVENT's BEGIN, an ATTENDEE) is read as libical reads it.
    static let format: UInt64 = 4
    /// Windows longer than this are expanded as they are, without a cache.
    static let longestTile = 8 * 86_400
    /// How many stretches of days are kept per calendar; older ones are dropped.
    static let kept = 32

    var version: ContentDigest
    var warnings: [CalendarWarning]
    var occurrences: [Occurrence]
    /// ``CalendarVersion/dependencies`` when the answer was made: parts are only taken again
    /// from an answer made with the same zone data, program and libical.
    var dependencies: ContentDigest
    /// For a vdir, what each item that was expanded gave, in name order.
    var parts: [Part] = []

    /// What one vdir item gave. When another item changes, the version no longer matches, but
    /// an item whose stamp is the same is taken from here rather than read and expanded again.
    struct Part: Equatable {
        var name: String
        var stamp: FileStamp
        /// Its share of ``WindowCache/occurrences`` and ``WindowCache/warnings``.
        var occurrences: Range<Int>
        var warnings: Range<Int>
    }

    /// The whole UTC days holding `window`; `nil` when they span more than ``longestTile``.
    static func tile(for window: Range<Int>) -> Range<Int>? {
        let day = 86_400
        let lower = Int((Double(window.lowerBound) / Double(day)).rounded(.down)) * day
        let upper = Int((Double(window.upperBound) / Double(day)).rounded(.up)) * day
        let tile = lower..<max(upper, lower + day)
        return tile.count <= longestTile ? tile : nil
    }

    /// The occurrences that intersect `window`, as ``EventSeries`` decides it: a zero-length
    /// occurrence by its instant, any other by overlap of half-open intervals.
    static func intersecting(_ occurrences: [Occurrence], _ window: Range<Int>) -> [Occurrence] {
        occurrences.filter { occurrence in
            let start = Int(occurrence.start.timeIntervalSince1970), end = Int(occurrence.end.timeIntervalSince1970)
            return start == end ? window.contains(start) : start < window.upperBound && end > window.lowerBound
        }
    }

    // MARK: Encoding

    func encoded() -> Data {
        var writer = IndexWriter(capacity: 64 + occurrences.count * 128)
        writer.put(WindowCache.format)
        writer.put(version.high)
        writer.put(version.low)
        writer.put(UInt64(warnings.count))
        for warning in warnings {
            writer.put(string: warning.path)
            writer.put(UInt64(warning.line))
            writer.put(string: warning.message)
        }
        writer.put(UInt64(occurrences.count))
        for occurrence in occurrences {
            writer.put(occurrence)
        }
        writer.put(dependencies.high)
        writer.put(dependencies.low)
        writer.put(UInt64(parts.count))
        for part in parts {
            writer.put(string: part.name)
            writer.put(part.stamp)
            for bound in [
                part.occurrences.lowerBound, part.occurrences.upperBound, part.warnings.lowerBound,
                part.warnings.upperBound,
            ] {
                writer.put(UInt64(bound))
            }
        }
        return writer.data
    }

    /// Decodes a cache; `nil` for one of another format or a damaged one.
    init?(_ data: Data) {
        var reader = IndexReader(data: data)
        guard reader.next() == WindowCache.format, let high = reader.next(), let low = reader.next(),
            let warningCount = reader.next(), warningCount <= UInt64(data.count / 24)
        else { return nil }
        version = ContentDigest(high: high, low: low)
        warnings = []
        for _ in 0..<warningCount {
            guard let path = reader.string(), let line = reader.next(), line <= UInt64(Int.max),
                let message = reader.string()
            else { return nil }
            warnings.append(CalendarWarning(path: path, line: Int(line), message: message))
        }
        guard let occurrenceCount = reader.next(), occurrenceCount <= UInt64(data.count / 48) else { return nil }
        occurrences = []
        occurrences.reserveCapacity(Int(occurrenceCount))
        for _ in 0..<occurrenceCount {
            guard let occurrence = reader.occurrence() else { return nil }
            occurrences.append(occurrence)
        }
        guard let high = reader.next(), let low = reader.next(), let partCount = reader.next(),
            partCount <= UInt64(data.count / 64)
        else { return nil }
        dependencies = ContentDigest(high: high, low: low)
        for _ in 0..<partCount {
            guard let name = reader.string(), let stamp = reader.stamp(), let bounds = reader.ranges(2),
                bounds[0].upperBound <= occurrences.count, bounds[1].upperBound <= warnings.count
            else { return nil }
            parts.append(Part(name: name, stamp: stamp, occurrences: bounds[0], warnings: bounds[1]))
        }
        guard reader.offset == data.count else { return nil }
    }

    init(
        version: ContentDigest, warnings: [CalendarWarning], occurrences: [Occurrence],
        dependencies: ContentDigest = CalendarVersion.dependencyDigest, parts: [Part] = []
    ) {
        self.version = version
        self.warnings = warnings
        self.occurrences = occurrences
        self.dependencies = dependencies
        self.parts = parts
    }
}
