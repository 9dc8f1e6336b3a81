import Foundation

/// Puts accepted invites into your calendar and takes them out again, changing no byte it did
/// not mean to change.
///
/// In a single `.ics` file the VEVENTs (and any VTIMEZONE they need that the file lacks) go in
/// just before the final `END:VCALENDAR`, in the file's own line ends; removing them cuts out
/// exactly those bytes, so accept-then-decline gives back the file as it was. In a vdir each
/// invite is one file named after its (sanitised) UID. Every write is atomic and locked.
public struct CalendarWriter: Sendable {
    public var source: CalendarSource
    /// Where the lock file lives (inside `--home`: nothing is written beside the calendar).
    public var lockFolder: String

    public init(source: CalendarSource, lockFolder: String) {
        self.source = source
        self.lockFolder = lockFolder
    }

    /// What a write added beyond the VEVENTs, so that taking them out can take it out too.
    public struct Written: Sendable, Hashable {
        /// The VTIMEZONE blocks inserted, byte for byte.
        public var zones: [String]
    }

    /// Adds the entry, or replaces the events of its UID where the calendar has them.
    public func put(_ entry: CalendarEntry) throws -> Written {
        let lock = try FileLock(path: lockPath)
        defer { withExtendedLifetime(lock) {} }
        switch source.layout {
        case .vdir:
            let text = CalendarWriter.wrap(entry.timezones.map(\.text).joined() + entry.events, crlf: true)
            try AtomicFile(path: itemPath(entry.uid)).update { _ in Data(text.utf8) }
            return Written(zones: [])
        case .file:
            var written = Written(zones: [])
            try AtomicFile(path: source.path).update { current in
                guard let current, !current.isEmpty else {
                    written.zones = entry.timezones.map(\.text)
                    return Data(CalendarWriter.wrap(written.zones.joined() + entry.events, crlf: true).utf8)
                }
                let (data, zones) = try CalendarWriter.inserting(entry, into: current, path: source.path)
                written.zones = zones
                return data
            }
            return written
        }
    }

    /// Takes the events of a UID out, and the VTIMEZONEs `put` added for them when nothing else
    /// uses them; a calendar without them is left as it is.
    public func delete(uid: String, zones: [String]) throws {
        let lock = try FileLock(path: lockPath)
        defer { withExtendedLifetime(lock) {} }
        switch source.layout {
        case .vdir:
            guard FileManager.default.fileExists(atPath: itemPath(uid)) else { return }
            try AtomicFile(path: itemPath(uid)).remove()
        case .file:
            try AtomicFile(path: source.path).update { current in
                guard let current else { return nil }
                return CalendarWriter.removing(uid: uid, zones: zones, from: current)
            }
        }
    }

    // MARK: Single files

    private static func inserting(_ entry: CalendarEntry, into data: Data, path: String) throws -> (Data, [String]) {
        try data.withUnsafeBytes { bytes throws -> (Data, [String]) in
            let scan = ICSBlockScanner.scan(bytes)
            guard scan.sawCalendar, let end = scan.calendarEnd else { throw CalendarError.notACalendar(path: path) }
            let known = Set(scan.blocks.filter { $0.kind == .timezone }.compactMap {
                ICSBlockScanner.text(of: "TZID", in: bytes, block: $0.range)
            })
            let zones = entry.timezones.filter { !known.contains($0.tzid) }.map { lineEnds($0.text, crlf: scan.usesCRLF) }
            let events = lineEnds(entry.events, crlf: scan.usesCRLF)
            let old = eventBlocks(uid: entry.uid, in: bytes, scan: scan)
            var result = Data()
            if let first = old.first {
                var cursor = 0
                for block in old {
                    result.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[cursor..<block.lowerBound]))
                    if block == first { result.append(Data((zones.joined() + events).utf8)) }
                    cursor = block.upperBound
                }
                result.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[cursor...]))
            } else {
                var head = Data(UnsafeRawBufferPointer(rebasing: bytes[..<end]))
                if let last = head.last, last != 0x0A { head.append(contentsOf: scan.usesCRLF ? [0x0D, 0x0A] : [0x0A]) }
                result = head
                result.append(Data((zones.joined() + events).utf8))
                result.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[end...]))
            }
            return (result, zones)
        }
    }

    private static func removing(uid: String, zones: [String], from data: Data) -> Data? {
        data.withUnsafeBytes { bytes -> Data? in
            let scan = ICSBlockScanner.scan(bytes)
            var cuts = eventBlocks(uid: uid, in: bytes, scan: scan)
            guard !cuts.isEmpty else { return nil }
            var kept = Data()
            var cursor = 0
            for cut in cuts {
                kept.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[cursor..<cut.lowerBound]))
                cursor = cut.upperBound
            }
            kept.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[cursor...]))
            cuts.removeAll()
            for zone in zones {
                guard let tzid = zoneID(zone), let range = kept.range(of: Data(zone.utf8), options: .backwards) else { continue }
                var rest = kept
                rest.removeSubrange(range)
                if rest.range(of: Data("TZID=\(tzid):".utf8)) == nil, rest.range(of: Data("TZID=\"\(tzid)\"".utf8)) == nil {
                    kept = rest
                }
            }
            return kept
        }
    }

    /// The byte ranges of the VEVENT blocks that carry a UID.
    private static func eventBlocks(uid: String, in bytes: UnsafeRawBufferPointer, scan: ICSBlockScanner.Result) -> [Range<Int>] {
        scan.blocks.filter { $0.kind == .event && ICSBlockScanner.text(of: "UID", in: bytes, block: $0.range) == uid }
            .map(\.range)
    }

    private static func zoneID(_ text: String) -> String? {
        var copy = text
        return copy.withUTF8 { buffer in
            ICSBlockScanner.text(of: "TZID", in: UnsafeRawBufferPointer(buffer), block: 0..<buffer.count)
        }
    }

    private static func lineEnds(_ text: String, crlf: Bool) -> String {
        crlf ? text : text.replacingOccurrences(of: "\r\n", with: "\n")
    }

    /// A whole VCALENDAR around some components, for a new file.
    static func wrap(_ components: String, crlf: Bool) -> String {
        let head = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//invites//invites \(ProductVersion.current)//EN\r\n"
        return lineEnds(head + components + "END:VCALENDAR\r\n", crlf: crlf)
    }

    // MARK: vdirs

    /// `folder/UID.ics`, with the UID made safe as a file name: anything but letters, digits and
    /// `@._-` becomes `_`, no leading dot, and a hash keeps long or changed names unique.
    func itemPath(_ uid: String) -> String {
        (source.path as NSString).appendingPathComponent(CalendarWriter.fileName(forUID: uid))
    }

    static func fileName(forUID uid: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@._-")
        var name = String(uid.map { allowed.contains($0) ? $0 : "_" })
        while name.hasPrefix(".") { name = "_" + name.dropFirst() }
        if name != uid || name.count > 80 || name.isEmpty {
            name = String(name.prefix(60)) + "-" + StableHash.hex(of: Data(uid.utf8))
        }
        return name + ".ics"
    }

    private var lockPath: String {
        (lockFolder as NSString).appendingPathComponent("calendar-\(StableHash.hex(of: Data(source.path.utf8))).lock")
    }
}
