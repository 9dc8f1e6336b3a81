import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit
@testable import InvitesModel

/// Invitations a scheduling server put in a calendar are found where they stand, whatever the
/// file is called, and looked for again only in what changed.
@Suite struct CalendarInvitationScannerTests {
    let home: String
    let vdir: String
    let me = MyAddresses(["me@example.org"])
    /// Well after the files were written, so that their stamps count as settled.
    let later = Date().addingTimeInterval(60)

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("invites-found-\(UUID().uuidString)").path
        vdir = home + "/calendar"
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
    }

    func scanner(_ cache: CacheStore?, now: Date? = nil) -> CalendarInvitationScanner {
        CalendarInvitationScanner(me: me, display: .utc, cache: cache, now: now ?? later)
    }

    func put(_ fixture: String, as name: String) throws {
        try Fixture.data(fixture).write(to: URL(fileURLWithPath: vdir + "/" + name))
    }

    let ownEvent =
        "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:own\r\nDTSTART:20240610T090000Z\r\nSUMMARY:Gym\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"

    @Test("A server's item is found by its content, not its name")
    func aServersItemIsFoundByItsContentNotItsName() throws {
        try put("ServerCopies/google-meeting.ics", as: "5f3a9c2e-0001.ics")
        try Data(ownEvent.utf8).write(to: URL(fileURLWithPath: vdir + "/own.ics"))
        let look = try scanner(nil).look(at: CalendarSource.named(vdir))
        #expect(!look.unchanged)
        #expect(look.changed.map(\.uid) == ["0a1b2c3d4e5f@google.com"])
        #expect(look.changed.first?.item == CalendarItem(calendar: vdir, path: vdir + "/5f3a9c2e-0001.ics"))
        #expect(look.changed.first?.partstats == [nil: "NEEDS-ACTION"])
        #expect(
            look.present == [CalendarInvitationKey(path: vdir + "/5f3a9c2e-0001.ics", uid: "0a1b2c3d4e5f@google.com")])
    }

    @Test("An override waiting under an answered master carries its own PARTSTAT")
    func anOverrideWaitingUnderAnAnsweredMasterCarriesItsOwnPartstat() throws {
        try put("ServerCopies/fastmail-weekly.ics", as: "a.ics")
        let found = try #require(try scanner(nil).look(at: CalendarSource.named(vdir)).changed.first)
        #expect(found.partstats == [nil: "ACCEPTED", "2024-06-17T08:00:00Z": "NEEDS-ACTION"])
    }

    @Test("Your own meetings and events without you are no invitations")
    func yourOwnMeetingsAndEventsWithoutYouAreNoInvitations() throws {
        let own = try String(decoding: Fixture.data("ServerCopies/google-meeting.ics"), as: UTF8.self)
        try Data(own.replacingOccurrences(of: "mailto:boss@example.org", with: "mailto:ME@example.org").utf8)
            .write(to: URL(fileURLWithPath: vdir + "/mine.ics"))
        let look = try CalendarInvitationScanner(
            me: MyAddresses(["me@example.org"]), display: .utc, cache: nil, now: later
        ).look(at: CalendarSource.named(vdir))
        #expect(look.changed.isEmpty)
        let stranger = try CalendarInvitationScanner(
            me: MyAddresses(["someone@else.org"]), display: .utc, cache: nil, now: later
        ).look(at: CalendarSource.named(vdir))
        #expect(stranger.changed.isEmpty)
    }

    @Test("A second look at an unchanged calendar opens nothing")
    func aSecondLookAtAnUnchangedCalendarOpensNothing() throws {
        try put("ServerCopies/google-meeting.ics", as: "g.ics")
        let cache = try CacheStore(home: home)
        let first = try scanner(cache).look(at: CalendarSource.named(vdir))
        first.commit()
        #expect(first.changed.count == 1)
        #expect(try scanner(cache).look(at: CalendarSource.named(vdir)).unchanged)
        // One item more: only it is read; the one already seen is still present.
        try put("ServerCopies/fastmail-weekly.ics", as: "f.ics")
        let third = try scanner(cache, now: Date().addingTimeInterval(60)).look(at: CalendarSource.named(vdir))
        #expect(third.changed.map(\.uid) == ["2c1a7d0e-5b8f-4f7e-9c44-3d1e6f0a9b12"])
        #expect(third.present.count == 2)
    }

    /// A sync that wrote a temporary file and took it away again moves the folder's stamp and
    /// no item's: the look says nothing changed and keeps the new stamp, so that the looks after
    /// it stop at the folder again instead of stamping every item until an item changes.
    @Test("A folder that moved with no item is trusted again from the next look")
    func aFolderThatMovedWithNoItemIsTrustedAgain() throws {
        try put("ServerCopies/google-meeting.ics", as: "g.ics")
        let cache = try CacheStore(home: home)
        let source = try CalendarSource.named(vdir)
        try scanner(cache).look(at: source).commit()
        let key = "invitations:\(vdir):me@example.org:head"
        let before = try #require(cache.indexData(for: key).flatMap(InvitationScanState.init))
        try Data("half".utf8).write(to: URL(fileURLWithPath: vdir + "/.g.ics.tmp"))
        try FileManager.default.removeItem(atPath: vdir + "/.g.ics.tmp")
        // Within one tick of the kernel's clock the folder's time may not have moved: moved here.
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-30)], ofItemAtPath: vdir)
        let moved = try #require(FileStamp(path: vdir))
        #expect(before.folder != moved)
        let look = try scanner(cache).look(at: source)
        #expect(look.unchanged)
        look.commit()
        let after = try #require(cache.indexData(for: key).flatMap(InvitationScanState.init))
        #expect(after.folder == moved)
        #expect(after.version == before.version)
        #expect(after.answered == before.answered)
    }

    /// A look after a sync finds the items seen before along the order they were listed in,
    /// within a reach of places: a sync that placed or removed more items than that moves the
    /// rest further, and every item is still told from what was seen.
    @Test("A sync that moves every item far loses nothing and finds nothing twice")
    func aSyncThatMovesEveryItemFarLosesAndFindsNothingTwice() throws {
        func own(_ index: Int) -> Data {
            Data(ownEvent.replacingOccurrences(of: "UID:own", with: "UID:own-\(index)").utf8)
        }
        for index in 0..<300 { try own(index).write(to: URL(fileURLWithPath: vdir + "/own-\(index).ics")) }
        try put("ServerCopies/google-meeting.ics", as: "g.ics")
        let cache = try CacheStore(home: home)
        let first = try scanner(cache).look(at: CalendarSource.named(vdir))
        first.commit()
        #expect(first.changed.map(\.uid) == ["0a1b2c3d4e5f@google.com"])
        // 200 items placed, listed among the others, and one invitation.
        for index in 300..<500 { try own(index).write(to: URL(fileURLWithPath: vdir + "/new-\(index).ics")) }
        try put("ServerCopies/fastmail-weekly.ics", as: "f.ics")
        let placed = try scanner(cache, now: Date().addingTimeInterval(60)).look(at: CalendarSource.named(vdir))
        placed.commit()
        #expect(placed.changed.map(\.uid) == ["2c1a7d0e-5b8f-4f7e-9c44-3d1e6f0a9b12"])
        #expect(placed.present.count == 2)
        // 250 removed, the invitation seen first among them: it has gone, the other stays.
        for index in 0..<250 { try FileManager.default.removeItem(atPath: vdir + "/own-\(index).ics") }
        try FileManager.default.removeItem(atPath: vdir + "/g.ics")
        let removed = try scanner(cache, now: Date().addingTimeInterval(60)).look(at: CalendarSource.named(vdir))
        removed.commit()
        #expect(removed.changed.isEmpty)
        #expect(removed.present.map(\.uid) == ["2c1a7d0e-5b8f-4f7e-9c44-3d1e6f0a9b12"])
        #expect(try scanner(cache, now: Date().addingTimeInterval(60)).look(at: CalendarSource.named(vdir)).unchanged)
    }

    @Test func aFileJustWrittenIsReadAgainNextTime() throws {
        try put("ServerCopies/google-meeting.ics", as: "g.ics")
        let cache = try CacheStore(home: home)
        scannerNow(cache).commit()
        #expect(!scannerNow(cache).unchanged)
    }

    private func scannerNow(_ cache: CacheStore) -> CalendarInvitationScanner.Look {
        (try? scanner(cache, now: Date()).look(at: CalendarSource.named(vdir)))
            ?? CalendarInvitationScanner.Look(unchanged: true, changed: [], present: [], commit: {})
    }

    @Test("A calendar file keeps each invitation apart with its zones")
    func aCalendarFileKeepsEachInvitationApartWithItsZones() throws {
        let server = try String(decoding: Fixture.data("ServerCopies/fastmail-weekly.ics"), as: UTF8.self)
        let file = home + "/calendar.ics"
        let events = server.replacingOccurrences(of: "END:VCALENDAR\r\n", with: "")
        try Data((events + ownEvent.replacingOccurrences(of: "BEGIN:VCALENDAR\r\n", with: "")).utf8)
            .write(to: URL(fileURLWithPath: file))
        let look = try scanner(nil).look(at: CalendarSource.named(file))
        let found = try #require(look.changed.first)
        #expect(look.changed.count == 1)
        let text = String(decoding: found.data, as: UTF8.self)
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTIMEZONE"))
        #expect(text.components(separatedBy: "BEGIN:VEVENT").count == 3)
        #expect(!text.contains("UID:own"))
        #expect(found.item.path == file)
    }

    @Test("Only files naming an organizer and you are parsed")
    func onlyFilesNamingAnOrganizerAndYouAreParsed() {
        func may(_ text: String) -> Bool {
            Data(text.utf8).withUnsafeBytes { InvitationPrefilter(me: me, now: 0, held: []).namesYou($0) }
        }
        #expect(may("organizer;CN=x:mailto:a@b\nATTENDEE:mailto:Me@Example.org"))
        #expect(!may("ORGANIZER:mailto:a@b\nATTENDEE:mailto:you@example.org"))
        #expect(!may(ownEvent + "ATTENDEE:mailto:me@example.org"))
    }
}
