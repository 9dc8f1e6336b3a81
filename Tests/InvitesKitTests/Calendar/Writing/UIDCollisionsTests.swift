import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit
@testable import InvitesModel

/// The UIDs kept for a calendar file (``FileUIDIndex``) tell what scanning the file tells, and
/// are trusted only while the file is as they were made from
/// (`Fixtures/calendars/uid-holders.ics`: a series and its override, tasks, folded UID lines,
/// UIDs that differ only in case, a UID beyond ASCII, a UID in an alarm).
@Suite struct UIDCollisionsTests {
    let folder: String
    let path: String
    let store: CacheStore
    let source: CalendarSource
    /// A minute ahead, so that the file just copied counts as settled.
    let ahead: @Sendable () -> Date = { Date().addingTimeInterval(60) }

    /// Every UID of the fixture, as written and as an invitation may spell it otherwise, and
    /// some it does not hold.
    static let asked = [
        "series@example.org", "task-only@example.org", "both@example.org",
        "folded-uid-long-enough-to-be-folded-over-two-lines-as-a-client-does@example.org",
        "fold-in-the-name@example.org", "Case@Example.org", "case@example.org", "CASE@EXAMPLE.ORG",
        "with-parameter@example.org", "kelvin-K@example.org", "kelvin-\u{212A}@example.org",
        "cafe\u{301}@example.org", "café@example.org", "escaped\\,uid@example.org", "escaped,uid@example.org",
        "alarm-uid@example.org", "absent@example.org", "",
    ]

    init() throws {
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("invites-uids-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        store = try CacheStore(home: folder + "/home")
        path = folder + "/calendar.ics"
        try Fixture.data("calendars/uid-holders.ics").write(to: URL(fileURLWithPath: path))
        source = try CalendarSource.named(path)
    }

    /// What scanning the whole file tells of `uid`, with no record to ask.
    func scanned(_ uid: String) -> [CalendarClaim.Holder]? {
        UIDCollisions(source: source).holders(of: uid)?.1
    }

    func lookup(clock: @escaping @Sendable () -> Date = { Date().addingTimeInterval(60) }) -> UIDCollisions {
        UIDCollisions(source: source, index: store, clock: clock)
    }

    /// Reads the calendar as `show` does, which keeps its index and its UIDs.
    func query() throws {
        var query = CalendarQuery(sources: [source], display: .utc, me: MyAddresses([]), index: store)
        query.clock = ahead
        _ = try query.occurrences(in: DateInterval(start: .utc("2027-03-01T00:00:00Z"), duration: 86_400))
    }

    var record: FileUIDIndex? {
        store.indexData(for: FileUIDIndex.key(path)).flatMap(FileUIDIndex.init)
    }

    @Test("The scan finds what the fixture holds")
    func theScanFindsWhatTheFixtureHolds() {
        #expect(scanned("series@example.org")?.count == 2)
        #expect(scanned("task-only@example.org")?.count == 1)
        #expect(scanned("both@example.org")?.count == 2)
        #expect(scanned("Case@Example.org")?.map(\.title) == ["Upper case"])
        #expect(scanned("kelvin-K@example.org")?.map(\.title) == ["Kelvin sign"])
        #expect(scanned("cafe\u{301}@example.org")?.map(\.title) == ["Precomposed"])
        #expect(scanned("alarm-uid@example.org") == nil)
        #expect(scanned("escaped,uid@example.org") == nil)
    }

    @Test(
        "The UIDs kept by a calendar query or by a scan tell what the scan tells",
        arguments: ["query", "scan"])
    func theKeptUIDsTellWhatTheScanTells(_ maker: String) throws {
        if maker == "query" {
            try query()
        } else {
            _ = lookup().holders(of: "absent@example.org")
        }
        let record = try #require(record)
        #expect(record.stamp == FileStamp(path: path))
        for uid in UIDCollisionsTests.asked {
            let lookup = lookup()
            let held = lookup.holders(of: uid)
            #expect(held?.0 == (held == nil ? nil : path))
            #expect(held?.1 == scanned(uid), "\(uid)")
            // Never scanned; a UID no block holds (by its hash) is told without reading the file.
            #expect(!lookup.scanned, "\(uid)")
            #expect(lookup.read == !["absent@example.org", "alarm-uid@example.org", ""].contains(uid), "\(uid)")
        }
    }

    @Test("Several UIDs asked of one look read the file once at most")
    func severalUIDsAskedOfOneLookReadTheFileOnce() throws {
        try query()
        let lookup = lookup()
        #expect(lookup.holders(of: "absent@example.org") == nil)
        #expect(!lookup.read)
        for uid in UIDCollisionsTests.asked {
            #expect(lookup.holders(of: uid)?.1 == scanned(uid), "\(uid)")
        }
        #expect(!lookup.scanned)
    }

    @Test("UIDs kept for another version of the file are not trusted, and are kept again")
    func uidsKeptForAnotherVersionAreNotTrusted() throws {
        try query()
        let old = try #require(record)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let added = "BEGIN:VEVENT\r\nUID:new@example.org\r\nSUMMARY:New\r\nDTSTART:20270307T090000Z\r\nEND:VEVENT\r\n"
        try Data(text.replacingOccurrences(of: "END:VCALENDAR", with: added + "END:VCALENDAR").utf8)
            .write(to: URL(fileURLWithPath: path))
        let lookup = lookup()
        #expect(lookup.holders(of: "new@example.org")?.1.map(\.title) == ["New"])
        #expect(lookup.scanned)
        let kept = try #require(record)
        #expect(kept.stamp != old.stamp)
        #expect(kept.stamp == FileStamp(path: path))
        #expect(kept.ranges(for: FileUIDIndex.hash(of: Array("new@example.org".utf8)[...])).count == 1)
    }

    @Test("A file that has just changed keeps no UIDs")
    func aFileThatHasJustChangedKeepsNoUIDs() {
        let lookup = lookup(clock: { Date() })
        #expect(lookup.holders(of: "series@example.org")?.1 == scanned("series@example.org"))
        #expect(record == nil)
    }

    /// `show` reads the day of a file just changed, then looks for the invitation's UID in it:
    /// the UIDs its read found serve that look, and are never written for another run.
    @Test("The UIDs of a file just changed serve the run that read them, and no other")
    func theUIDsOfAFileJustChangedServeTheRunThatReadThem() throws {
        var query = CalendarQuery(sources: [source], display: .utc, me: MyAddresses([]), index: store)
        query.clock = { Date() }
        _ = try query.occurrences(in: DateInterval(start: .utc("2027-03-01T00:00:00Z"), duration: 86_400))
        let lookup = lookup(clock: { Date() })
        #expect(lookup.holders(of: "series@example.org")?.1 == scanned("series@example.org"))
        #expect(lookup.holders(of: "absent@example.org") == nil)
        #expect(!lookup.scanned)
        let another = try CacheStore(home: folder + "/home")
        #expect(another.indexData(for: FileUIDIndex.key(path)) == nil)
        #expect(another.indexData(for: "file:" + path) == nil)
    }

    /// The file changed under an unchanged stamp (as a stamp cannot show a write within its
    /// clock's tick): a hash found whose block is no longer where the record says, or no longer
    /// of that UID, sends the look back to the scan; so do blocks a damaged record names twice.
    @Test(
        "A hash found in blocks that changed under the stamp is checked and scanned for",
        arguments: ["elsewhere", "another UID", "beyond the end", "inside a block", "twice"])
    func aHashFoundInBlocksThatChangedIsScannedFor(_ damage: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let uid = "series@example.org"
        let blocks = data.withUnsafeBytes { FileUIDIndex.uids($0, ICSBlockScanner.scan($0)) }
        let series = blocks.filter { String(decoding: $0.value, as: UTF8.self) == uid }
        let other = try #require(blocks.first { String(decoding: $0.value, as: UTF8.self) == "case@example.org" })
        var recorded = blocks.filter { String(decoding: $0.value, as: UTF8.self) != uid }
        switch damage {
        case "elsewhere":
            recorded += series.map { (value: $0.value, range: ($0.range.lowerBound + 1)..<($0.range.upperBound + 1)) }
        case "another UID": recorded += series.map { (value: $0.value, range: other.range) }
        case "beyond the end": recorded += series.map { (value: $0.value, range: data.count..<(data.count + 10)) }
        // A crafted record naming one block again and again would have it read again and again.
        case "twice": recorded += series + series
        default:
            recorded += series.map { (value: $0.value, range: ($0.range.lowerBound + 20)..<$0.range.upperBound) }
        }
        let stamp = try #require(FileStamp(path: path))
        let record = FileUIDIndex.encoded(stamp: stamp, entries: recorded.map(FileUIDIndex.Entry.init))
        store.saveIndex(record, for: FileUIDIndex.key(path))
        let lookup = lookup()
        #expect(lookup.holders(of: uid)?.1 == scanned(uid))
        #expect(lookup.scanned)
    }

    /// What the stamp vouches for is trusted as the file index trusts it: UIDs kept for this
    /// very stamp that leave a UID out are believed, and the file is not read.
    @Test("UIDs kept for the file's stamp are trusted without reading the file")
    func uidsKeptForTheStampAreTrusted() throws {
        let stamp = try #require(FileStamp(path: path))
        store.saveIndex(FileUIDIndex.encoded(stamp: stamp, entries: []), for: FileUIDIndex.key(path))
        let lookup = lookup()
        #expect(lookup.holders(of: "series@example.org") == nil)
        #expect(!lookup.read)
    }

    @Test("Kept UIDs read back, sorted by hash and in the file's order within one")
    func keptUIDsReadBack() throws {
        let stamp = FileStamp(
            device: 1, inode: 2, size: 3, seconds: 4, nanoseconds: 5, changeSeconds: 6, changeNanoseconds: 7)
        let blocks: [(value: [UInt8], range: Range<Int>)] = [
            (Array("b".utf8), 40..<50), (Array("A".utf8), 30..<40), (Array("a".utf8), 0..<10),
            (Array("k\u{212A}".utf8), 10..<20), (Array("\u{212A}".utf8), 20..<30), (Array("é".utf8), 50..<60),
        ]
        let data = FileUIDIndex.encoded(stamp: stamp, entries: blocks.map(FileUIDIndex.Entry.init))
        let record = try #require(FileUIDIndex(data))
        #expect(record.stamp == stamp)
        #expect(record.ranges(for: FileUIDIndex.hash(of: Array("a".utf8)[...])) == [0..<10, 30..<40])
        #expect(record.ranges(for: FileUIDIndex.hash(of: Array("b".utf8)[...])) == [40..<50])
        // The Kelvin sign is a K as Swift compares text.
        #expect(record.ranges(for: FileUIDIndex.hash(of: Array("kK".utf8)[...])) == [10..<20])
        #expect(record.ranges(for: FileUIDIndex.hash(of: Array("K".utf8)[...])) == [20..<30])
        #expect(record.ranges(for: FileUIDIndex.beyondASCII) == [50..<60])
        #expect(record.ranges(for: FileUIDIndex.hash(of: Array("c".utf8)[...])).isEmpty)
        #expect(FileUIDIndex(data.dropLast(8)) == nil)
        #expect(FileUIDIndex(Data(data.prefix(40))) == nil)
        var otherFormat = data
        otherFormat[0] &+= 1
        #expect(FileUIDIndex(otherFormat) == nil)
    }
}
