import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit

/// The note that lets a Maildir pass with nothing new end before the store is opened: written
/// only by a pass through the store that found every folder as recorded, and believed only
/// while the store's files are exactly as they were then. Real Maildirs, a real store; the file
/// system's clock is moved on instead of waiting for the store's files to settle.
@Suite struct MaildirShortcutTests {
    let base: String
    let root: String
    let home: String
    let hourAgo = Date().addingTimeInterval(-3600)

    init() throws {
        base =
            FileManager.default.temporaryDirectory.appendingPathComponent("maildir-shortcut-\(UUID().uuidString)")
            .path
        root = base + "/Mail"
        home = base + "/home"
        try makeMaildir(root)
    }

    func makeMaildir(_ path: String) throws {
        for folder in ["new", "cur", "tmp"] {
            try FileManager.default.createDirectory(atPath: path + "/" + folder, withIntermediateDirectories: true)
        }
        deliver("cur/1.a:2,S", in: path)
        try settle(path)
    }

    func deliver(_ name: String, in maildir: String? = nil) {
        FileManager.default.createFile(
            atPath: (maildir ?? root) + "/" + name, contents: Data("Subject: lunch?\n\nNoon?\n".utf8))
    }

    /// Sets the subfolders' times `minutes` after an hour ago: long settled, and each delivery
    /// settled at a later minute, as a real one would move the stamp on.
    func settle(_ maildir: String? = nil, minutes: Double = 0) throws {
        for folder in ["new", "cur"] {
            try FileManager.default.setAttributes(
                [.modificationDate: hourAgo.addingTimeInterval(minutes * 60)],
                ofItemAtPath: (maildir ?? root) + "/" + folder)
        }
    }

    /// The note as a pass sees it, with the store's files long settled unless `settled` is false.
    func shortcut(settled: Bool = true) throws -> MaildirShortcut {
        var shortcut = try MaildirShortcut(home: home)
        let offset: Int64 = settled ? 60 : 0
        shortcut.fileClock = { Int64(Date().timeIntervalSince1970) + offset }
        return shortcut
    }

    /// One pass through a store opened for it, as `ingest --maildir` makes; returns what it read.
    @discardableResult
    func pass(_ maildirs: [String]? = nil, settled: Bool = true) throws -> Int {
        let controller = IngestController(
            store: try InboxStore(home: home), display: .utc, clock: { Date.utc("2024-06-01T09:00:00Z") },
            responder: { throw IngestError.unreadable(file: "calendar", reason: "no calendar in this test") },
            shortcut: try shortcut(settled: settled))
        var read = 0
        _ = try controller.ingest(
            [], maildirs: maildirs ?? [root],
            readFile: { path in
                read += 1
                return FileManager.default.contents(atPath: path)
            }, events: { _ in })
        return read
    }

    @Test("A pass that finds nothing new lets the next one end early")
    func aPassThatFindsNothingNewLetsTheNextOneEndEarly() throws {
        #expect(try pass() == 1)
        // The first pass wrote the store: nothing vouches for the Maildir yet.
        #expect(try !shortcut().vouches(for: [root]))
        #expect(try pass() == 0)
        #expect(try shortcut().vouches(for: [root]))
        // Named another way (relative, through a link), it is the same Maildir.
        try FileManager.default.createSymbolicLink(atPath: base + "/link", withDestinationPath: root)
        #expect(try shortcut().vouches(for: [base + "/link"]))
    }

    @Test func newMailEndsTheShortcut() throws {
        try pass()
        try pass()
        deliver("new/2.b")
        try settle(minutes: 1)
        #expect(try !shortcut().vouches(for: [root]))
        #expect(try pass() == 1)
    }

    @Test func anyWriteToTheStoreEndsTheShortcut() throws {
        try pass()
        try pass()
        #expect(try shortcut().vouches(for: [root]))
        // Another command's write, to a table that has nothing to do with the Maildir.
        try InboxStore(home: home).markSeen(["x"], in: "/elsewhere", now: Date())
        #expect(try !shortcut().vouches(for: [root]))
    }

    @Test("A store made anew is not vouched for by the old note")
    func aStoreMadeAnewIsNotVouchedForByTheOldNote() throws {
        try pass()
        try pass()
        for name in try FileManager.default.contentsOfDirectory(atPath: home) where name.hasPrefix("invites.sqlite3") {
            try FileManager.default.removeItem(atPath: home + "/" + name)
        }
        _ = try InboxStore(home: home)
        #expect(try !shortcut().vouches(for: [root]))
        #expect(try pass() == 1)
    }

    @Test("Store files written within the tick are not vouched for")
    func storeFilesWrittenWithinTheTickAreNotVouchedFor() throws {
        try pass()
        try pass(settled: false)
        #expect(try !shortcut().vouches(for: [root]))
    }

    @Test("Folders noted by different passes are kept together")
    func foldersNotedByDifferentPassesAreKeptTogether() throws {
        let other = base + "/Other"
        try makeMaildir(other)
        try pass([root, other])
        try pass([root])
        try pass([other])
        #expect(try shortcut().vouches(for: [root, other]))
        #expect(try !shortcut().vouches(for: [root, other, base + "/missing"]))
    }

    @Test func aPassWithAFolderChangedNotesNothing() throws {
        let other = base + "/Other"
        try makeMaildir(other)
        try pass([root, other])
        deliver("new/2.b", in: other)
        try settle(other, minutes: 1)
        try pass([root, other])
        #expect(try !shortcut().vouches(for: [root]))
    }

    @Test func aNoteCutShortOrForeignIsNotBelieved() throws {
        try pass()
        try pass()
        let path = home + "/" + MaildirShortcut.fileName
        let whole = try #require(FileManager.default.contents(atPath: path))
        let note = try #require(MaildirShortcut.Note(whole))
        #expect(Data(note.text.utf8) == whole)
        for broken in [
            whole.dropLast(4), whole.prefix(whole.count / 2),
            Data(String(decoding: whole, as: UTF8.self).replacingOccurrences(of: " 1\n", with: " 2\n").utf8),
            Data(String(decoding: whole, as: UTF8.self).replacingOccurrences(of: "store ", with: "store x").utf8),
        ] {
            #expect(MaildirShortcut.Note(Data(broken)) == nil)
            try Data(broken).write(to: URL(fileURLWithPath: path))
            #expect(try !shortcut().vouches(for: [root]))
        }
    }
}
