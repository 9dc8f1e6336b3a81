import Foundation
import InvitesFormats
import InvitesModel
import InvitesSystem

/// Puts accepted invites into your calendar and takes them out again, changing no byte it did
/// not mean to change.
///
/// In a single `.ics` file a new invitation's VEVENTs (and any VTIMEZONE they need that the file
/// lacks) go in just before the final `END:VCALENDAR`, in the file's own line ends; removing
/// them cuts out exactly those bytes, so accept-then-decline gives back the file as it was. In a
/// vdir each invitation is one item: the one already holding its UID, whatever its name (a
/// server or a sync may have put it there), else a new file named after its (sanitised) UID. All components of one UID
/// live together: an instance goes right after its master, and putting one instance replaces
/// that instance's block alone. Every write is atomic and locked.
package struct CalendarWriter: Sendable {
    package var source: CalendarSource
    /// Where the lock file lives (inside `--home`: nothing is written beside the calendar).
    package var lockFolder: String
    /// The zone floating RECURRENCE-IDs are read in, to tell which block is which instance.
    package var display: DisplayZone

    package init(source: CalendarSource, lockFolder: String, display: DisplayZone = .utc) {
        self.source = source
        self.lockFolder = lockFolder
        self.display = display
    }

    /// What a write added beyond the VEVENTs, so that taking them out can take it out too.
    package struct Written: Sendable, Hashable {
        /// The VTIMEZONE blocks inserted, byte for byte.
        package var zones: [String]
    }

    /// Adds the entry's components, replacing those of its UID that the entry's scope covers;
    /// refuses (``CalendarError/notTheInvitations(path:refusal:invitation:)``) when a component
    /// of the UID already there is not the invitation's copy, as `claim` tells.
    package func put(_ entry: CalendarEntry, claim: CalendarClaim) throws -> Written {
        let lock = try FileLock(path: lockPath)
        defer { withExtendedLifetime(lock) {} }
        let path = source.layout == .vdir ? item(holding: entry.uid) : source.path
        var written = Written(zones: [])
        let display = display
        try AtomicFile(path: path, newFileMode: source.isPrivate ? PrivateFile.fileMode : nil).update { current in
            if let current { try CalendarWriter.check(claim, uid: entry.uid, in: current, path: path) }
            guard let current, !current.isEmpty else {
                written.zones = source.layout == .vdir ? [] : entry.timezones.map(\.text)
                let text = entry.timezones.map(\.text).joined() + entry.components.map(\.text).joined()
                return Data(CalendarWriter.wrap(text, crlf: true).utf8)
            }
            let (data, zones) = try CalendarWriter.putting(entry, into: current, path: path, display: display)
            written.zones = source.layout == .vdir ? [] : zones
            return data
        }
        return written
    }

    /// Takes the events of a UID out, and the VTIMEZONEs `put` added for them when nothing else
    /// uses them; a calendar without them is left as it is. Refuses, as `put` does, when a
    /// component of the UID is not the invitation's copy.
    package func delete(uid: String, zones: [String], claim: CalendarClaim) throws {
        let lock = try FileLock(path: lockPath)
        defer { withExtendedLifetime(lock) {} }
        switch source.layout {
        case .vdir:
            let path = item(holding: uid)
            guard FileManager.default.fileExists(atPath: path) else { return }
            try CalendarWriter.check(claim, uid: uid, in: try CalendarFile.read(path).data, path: path)
            try AtomicFile(path: path).remove()
        case .file:
            try AtomicFile(path: source.path).update { current in
                guard let current else { return nil }
                try CalendarWriter.check(claim, uid: uid, in: current, path: source.path)
                return CalendarWriter.removing(uid: uid, zones: zones, from: current)
            }
        }
    }

    /// Throws when a VEVENT of `uid` in `data` is not the invitation's to change.
    static func check(_ claim: CalendarClaim, uid: String, in data: Data, path: String) throws(CalendarError) {
        let holders = data.withUnsafeBytes { bytes in
            CalendarBlocks.owners(of: eventBlocks(uid: uid, in: bytes, scan: ICSBlockScanner.scan(bytes)), in: bytes)
        }
        if let refusal = claim.refusal(of: holders) {
            throw .notTheInvitations(path: path, refusal: refusal, invitation: Invite.Person.shown(claim.organizer))
        }
    }

    // MARK: Single files

    /// One edit of a file: the bytes in `range` give way to `text`.
    private struct Splice {
        var range: Range<Int>
        var text: String
    }

    private static func putting(
        _ entry: CalendarEntry, into data: Data, path: String, display: DisplayZone
    ) throws -> (Data, [String]) {
        try data.withUnsafeBytes { bytes throws -> (Data, [String]) in
            let scan = ICSBlockScanner.scan(bytes)
            guard scan.sawCalendar, let end = scan.calendarEnd else { throw CalendarError.notACalendar(path: path) }
            let zoneBlocks = scan.blocks.filter { $0.kind == .timezone }.map(\.range)
            let known = Set(zoneBlocks.compactMap { ICSBlockScanner.text(of: "TZID", in: bytes, block: $0) })
            let zones = entry.timezones.filter { !known.contains($0.tzid) }.map {
                lineEnds($0.text, crlf: scan.usesCRLF)
            }
            let old = eventBlocks(uid: entry.uid, in: bytes, scan: scan)
            let keys = CalendarBlocks.keys(of: old, zones: zoneBlocks, in: bytes, display: display)
            func text(_ component: CalendarEntry.Component, replacing block: Range<Int>?) -> String {
                let merged =
                    block.map {
                        CalendarBlocks.keepingYours(
                            new: component.text, old: UnsafeRawBufferPointer(rebasing: bytes[$0]))
                    } ?? component.text
                return lineEnds(merged, crlf: scan.usesCRLF)
            }
            var splices: [Splice] = []
            var inserted: [String] = []
            switch entry.scope {
            case .whole:
                var pieces = zones
                for component in entry.components {
                    let block = keys.firstIndex(of: component.key).map { old[$0] }
                    pieces.append(text(component, replacing: block))
                }
                if old.isEmpty {
                    inserted = pieces
                } else {
                    splices = old.enumerated().map { Splice(range: $1, text: $0 == 0 ? pieces.joined() : "") }
                }
            case .only:
                var fresh = zones
                for component in entry.components {
                    if let index = keys.firstIndex(of: component.key) {
                        splices.append(Splice(range: old[index], text: text(component, replacing: old[index])))
                    } else {
                        fresh.append(text(component, replacing: nil))
                    }
                }
                if fresh.count > zones.count || (!zones.isEmpty && splices.isEmpty) {
                    // After the master and the instances already there, so the UID's components
                    // stay together in the order they came.
                    let master = keys.firstIndex(where: { $0 == nil }).map { old[$0] }
                    let last = old.last.map { block in
                        master.map { block.lowerBound < $0.lowerBound ? $0 : block } ?? block
                    }
                    if let anchor = last {
                        splices.append(Splice(range: anchor.upperBound..<anchor.upperBound, text: fresh.joined()))
                    } else {
                        inserted = fresh
                    }
                } else if !zones.isEmpty, let first = splices.min(by: { $0.range.lowerBound < $1.range.lowerBound }) {
                    splices.append(Splice(range: first.range.lowerBound..<first.range.lowerBound, text: zones.joined()))
                }
            }
            if !inserted.isEmpty {
                let prefix = end > 0 && bytes[end - 1] != 0x0A ? (scan.usesCRLF ? "\r\n" : "\n") : ""
                splices.append(Splice(range: end..<end, text: prefix + inserted.joined()))
            }
            return (apply(splices, to: bytes), zones)
        }
    }

    /// The bytes with every splice made; bytes outside the splices are copied as they are.
    private static func apply(_ splices: [Splice], to bytes: UnsafeRawBufferPointer) -> Data {
        var result = Data()
        var cursor = 0
        for splice in splices.sorted(by: {
            ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound)
        }) {
            result.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[cursor..<splice.range.lowerBound]))
            result.append(Data(splice.text.utf8))
            cursor = max(cursor, splice.range.upperBound)
        }
        result.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[cursor...]))
        return result
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
                guard let tzid = zoneID(zone), let range = kept.range(of: Data(zone.utf8), options: .backwards) else {
                    continue
                }
                var rest = kept
                rest.removeSubrange(range)
                // A zone still named by another event stays, its TZID parameter folded or not
                // (a parameter name in any case: a zone kept for nothing costs nothing).
                let named = rest.withUnsafeBytes { bytes in
                    ["TZID=\(tzid):", "TZID=\"\(tzid)\""].contains {
                        ByteSearch.contains(Array($0.utf8), in: bytes, ignoringCase: true)
                    }
                }
                if !named { kept = rest }
            }
            return kept
        }
    }

    /// The byte ranges of the VEVENT (or, for a task, VTODO) blocks that carry a UID.
    static func eventBlocks(uid: String, in bytes: UnsafeRawBufferPointer, scan: ICSBlockScanner.Result)
        -> [Range<Int>]
    {
        scan.blocks.filter {
            $0.kind.holdsUID && ICSBlockScanner.text(of: "UID", in: bytes, block: $0.range) == uid
        }.map(\.range)
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

    /// The vdir item that holds the UID whatever its name, else `folder/UID.ics` for a new one.
    func item(holding uid: String) -> String {
        let named = itemPath(uid)
        return VdirItemFinder(folder: source.path).item(holding: uid, preferred: named) ?? named
    }

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

    private var lockPath: String { CalendarWriter.lockPath(for: source.path, in: lockFolder) }

    /// The lock every writer of one calendar takes: the calendar writer's, and an answer
    /// written in place into one of its items. Named after where the calendar really is, so
    /// that a run given `~/.calendar.ics` and one given the file that link names take turns.
    static func lockPath(for calendar: String, in lockFolder: String) -> String {
        let key = lockKey(calendar)
        return (lockFolder as NSString).appendingPathComponent("calendar-\(StableHash.hex(of: Data(key.utf8))).lock")
    }

    /// The calendar's path with every link resolved; for one not made yet, its folder's
    /// resolved path and its name, so that the key does not change when the first write makes
    /// it. The path as given when not even its folder is there.
    static func lockKey(_ calendar: String) -> String {
        if let real = Posix.realpath(calendar) { return real }
        let folder = (calendar as NSString).deletingLastPathComponent
        guard let real = Posix.realpath(folder.isEmpty ? "." : folder) else { return calendar }
        return (real as NSString).appendingPathComponent((calendar as NSString).lastPathComponent)
    }
}
