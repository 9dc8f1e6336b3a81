import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit

/// `ingest --maildir` trusts a subfolder's stamp as notmuch trusts a directory's mtime: a pass
/// over folders that did not change reads nothing, and one after new mail reads only that mail.
/// Real Maildirs on disk and a real store; the reader records what it was asked to read.
@Suite struct MaildirPassTests {
    let root: String
    let home: String
    let controller: IngestController
    let hourAgo = Date().addingTimeInterval(-3600)

    init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("maildir-pass-\(UUID().uuidString)")
        root = base.appendingPathComponent("Mail").path
        home = base.appendingPathComponent("home").path
        for folder in ["new", "cur", "tmp"] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        controller = IngestController(
            store: try InboxStore(home: home), display: .utc, clock: { Date.utc("2024-06-01T09:00:00Z") },
            responder: { throw IngestError.unreadable(file: "calendar", reason: "no calendar in this test") })
    }

    /// Runs one pass and returns the paths it read, relative to the Maildir.
    func pass(failing: Set<String> = []) throws -> [String] {
        var read: [String] = []
        _ = try controller.ingest(
            [], maildirs: [root],
            readFile: { path in
                let relative = String(path.dropFirst(root.count + 1))
                read.append(relative)
                if failing.contains(relative) { throw IngestError.unreadable(file: path, reason: "refused") }
                return FileManager.default.contents(atPath: path)
            }, events: { _ in })
        return read.sorted()
    }

    func deliver(_ name: String, _ text: String = "Subject: lunch?\n\nNoon?\n") {
        FileManager.default.createFile(atPath: root + "/" + name, contents: Data(text.utf8))
    }

    func setTime(_ date: Date, of folder: String) throws {
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: root + "/" + folder)
    }

    func settle() throws {
        for folder in ["new", "cur"] { try setTime(hourAgo, of: folder) }
    }

    @Test("An unchanged folder is not listed and a new message is read alone")
    func anUnchangedFolderIsNotListedAndANewMessageIsReadAlone() throws {
        deliver("new/1.a")
        deliver("cur/2.b:2,S")
        try settle()
        #expect(try pass() == ["cur/2.b:2,S", "new/1.a"])
        // A message slipped in without moving the stamp is not seen: the folder is not listed.
        deliver("new/3.c")
        try setTime(hourAgo, of: "new")
        #expect(try pass() == [])
        // Delivery moves the stamp on: only the new messages are read.
        deliver("new/4.d")
        try setTime(hourAgo.addingTimeInterval(60), of: "new")
        #expect(try pass() == ["new/3.c", "new/4.d"])
        #expect(try pass() == [])
    }

    @Test("A folder stamped in the tick of its listing is listed again")
    func aFolderStampedInTheTickOfItsListingIsListedAgain() throws {
        deliver("new/1.a")
        // The same second as the pass, or later: a message delivered in that tick could leave
        // the stamp as it is.
        let tick = Date().addingTimeInterval(60)
        try setTime(tick, of: "new")
        #expect(try pass() == ["new/1.a"])
        deliver("new/2.b")
        try setTime(tick, of: "new")
        #expect(try pass() == ["new/2.b"])
    }

    @Test("A message moved to cur with flags is not read again")
    func aMessageMovedToCurWithFlagsIsNotReadAgain() throws {
        deliver(
            "new/1701000000.M1P1.host", String(decoding: try Fixture.data("mail/attachment-base64.eml"), as: UTF8.self))
        try settle()
        #expect(try pass() == ["new/1701000000.M1P1.host"])
        try FileManager.default.moveItem(
            atPath: root + "/new/1701000000.M1P1.host", toPath: root + "/cur/1701000000.M1P1.host,U=9:2,S")
        #expect(try pass() == [])
        try FileManager.default.moveItem(
            atPath: root + "/cur/1701000000.M1P1.host,U=9:2,S", toPath: root + "/cur/1701000000.M1P1.host,U=9:2,RS")
        #expect(try pass() == [])
        #expect(try controller.store.list(statuses: nil).count == 1)
    }

    @Test func aFolderRemovedAndMadeAgainIsListed() throws {
        deliver("new/1.a")
        try settle()
        #expect(try pass() == ["new/1.a"])
        // Made beside the old one, so it is another inode, and given the old one's time.
        try FileManager.default.createDirectory(atPath: root + "/new.again", withIntermediateDirectories: false)
        deliver("new.again/2.b")
        try FileManager.default.removeItem(atPath: root + "/new")
        try FileManager.default.moveItem(atPath: root + "/new.again", toPath: root + "/new")
        try setTime(hourAgo, of: "new")
        #expect(try pass() == ["new/2.b"])
    }

    @Test func aMessageThatCouldNotBeReadIsTriedAgain() throws {
        deliver("new/1.a")
        deliver("new/2.b")
        try settle()
        #expect(try pass(failing: ["new/2.b"]) == ["new/1.a", "new/2.b"])
        #expect(try pass() == ["new/2.b"])
        #expect(try pass() == [])
    }
}
