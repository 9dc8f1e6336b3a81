import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesFormats
@testable import InvitesKit
@testable import InvitesModel

/// The window cache answers only for the calendar it was made from: warm equals cold, every
/// change is seen, limits and settings are respected, and a damaged cache is ignored.
@Suite struct WindowCacheTests {
    let folder: String
    let store: CacheStore
    let window = DateInterval(start: .utc("2024-06-10T08:00:00Z"), end: .utc("2024-06-10T12:00:00Z"))

    init() throws {
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("invites-window-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        store = try CacheStore(home: folder + "/home")
    }

    func event(_ uid: String, _ start: String, extra: String = "") -> String {
        "BEGIN:VEVENT\r\nUID:\(uid)\r\nSUMMARY:\(uid)\r\nDTSTART:\(start)\r\nDURATION:PT1H\r\n\(extra)END:VEVENT\r\n"
    }

    func write(_ path: String, _ events: String...) throws {
        let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:t\r\n" + events.joined() + "END:VCALENDAR\r\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// A query whose clock runs `ahead` seconds early, so that files just written count as settled.
    func query(_ path: String, ahead: TimeInterval = 60, zone: DisplayZone = .utc, me: [String] = []) throws
        -> CalendarQuery
    {
        var query = CalendarQuery(
            sources: [try CalendarSource.named(path)], display: zone, me: MyAddresses(me), index: store)
        query.clock = { Date().addingTimeInterval(ahead) }
        return query
    }

    func titles(_ query: CalendarQuery, _ window: DateInterval? = nil) throws -> [String] {
        try query.occurrences(in: window ?? self.window).occurrences.map(\.title)
    }

    func keyOf(_ path: String, zone: DisplayZone = .utc, me: [String] = []) throws -> String {
        try query(path, zone: zone, me: me).cacheKey(try CalendarSource.named(path))
    }

    /// Renames the first occurrence of the answer kept for `path` on the test's day, and gives
    /// the answer as it was: a planted title that a query returns can only come from the store.
    @discardableResult
    func plant(_ title: String, for path: String) throws -> WindowCache {
        let cached = try #require(store.windowData(for: try keyOf(path), days: tile).flatMap(WindowCache.init))
        var planted = cached
        planted.occurrences[0].title = title
        store.saveWindow(planted.encoded(), for: try keyOf(path), days: tile)
        return cached
    }

    var tile: Range<Int> {
        let day = Int(window.start.timeIntervalSince1970) / 86_400 * 86_400
        return day..<(day + 86_400)
    }

    @Test func aSettledCalendarIsAnsweredFromTheCache() throws {
        let path = folder + "/cal.ics"
        try write(path, event("a", "20240610T090000Z"), event("late", "20240610T220000Z"))
        let query = try query(path)
        #expect(try titles(query) == ["a"])
        // A planted answer under the same version is what the next run gives: nothing is read.
        #expect(try plant("from the cache", for: path).occurrences.map(\.title) == ["a", "late"])
        #expect(try titles(query) == ["from the cache"])
        // Another window on the same day is answered from the same entry.
        let evening = DateInterval(start: .utc("2024-06-10T21:00:00Z"), end: .utc("2024-06-10T23:00:00Z"))
        #expect(try titles(query, evening) == ["late"])
    }

    @Test("A change is seen even with the old size and modification time")
    func aChangeIsSeenEvenWithTheOldSizeAndModificationTime() throws {
        let path = folder + "/cal.ics"
        try write(path, event("a", "20240610T090000Z"))
        let query = try query(path)
        #expect(try titles(query) == ["a"])
        #expect(store.windowData(for: try keyOf(path), days: tile) != nil)
        let before = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        try write(path, event("b", "20240610T090000Z"))
        try FileManager.default.setAttributes([.modificationDate: try #require(before)], ofItemAtPath: path)
        #expect(try titles(query) == ["b"])
    }

    @Test func aCalendarThatJustChangedIsNotCached() throws {
        let path = folder + "/cal.ics"
        try write(path, event("a", "20240610T090000Z"))
        #expect(try titles(try query(path, ahead: 0)) == ["a"])
        #expect(store.windowData(for: try keyOf(path), days: tile) == nil)
    }

    @Test func aDamagedOrForeignEntryIsIgnored() throws {
        let path = folder + "/cal.ics"
        try write(path, event("a", "20240610T090000Z"))
        store.saveWindow(Data([1, 2, 3]), for: try keyOf(path), days: tile)
        #expect(try titles(try query(path)) == ["a"])
        let stale = WindowCache(
            version: ContentDigest(high: 1, low: 2), warnings: [],
            occurrences: [])
        store.saveWindow(stale.encoded(), for: try keyOf(path), days: tile)
        #expect(try titles(try query(path)) == ["a"])
    }

    @Test func settingsAreKeptApart() throws {
        let path = folder + "/cal.ics"
        let mine = "ATTENDEE;PARTSTAT=DECLINED:mailto:me@example.org\r\n"
        try write(path, event("a", "20240610T090000Z", extra: mine), event("floating", "20240610T110000"))
        let plain = try query(path).occurrences(in: window).occurrences
        let asMe = try query(path, me: ["me@example.org"]).occurrences(in: window).occurrences
        #expect(plain.first { $0.uid == "a" }?.free == nil)
        #expect(asMe.first { $0.uid == "a" }?.free == .declined)
        let berlin = try #require(DisplayZone(identifier: "Europe/Berlin"))
        let inBerlin = try query(path, zone: berlin).occurrences(in: window).occurrences
        #expect(inBerlin.first { $0.uid == "floating" }?.start == .utc("2024-06-10T09:00:00Z"))
        #expect(try query(path).occurrences(in: window).occurrences == plain)
    }

    @Test func daysThatReachALimitAreNotCached() throws {
        let path = folder + "/cal.ics"
        try write(
            path,
            "BEGIN:VEVENT\r\nUID:s\r\nSUMMARY:s\r\nDTSTART:20240610T000000Z\r\nRRULE:FREQ=SECONDLY\r\nEND:VEVENT\r\n")
        let short = DateInterval(start: .utc("2024-06-10T09:00:00Z"), duration: 600)
        let cached = try query(path).occurrences(in: short)
        var uncached = try query(path)
        uncached.index = nil
        #expect(cached.occurrences == (try uncached.occurrences(in: short)).occurrences)
        #expect(cached.occurrences.count == 600)
        #expect(store.windowData(for: try keyOf(path), days: tile) == nil)
    }

    /// A vdir of two items whose day has been answered once, so that the answer is kept.
    func answeredVdir() throws -> (String, CalendarQuery) {
        let vdir = folder + "/vdir"
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        try write(vdir + "/a.ics", event("a", "20240610T090000Z"))
        try write(vdir + "/b.ics", event("b", "20240610T100000Z"))
        let query = try query(vdir)
        #expect(try titles(query) == ["a", "b"])
        #expect(store.windowData(for: try keyOf(vdir), days: tile) != nil)
        return (vdir, query)
    }

    @Test func vdirChangesAreSeen() throws {
        let (vdir, query) = try answeredVdir()
        #expect(try titles(query) == ["a", "b"])
        try write(vdir + "/c.ics", event("c", "20240610T110000Z"))
        #expect(try titles(query) == ["a", "b", "c"])
        try write(vdir + "/a.ics", event("a2", "20240610T090000Z"))
        #expect(try titles(query) == ["a2", "b", "c"])
        try FileManager.default.removeItem(atPath: vdir + "/b.ics")
        #expect(try titles(query) == ["a2", "c"])
        // The same size, written in place.
        try write(vdir + "/c.ics", event("d", "20240610T110000Z"))
        #expect(try titles(query) == ["a2", "d"])
        // Renamed: the same bytes under another name.
        try FileManager.default.moveItem(atPath: vdir + "/c.ics", toPath: vdir + "/e.ics")
        #expect(try titles(query) == ["a2", "d"])
        // Replaced atomically, as vdirsyncer writes: a new file renamed over the old one.
        try write(vdir + "/.e.ics.tmp", event("f", "20240610T110000Z"))
        #expect(rename(vdir + "/.e.ics.tmp", vdir + "/e.ics") == 0)
        #expect(try titles(query) == ["a2", "f"])
        var uncached = query
        uncached.index = nil
        #expect(try titles(query) == titles(uncached))
    }

    /// The listing is stamped to check the kept answer, and nothing is matched against an
    /// index that is gone: every item is read again, parts and all.
    @Test("A vdir whose index is gone is read whole beside its kept answer")
    func aVdirWhoseIndexIsGoneIsReadWholeBesideItsKeptAnswer() throws {
        let (vdir, query) = try answeredVdir()
        store.saveIndex(Data(), for: "vdir:" + vdir)
        try write(vdir + "/c.ics", event("c", "20240610T110000Z"))
        #expect(try titles(query) == ["a", "b", "c"])
        #expect(VdirIndex.load(vdir, from: store)?.index.items.map(\.name) == ["a.ics", "b.ics", "c.ics"])
        let kept = try #require(store.windowData(for: try keyOf(vdir), days: tile).flatMap(WindowCache.init))
        #expect(kept.parts.map(\.name) == ["a.ics", "b.ics", "c.ics"])
    }

    @Test func aSettledVdirIsAnsweredFromTheCache() throws {
        let vdir = folder + "/vdir"
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        try write(vdir + "/a.ics", event("a", "20240610T090000Z"))
        let query = try query(vdir)
        #expect(try titles(query) == ["a"])
        try plant("from the cache", for: vdir)
        #expect(try titles(query) == ["from the cache"])
    }

    @Test("After one item changes, the others are taken from their parts")
    func afterOneItemChangesTheOthersAreTakenFromTheirParts() throws {
        let vdir = folder + "/parts"
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        try write(vdir + "/a.ics", event("a", "20240610T090000Z"))
        try write(vdir + "/b.ics", event("b", "20240610T100000Z"))
        let query = try query(vdir)
        #expect(try titles(query) == ["a", "b"])
        #expect(try plant("a, from its part", for: vdir).parts.map(\.name) == ["a.ics", "b.ics"])
        try write(vdir + "/b.ics", event("c", "20240610T100000Z"))
        #expect(try titles(query) == ["a, from its part", "c"])
        var uncached = query
        uncached.index = nil
        #expect(try titles(uncached) == ["a", "c"])
    }

    @Test("An item that cannot be read still lets the answer be kept")
    func anItemThatCannotBeReadStillLetsTheAnswerBeKept() throws {
        let vdir = folder + "/fifo"
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        try write(vdir + "/a.ics", event("a", "20240610T090000Z"))
        #expect(mkfifo(vdir + "/pipe.ics", 0o600) == 0)
        let query = try query(vdir)
        for _ in 0..<3 {
            let found = try query.occurrences(in: window)
            #expect(found.occurrences.map(\.title) == ["a"])
            #expect(found.warnings.map(\.message) == ["cannot be read (not a regular file), skipped"])
        }
        try plant("from the cache", for: vdir)
        let found = try query.occurrences(in: window)
        #expect(found.occurrences.map(\.title) == ["from the cache"])
        #expect(found.warnings.count == 1)
    }

    /// A cold read takes each batch of names as the folder lists them and reads it on another
    /// core: over several batches, whatever order the folder lists them in, it finds what the
    /// index it writes finds next time, and what a read without the prefilter finds, and it
    /// writes the index in name order.
    @Test("A cold read over many batches gives what its index gives")
    func aColdReadOverManyBatchesGivesWhatItsIndexGives() throws {
        let vdir = folder + "/many"
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        var names: [String] = []
        var reaching: [String] = []
        for number in 0..<1_500 {
            // Names in no order the folder keeps, some alike in their first eight bytes.
            let name =
                number % 5 == 0 ? "same-head-\(number).ics" : String(format: "%08x.ics", number &* 40_503 % 65_521)
            let day = number % 97 == 0 ? "20240610T09" : "20240\(5 + number % 3)\(10 + number % 18)T09"
            try write(vdir + "/" + name, event("u\(number)", day + String(format: "%02d00Z", number % 60)))
            names.append(name)
            if number % 97 == 0 { reaching.append("u\(number)") }
        }
        try Data("not a calendar\n".utf8).write(to: URL(fileURLWithPath: vdir + "/note.ics"))
        #expect(mkfifo(vdir + "/pipe.ics", 0o600) == 0)
        let cold = try query(vdir).occurrences(in: window)
        #expect(cold.occurrences.map(\.title).sorted() == reaching.sorted())
        #expect(
            cold.warnings.map(\.message).sorted() == [
                "cannot be read (not a regular file), skipped", "holds no VCALENDAR, skipped",
            ])
        let stored = try #require(VdirIndex.load(vdir, from: store))
        let expected = (names + ["note.ics"]).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        #expect(stored.index.items.map(\.name) == expected)
        let kept = try #require(store.windowData(for: try keyOf(vdir), days: tile).flatMap(WindowCache.init))
        #expect(kept.parts.map(\.name) == kept.parts.map(\.name).sorted { VdirIndex.precedes($0, $1) })
        // Another day's window is read through the index written; the same day without the
        // prefilter reads every item.
        var unfiltered = try query(vdir)
        unfiltered.prefilter = false
        unfiltered.index = nil
        let uncached = try unfiltered.occurrences(in: window)
        #expect(uncached.occurrences == cold.occurrences)
        #expect(uncached.warnings == cold.warnings)
        let otherDay = DateInterval(start: .utc("2024-05-13T08:00:00Z"), end: .utc("2024-05-13T12:00:00Z"))
        var withoutIndex = try query(vdir)
        withoutIndex.index = nil
        let throughIndex = try query(vdir).occurrences(in: otherDay).occurrences
        #expect(!throughIndex.isEmpty)
        #expect(throughIndex == (try withoutIndex.occurrences(in: otherDay).occurrences))
    }

    @Test func aListingHasTheVersionOfTheIndexItHolds() throws {
        let vdir = folder + "/names"
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        for name in ["b.ics", "A.ICS", "a.ics", ".hidden.ics", "c.ics.tmp", "notes.txt", "\u{e9}t\u{e9}.ics", "Z.ics"] {
            try write(vdir + "/" + name, event(name, "20240610T090000Z"))
        }
        let listing = try VdirListing(vdir)
        let names = (0..<listing.count).map(listing.name)
        #expect(names == ["A.ICS", "Z.ics", "a.ics", "b.ics", "\u{e9}t\u{e9}.ics"])
        #expect(listing.version == nil)
        try listing.stamp()
        let stamps = try names.map { try #require(FileStamp(path: vdir + "/" + $0)) }
        #expect(listing.version == CalendarVersion(items: Array(zip(names, stamps))))
        #expect(listing.version != CalendarVersion(items: Array(zip(names, stamps).dropLast())))
        // Stamped while listed, as a warm run does: the same stamps and version.
        let stamped = try VdirListing(vdir, stamping: true)
        #expect((0..<stamped.count).map(stamped.name) == names)
        #expect((0..<stamped.count).map(stamped.stamp(at:)) == stamps)
        #expect(stamped.version == listing.version)
    }

    /// A listing hashes its items in the order the folder gives them, on several threads: the
    /// version must not depend on that order, yet still tell which name has which stamp.
    @Test func aVersionHoldsTheItemsWhateverTheirOrder() {
        let a = FileStamp(device: 1, inode: 2, size: 3, seconds: 4, nanoseconds: 5)
        let b = FileStamp(device: 1, inode: 6, size: 3, seconds: 4, nanoseconds: 5)
        let version = CalendarVersion(items: [("a.ics", a), ("b.ics", b)])
        #expect(CalendarVersion(items: [("b.ics", b), ("a.ics", a)]) == version)
        #expect(CalendarVersion(items: [("a.ics", b), ("b.ics", a)]) != version)
        #expect(CalendarVersion(items: [("a.ics", a)]) != version)
        #expect(CalendarVersion(items: [("a.ics", a), ("b.ics", b), ("b.ics", b)]) != version)
        var later = b
        later.changeNanoseconds += 1
        #expect(CalendarVersion(items: [("a.ics", a), ("b.ics", later)]) != version)
    }

    /// A warm run stats every item: an item rewritten in place, with its old size and its old
    /// modification time put back, changes neither the folder nor any other item.
    @Test("A vdir item rewritten in place with its old size and time is seen")
    func aVdirItemRewrittenInPlaceWithItsOldSizeAndTimeIsSeen() throws {
        let (vdir, query) = try answeredVdir()
        let before = try FileManager.default.attributesOfItem(atPath: vdir + "/a.ics")
        let folderBefore = try FileManager.default.attributesOfItem(atPath: vdir)[.modificationDate] as? Date
        try write(vdir + "/a.ics", event("x", "20240610T090000Z"))
        try FileManager.default.setAttributes(
            [.modificationDate: try #require(before[.modificationDate] as? Date)], ofItemAtPath: vdir + "/a.ics")
        let after = try FileManager.default.attributesOfItem(atPath: vdir + "/a.ics")
        #expect(after[.size] as? Int == before[.size] as? Int)
        #expect(after[.systemFileNumber] as? Int == before[.systemFileNumber] as? Int)
        #expect(try FileManager.default.attributesOfItem(atPath: vdir)[.modificationDate] as? Date == folderBefore)
        #expect(try titles(query) == ["x", "b"])
    }

    /// Warm answers equal a fresh read without any store, over the fixtures and many windows.
    @Test(arguments: PrefilterEquivalenceTests.fixtureCalendars)
    func warmEqualsUncached(path: String) throws {
        let zone = DisplayZone(identifier: "America/New_York") ?? .utc
        var plain = CalendarQuery(
            sources: [try CalendarSource.named(path)], display: zone, me: MyAddresses(["me@example.org"]))
        var cached = plain
        cached.index = store
        cached.clock = { Date().addingTimeInterval(60) }
        plain.prefilter = false
        let everything = try plain.occurrences(
            in: DateInterval(start: .utc("1995-01-01T00:00:00Z"), end: .utc("2035-01-01T00:00:00Z")))
        let starts = everything.occurrences.map(\.start)
        let step = max(starts.count / 10, 1)
        for index in stride(from: 0, to: starts.count, by: step) {
            let window = DateInterval(start: starts[index].addingTimeInterval(-2 * 3600), duration: 5 * 3600)
            let expected = try plain.occurrences(in: window).occurrences
            let cold = try cached.occurrences(in: window)
            let warm = try cached.occurrences(in: window)
            #expect(cold.occurrences == expected, "\(path) \(window)")
            #expect(warm.occurrences == expected, "\(path) \(window)")
            #expect(warm.warnings == cold.warnings, "\(path) \(window)")
        }
    }
}
