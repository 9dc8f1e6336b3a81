import Foundation
import Testing

@testable import InvitesKit
@testable import InvitesSystem

/// inotify against a real Maildir on disk: a message written in `tmp/` and renamed into
/// `new/` (as mbsync and getmail deliver it) is seen; `tmp/` alone is not; a calendar file's
/// folder tells only of that file.
@Suite struct FolderWatcherTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("watcher-\(UUID().uuidString)").path

    func make(_ folders: [String]) throws {
        for folder in folders {
            try FileManager.default.createDirectory(atPath: "\(root)/\(folder)", withIntermediateDirectories: true)
        }
    }

    /// What the watcher says within a second: the tags.
    func changes(_ watcher: FolderWatcher) -> Set<String> {
        settling(watcher).tags
    }

    /// What the watcher says within a second, with the tags still being written.
    func settling(_ watcher: FolderWatcher) -> FolderWatcher.Changes {
        for _ in 0..<20 {
            let found = watcher.changed()
            if !found.tags.isEmpty { return found }
            Posix.sleep(seconds: 0.05)
        }
        return FolderWatcher.Changes()
    }

    #if os(Linux)
        @Test func aRenameIntoNewIsSeenAndTmpIsNot() throws {
            defer { try? FileManager.default.removeItem(atPath: root) }
            try make(["md/new", "md/cur", "md/tmp", "cal"])
            let watcher = FolderWatcher(targets: [
                .init(folder: "\(root)/md/new", names: nil, tag: "md"),
                .init(folder: "\(root)/md/cur", names: nil, tag: "md"),
                .init(folder: "\(root)/cal", names: ["calendar.ics"], tag: "calendars"),
            ])
            #expect(watcher.descriptor != nil && watcher.pollingReason == nil)
            try Data("mail".utf8).write(to: URL(fileURLWithPath: "\(root)/md/tmp/1.host"))
            #expect(changes(watcher).isEmpty)
            try Posix.rename("\(root)/md/tmp/1.host", to: "\(root)/md/new/1.host")
            #expect(changes(watcher) == ["md"])
            try Posix.rename("\(root)/md/new/1.host", to: "\(root)/md/cur/1.host:2,S")
            #expect(changes(watcher) == ["md"])
            try Data("x".utf8).write(to: URL(fileURLWithPath: "\(root)/cal/other.ics"))
            #expect(changes(watcher).isEmpty)
            try Data("x".utf8).write(to: URL(fileURLWithPath: "\(root)/cal/calendar.ics"), options: .atomic)
            #expect(changes(watcher) == ["calendars"])
        }
    #endif

    #if os(Linux)
        /// The default calendar lives beside the store: two targets in one folder are one watch,
        /// each told of its own names and kinds of change; a write in place counts only where
        /// asked for (the store's WAL, written by another `invites`).
        @Test func twoTargetsInOneFolder() throws {
            defer { try? FileManager.default.removeItem(atPath: root) }
            try make(["home"])
            let wal = "\(root)/home/invites.sqlite3-wal"
            try Data("x".utf8).write(to: URL(fileURLWithPath: wal))
            let watcher = FolderWatcher(targets: [
                .init(folder: "\(root)/home", names: ["calendar.ics"], tag: "calendars"),
                .init(folder: "\(root)/home", names: ["invites.sqlite3-wal"], tag: "store", modifications: true),
            ])
            #expect(watcher.descriptor != nil)
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: wal))
            defer { try? handle.close() }
            try handle.write(contentsOf: Data("frame".utf8))
            #expect(changes(watcher) == ["store"], "a write into the WAL, the file still open")
            try Data("x".utf8).write(to: URL(fileURLWithPath: "\(root)/home/calendar.ics"), options: .atomic)
            #expect(changes(watcher) == ["calendars"])
            try Data("x".utf8).write(to: URL(fileURLWithPath: "\(root)/home/watch-notified"))
            #expect(changes(watcher).isEmpty)
        }
    #endif

    @Test func aMissingFolderIsNotAnError() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try make(["md/cur"])
        let watcher = FolderWatcher(targets: [.init(folder: "\(root)/md/new", names: nil, tag: "md")])
        #if os(Linux)
            #expect(watcher.pollingReason == nil)
        #else
            #expect(watcher.pollingReason != nil)
        #endif
        #expect(watcher.changed().tags.isEmpty)
    }

    #if os(Linux)
        @Test("A name still being written is unsettled; one closed and renamed in is whole")
        func whatIsWhole() throws {
            defer { try? FileManager.default.removeItem(atPath: root) }
            try make(["vdir"])
            let watcher = FolderWatcher(targets: [
                .init(folder: "\(root)/vdir", names: nil, tag: "calendars", modifications: true)
            ])
            let temporary = "\(root)/vdir/.item.ics.tmp"
            #expect(FileManager.default.createFile(atPath: temporary, contents: nil))
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: temporary))
            try handle.write(contentsOf: Data("BEGIN:VCALENDAR".utf8))
            #expect(settling(watcher) == .init(tags: ["calendars"], unsettled: ["calendars"]))
            try handle.close()
            try Posix.rename(temporary, to: "\(root)/vdir/item.ics")
            #expect(settling(watcher) == .init(tags: ["calendars"], unsettled: []))
        }
    #endif

    #if os(Linux)
        /// A vdir's names are told, so that a conflict query reads those items alone
        /// (``KnownVersions``): one renamed in, one written in place, one removed.
        @Test("A vdir's target tells the names that came, went or were written")
        func aVdirTellsItsNames() throws {
            defer { try? FileManager.default.removeItem(atPath: root) }
            try make(["vdir", "md/new"])
            try Data("old".utf8).write(to: URL(fileURLWithPath: "\(root)/vdir/edited.ics"))
            try Data("old".utf8).write(to: URL(fileURLWithPath: "\(root)/vdir/gone.ics"))
            let watcher = FolderWatcher(targets: [
                .init(folder: "\(root)/vdir", names: nil, tag: "calendars", modifications: true, naming: true),
                .init(folder: "\(root)/md/new", names: nil, tag: "md"),
            ])
            try Data("new".utf8).write(to: URL(fileURLWithPath: "\(root)/vdir/.placed.ics.tmp"))
            try Posix.rename("\(root)/vdir/.placed.ics.tmp", to: "\(root)/vdir/placed.ics")
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: "\(root)/vdir/edited.ics"))
            try handle.write(contentsOf: Data("edited in place".utf8))
            try handle.close()
            try FileManager.default.removeItem(atPath: "\(root)/vdir/gone.ics")
            try Data("mail".utf8).write(to: URL(fileURLWithPath: "\(root)/md/new/1.host"))
            var told = FolderWatcher.Changes()
            for _ in 0..<20 where told.names["\(root)/vdir"]?.contains("gone.ics") != true {
                let found = watcher.changed()
                told.tags.formUnion(found.tags)
                told.names.merge(found.names) { $0.union($1) }
                Posix.sleep(seconds: 0.05)
            }
            #expect(told.tags == ["calendars", "md"])
            #expect(told.names == ["\(root)/vdir": [".placed.ics.tmp", "placed.ics", "edited.ics", "gone.ics"]])
            #expect(!told.lost)
        }
    #endif
}
