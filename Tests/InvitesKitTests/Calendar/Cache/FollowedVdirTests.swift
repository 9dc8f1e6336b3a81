import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit
@testable import InvitesModel

/// A vdir brought up to date by the items that changed alone is the vdir rebuilt from all its
/// items: the same index, the same version, the same stored index.
@Suite struct VdirIndexChangesTests {
    func item(_ name: String, _ size: Int64) -> VdirIndex.Item {
        VdirIndex.Item(
            name: name, stamp: FileStamp(device: 1, inode: UInt64(size), size: size, seconds: 1, nanoseconds: 0),
            reach: 0..<Int(size), pattern: nil, filterable: true)
    }

    /// Items of `base` with `changes` made, by name, sorted as an index keeps them.
    func rebuilt(_ base: [VdirIndex.Item], _ changes: [VdirIndex.Change]) -> VdirIndex {
        var byName = Dictionary(uniqueKeysWithValues: base.map { ($0.name, $0) })
        for change in changes { byName[change.name] = change.item }
        return VdirIndex(items: byName.values.sorted { VdirIndex.precedes($0.name, $1.name) })
    }

    let base = (0..<200).map { number in
        VdirIndex.Item(
            name: String(format: "%03d.ics", number * 2),
            stamp: FileStamp(device: 1, inode: UInt64(number), size: Int64(number), seconds: 1, nanoseconds: 0),
            reach: 0..<number, pattern: nil, filterable: true)
    }

    /// A few changes, or many (past ``VdirIndex/placedOneByOne``): items placed before the
    /// first, between two, after the last; replaced; removed; a name removed that is not there;
    /// a name changed twice, the second winning.
    var changeSets: [[VdirIndex.Change]] {
        let few: [VdirIndex.Change] = [
            .init(name: "!first.ics", item: item("!first.ics", 1)),
            .init(name: "001.ics", item: item("001.ics", 2)),
            .init(name: "004.ics", item: item("004.ics", 99)),
            .init(name: "006.ics", item: nil),
            .init(name: "005.ics", item: nil),
            .init(name: "zz.ics", item: item("zz.ics", 3)),
            .init(name: "010.ics", item: nil),
            .init(name: "010.ics", item: item("010.ics", 7)),
        ]
        let many = (0..<150).map { number -> VdirIndex.Change in
            let name = String(format: "%03d.ics", number * 3)
            return .init(name: name, item: number % 4 == 0 ? nil : item(name, Int64(number + 500)))
        }
        return [[], few, many, few + many]
    }

    @Test("An index brought up to date by its changes equals one rebuilt from the items")
    func replacingEqualsRebuilding() {
        let index = VdirIndex(items: base)
        for changes in changeSets {
            #expect(index.replacing(changes) == rebuilt(base, changes))
        }
        #expect(VdirIndex(items: []).replacing(changeSets[1]) == rebuilt([], changeSets[1]))
    }

    @Test("A stored delta merged with changes leads to the index rebuilt from the items")
    func mergedDeltaLeadsToTheRebuiltIndex() throws {
        let stored = VdirIndex(items: base)
        for earlier in changeSets {
            let index = stored.replacing(earlier)
            let delta = VdirIndex.Delta(from: stored, to: index)
            for changes in changeSets {
                let merged = delta.merging(changes)
                let expected = rebuilt(index.items, changes)
                #expect(stored.applying(merged) == expected)
                // As it is written and read back.
                #expect(stored.applying(try #require(VdirIndex.Delta(merged.encoded()))) == expected)
            }
        }
    }

    @Test("A followed vdir's version after changes is the version of its items")
    func followedVersionEqualsRebuilt() {
        for changes in changeSets {
            var followed = FollowedVdir(index: VdirIndex(items: base))
            followed.apply(changes, unreadable: [])
            let whole = FollowedVdir(index: rebuilt(base, changes))
            #expect(followed.index == whole.index)
            #expect(followed.version.digest == whole.version.digest)
        }
    }
}

/// `watch`'s conflict queries on a vdir on disk, brought up to date by the names heard
/// changing: every answer, version and stored index is what a query that stamps and reads
/// afresh gives.
@Suite struct FollowedVdirQueryTests {
    let folder: String
    let vdir: String
    let store: CacheStore
    let window = DateInterval(start: .utc("2024-06-10T00:00:00Z"), end: .utc("2024-06-11T00:00:00Z"))

    init() throws {
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("invites-followed-\(UUID().uuidString)").path
        vdir = folder + "/vdir"
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        store = try CacheStore(home: folder + "/home")
    }

    func item(_ uid: String, _ start: String) -> Data {
        Data(
            ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:t\r\nBEGIN:VEVENT\r\nUID:\(uid)\r\nSUMMARY:\(uid)\r\n"
                + "DTSTART:\(start)\r\nDURATION:PT1H\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n").utf8)
    }

    /// As a sync writes it: under a temporary name, renamed in.
    func place(_ name: String, _ data: Data) throws -> Set<String> {
        let temporary = vdir + "/." + name + ".tmp"
        try data.write(to: URL(fileURLWithPath: temporary))
        try FileManager.default.moveItem(atPath: temporary, toPath: vdir + "/" + name)
        return ["." + name + ".tmp", name]
    }

    /// The uids a query finds, with `known` (followed) or without (stamped and read afresh,
    /// with no index); the clock a minute ahead, so that what was just written counts as
    /// settled.
    func uids(_ known: KnownVersions?) throws -> [String] {
        var query = CalendarQuery(
            sources: [try CalendarSource.named(vdir)], display: .utc, me: MyAddresses([]),
            index: known == nil ? nil : store)
        query.clock = { Date().addingTimeInterval(60) }
        query.known = known
        return try query.occurrences(in: window).occurrences.map(\.uid).sorted()
    }

    @Test("Items placed, written in place and removed are seen by their names alone")
    func changesHeardAreSeen() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try place("a.ics", item("a", "20240610T090000Z"))
        _ = try place("far.ics", item("far", "20200101T090000Z"))
        _ = try place("gone.ics", item("gone", "20240610T100000Z"))
        let known = KnownVersions(folders: [vdir])
        // Nothing stored yet: read whole, the index stored, and followed from then on.
        #expect(try uids(known) == ["a", "gone"])
        #expect(try uids(known) == ["a", "gone"])
        var heard = try place("b.ics", item("b", "20240610T110000Z"))
        // Written in place, as a writer that does not rename does.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: vdir + "/far.ics"))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: item("far", "20240610T120000Z"))
        try handle.close()
        try FileManager.default.removeItem(atPath: vdir + "/gone.ics")
        heard.formUnion(["far.ics", "gone.ics"])
        known.heard(heard, in: vdir)
        let found = try uids(known)
        #expect(found == ["a", "b", "far"])
        #expect(found == (try uids(nil)))
        let followed = try #require(known.take(vdir).vdir)
        let listing = try VdirListing(vdir, stamping: true)
        #expect(followed.version.digest == listing.version?.digest)
        #expect(followed.index.items.map(\.name) == ["a.ics", "b.ics", "far.ics"])
        // The stored index holds what a full read stores.
        #expect(VdirIndex.load(vdir, from: store)?.index == followed.index)
    }

    @Test("A first query with nothing stored keeps the vdir it read, and stores its index")
    func firstQueryIsFollowed() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try place("a.ics", item("a", "20240610T090000Z"))
        _ = try place("far.ics", item("far", "20200101T090000Z"))
        let known = KnownVersions(folders: [vdir])
        #expect(VdirIndex.load(vdir, from: store) == nil)
        #expect(try uids(known) == ["a"])
        // Kept at once: the next query reads the names heard, never a stat of every item.
        let taken = known.take(vdir)
        let followed = try #require(taken.vdir)
        #expect(followed.index.items.map(\.name) == ["a.ics", "far.ics"])
        #expect(followed.version.digest == (try VdirListing(vdir, stamping: true)).version?.digest)
        #expect(VdirIndex.load(vdir, from: store)?.index == followed.index)
        known.keep(followed, of: vdir, since: taken.generation)
        // Removed behind watch's back and not heard: the kept vdir is what answers.
        try FileManager.default.removeItem(atPath: vdir + "/a.ics")
        #expect(try uids(known) == ["a"])
        known.heard(["a.ics"], in: vdir)
        #expect(try uids(known) == [])
    }

    @Test("After everything was forgotten the vdir is listed whole again, and answers the same")
    func forgottenIsListedAgain() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try place("a.ics", item("a", "20240610T090000Z"))
        let known = KnownVersions(folders: [vdir])
        #expect(try uids(known) == ["a"])
        #expect(try uids(known) == ["a"])
        // Not heard (as when the kernel's queue overflowed): forgotten, then listed.
        _ = try place("c.ics", item("c", "20240610T130000Z"))
        try FileManager.default.removeItem(atPath: vdir + "/a.ics")
        known.forget()
        let found = try uids(known)
        #expect(found == ["c"])
        #expect(found == (try uids(nil)))
        // What was stored of the item gone is gone from the stored index.
        #expect(VdirIndex.load(vdir, from: store)?.index.items.map(\.name) == ["c.ics"])
    }
}
