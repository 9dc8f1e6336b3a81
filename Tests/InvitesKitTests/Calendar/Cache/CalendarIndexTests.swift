import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit
@testable import InvitesModel

/// The index never gives an answer the calendar does not: warm equals cold, and every change
/// to a file or a vdir is seen.
@Suite struct CalendarIndexTests {
    let folder: String
    let store: CacheStore
    let window = DateInterval(start: .utc("2024-06-10T00:00:00Z"), end: .utc("2024-06-11T00:00:00Z"))

    init() throws {
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("invites-index-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        store = try CacheStore(home: folder + "/home")
    }

    func event(_ uid: String, _ start: String) -> String {
        "BEGIN:VEVENT\r\nUID:\(uid)\r\nSUMMARY:\(uid)\r\nDTSTART:\(start)\r\nDURATION:PT1H\r\nEND:VEVENT\r\n"
    }

    func calendar(_ events: String...) -> Data {
        Data(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:t\r\n" + events.joined() + "END:VCALENDAR\r\n").utf8)
    }

    /// With the query's clock a minute ahead, so that files just written count as settled.
    func uids(_ source: CalendarSource, indexed: Bool = true, ahead: TimeInterval = 60) throws -> [String] {
        var query = CalendarQuery(sources: [source], display: .utc, me: MyAddresses([]), index: indexed ? store : nil)
        query.clock = { Date().addingTimeInterval(ahead) }
        return try query.occurrences(in: window).occurrences.map(\.uid)
    }

    @Test("A single file reads the same warm as cold, and changes are seen")
    func singleFileWarmEqualsColdAndChangesAreSeen() throws {
        let path = folder + "/cal.ics"
        try calendar(event("a", "20240610T090000Z"), event("far", "20200101T090000Z")).write(
            to: URL(fileURLWithPath: path))
        let source = try CalendarSource.named(path)
        #expect(try uids(source) == ["a"])
        #expect(store.indexData(for: "file:" + path) != nil)
        #expect(try uids(source) == ["a"])
        try calendar(event("a", "20240610T090000Z"), event("b", "20240610T100000Z")).write(
            to: URL(fileURLWithPath: path))
        #expect(try uids(source) == ["a", "b"])
        #expect(try uids(source) == uids(source, indexed: false))
    }

    @Test func aWarmQueryUsesTheStoredIndex() throws {
        let path = folder + "/cal.ics"
        try calendar(event("a", "20240610T090000Z")).write(to: URL(fileURLWithPath: path))
        _ = try uids(try CalendarSource.named(path))
        let data = try #require(store.indexData(for: "file:" + path))
        let index = try #require(FileIndex(data))
        #expect(index.stamp == FileStamp(path: path))
        #expect(index.fits(try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    @Test func aFileThatJustChangedIsNotIndexed() throws {
        let path = folder + "/cal.ics"
        try calendar(event("a", "20240610T090000Z")).write(to: URL(fileURLWithPath: path))
        #expect(try uids(try CalendarSource.named(path), ahead: 0) == ["a"])
        #expect(store.indexData(for: "file:" + path) == nil)
        let vdir = folder + "/vdir"
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        try calendar(event("b", "20240610T090000Z")).write(to: URL(fileURLWithPath: vdir + "/b.ics"))
        #expect(try uids(try CalendarSource.named(vdir), ahead: 0) == ["b"])
        #expect(try #require(VdirIndex.load(vdir, from: store)?.index).items.isEmpty)
    }

    @Test func aDamagedIndexIsIgnored() throws {
        let path = folder + "/cal.ics"
        try calendar(event("a", "20240610T090000Z")).write(to: URL(fileURLWithPath: path))
        store.saveIndex(Data([1, 2, 3]), for: "file:" + path)
        #expect(try uids(try CalendarSource.named(path)) == ["a"])
    }

    @Test func vdirAddChangeAndRemove() throws {
        let vdir = folder + "/vdir"
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        try calendar(event("a", "20240610T090000Z")).write(to: URL(fileURLWithPath: vdir + "/a.ics"))
        try calendar(event("old", "20200101T090000Z")).write(to: URL(fileURLWithPath: vdir + "/old.ics"))
        let source = try CalendarSource.named(vdir)
        #expect(try uids(source) == ["a"])
        #expect(try uids(source) == ["a"])
        try calendar(event("old", "20240610T120000Z")).write(to: URL(fileURLWithPath: vdir + "/old.ics"))
        try calendar(event("c", "20240610T150000Z")).write(to: URL(fileURLWithPath: vdir + "/c.ics"))
        #expect(try uids(source) == ["a", "old", "c"])
        try FileManager.default.removeItem(atPath: vdir + "/a.ics")
        #expect(try uids(source) == ["old", "c"])
        #expect(try uids(source) == uids(source, indexed: false))
        // The last item in name order goes: the index must notice what it no longer meets.
        try FileManager.default.removeItem(atPath: vdir + "/old.ics")
        #expect(try uids(source) == ["c"])
        #expect(try #require(VdirIndex.load(vdir, from: store)?.index).items.map(\.name) == ["c.ics"])
    }

    @Test func indexRoundTrips() throws {
        let data = calendar(event("a", "20240610T090000Z"), "BEGIN:VTIMEZONE\r\nTZID:X\r\nEND:VTIMEZONE\r\n")
        let index = data.withUnsafeBytes { FileIndex.build($0, stamp: nil) }
        #expect(FileIndex(index.encoded()) == index)
        #expect(index.fits(data))
        #expect(!index.fits(data.prefix(20)))
    }

    @Test func aStampIsWrittenInTheOrderOfItsFields() throws {
        let stamp = FileStamp(
            device: 1, inode: 2, size: 3, seconds: 4, nanoseconds: 5, changeSeconds: 6, changeNanoseconds: 7)
        var writer = IndexWriter()
        writer.put(stamp)
        var reader = IndexReader(data: writer.data)
        #expect((0..<7).map { _ in reader.next().map { Int64(bitPattern: $0) } } == stamp.fields)
        var again = IndexReader(data: writer.data)
        #expect(again.stamp() == stamp)
    }

    /// The `Data` a writer makes shares its room without a copy, and is never changed by what
    /// the writer, or a copy of it, writes afterwards.
    @Test func aDataMadeByAWriterNeverChanges() throws {
        var writer = IndexWriter(capacity: 16)
        writer.put(UInt64(1))
        writer.put(UInt64(2))
        let first = writer.data
        var copy = writer
        writer.put(UInt64(9), at: 0)
        for word in 3...50 { writer.put(UInt64(word)) }
        copy.put(UInt64(7))
        let firstWords = first.withUnsafeBytes { bytes in
            (0..<2).map { bytes.load(fromByteOffset: $0 * 8, as: UInt64.self) }
        }
        #expect(first.count == 16 && firstWords == [1, 2])
        var reader = IndexReader(data: writer.data)
        #expect((0..<50).map { _ in reader.next() } == [9] + (2...50).map { UInt64($0) })
        var other = IndexReader(data: copy.data)
        #expect((0..<3).map { _ in other.next() } == [1, 2, 7])
    }

    @Test("A writer grows past its room and writes a word over an earlier one")
    func aWriterGrowsPastItsRoomAndWritesAWordOverAnEarlierOne() throws {
        var writer = IndexWriter(capacity: 1)
        writer.put(UInt64(0))
        for word in 1...100 { writer.put(UInt64(word)) }
        writer.put(string: String(repeating: "é", count: 300))
        writer.put(Data([1, 2, 3]))
        writer.put(UInt64(42), at: 0)
        var reader = IndexReader(data: writer.data)
        #expect((0...100).map { _ in reader.next() } == [42] + (1...100).map { UInt64($0) })
        #expect(reader.string() == String(repeating: "é", count: 300))
        #expect(reader.blob() == Data([1, 2, 3]))
        #expect(reader.offset == reader.count)
    }
}

/// A vdir's index is kept as a base and a delta of what changed since.
@Suite struct VdirIndexDeltaTests {
    func item(_ name: String, _ size: Int64) -> VdirIndex.Item {
        VdirIndex.Item(
            name: name, stamp: FileStamp(device: 1, inode: UInt64(size), size: size, seconds: 1, nanoseconds: 0),
            reach: 0..<Int(size),
            pattern: nil, filterable: true)
    }

    @Test func aDeltaAppliedToItsBaseGivesTheNewIndex() throws {
        let base = VdirIndex(items: ["a", "c", "e", "g"].enumerated().map { item($1 + ".ics", Int64($0)) })
        let changes: [[VdirIndex.Item]] = [
            base.items,
            [item("0.ics", 9)] + base.items,
            base.items + [item("z.ics", 9)],
            [base.items[0], item("b.ics", 9), item("c.ics", 7), base.items[3]],
            [],
            // Two names Unicode calls equal but a folder tells apart.
            (base.items + [item("\u{e9}.ics", 1), item("e\u{301}.ics", 2)]).sorted {
                VdirIndex.precedes($0.name, $1.name)
            },
        ]
        for new in changes {
            let next = VdirIndex(items: new)
            let delta = VdirIndex.Delta(from: base, to: next)
            #expect(base.applying(delta) == next)
            #expect(VdirIndex.Delta(delta.encoded()) == delta)
        }
        #expect(VdirIndex.Delta(from: base, to: base).size == 0)
    }

    /// A cold run writes the index straight from the items it read, without making it.
    @Test("An index written from its items is the index of those items")
    func anIndexWrittenFromItsItemsIsTheIndexOfThoseItems() throws {
        let items = (0..<500).map { position in
            var made = item(String(format: "%03d.ics", position), Int64(position))
            if position % 3 == 0 { made.reach = nil }
            if position % 5 == 0 {
                made.pattern = RulePattern(weekdays: 3, months: 5, monthDays: 7, start: 11, length: 13)
            }
            made.filterable = position % 7 != 0
            return made
        }
        let kept = { (item: VdirIndex.Item) in item.stamp.size % 2 == 0 }
        for room in [0, 10, 500] {
            let streamed = VdirIndex.encoded(room: room) { put in
                for item in items where kept(item) { item.withName { put($0, item.facts) } }
            }
            #expect(streamed == VdirIndex(items: items.filter(kept)).encoded())
            #expect(VdirIndex(streamed) == VdirIndex(items: items.filter(kept)))
        }
        #expect(VdirIndex(VdirIndex.encoded(room: 8) { _ in }) == VdirIndex(items: []))
    }

    @Test("Small changes write a delta and large ones a new base")
    func smallChangesWriteADeltaAndLargeOnesANewBase() throws {
        let store = try CacheStore(
            home: FileManager.default.temporaryDirectory.appendingPathComponent("delta-\(UUID().uuidString)").path)
        let base = VdirIndex(items: (0..<1_000).map { item(String(format: "%04d.ics", $0), Int64($0)) })
        VdirIndex.save(base, over: nil, folder: "/v", in: store)
        var changed = base
        changed.items[500] = item("0500.ics", 12_345)
        VdirIndex.save(changed, over: base, folder: "/v", in: store)
        #expect(store.indexData(for: "vdir:/v").flatMap(VdirIndex.init) == base)
        #expect(VdirIndex.load("/v", from: store)?.index == changed)
        let rewritten = VdirIndex(items: (0..<1_000).map { item(String(format: "%04d.ics", $0), Int64($0 + 1)) })
        VdirIndex.save(rewritten, over: base, folder: "/v", in: store)
        #expect(store.indexData(for: "vdir:/v").flatMap(VdirIndex.init) == rewritten)
        #expect(VdirIndex.load("/v", from: store)?.index == rewritten)
        store.saveIndex(Data([1, 2, 3]), for: "vdir-delta:/v")
        #expect(VdirIndex.load("/v", from: store) == nil)
    }
}
