import Foundation
import Testing

@testable import InvitesKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A calendar reached through a symbolic link is written through to the file the link names,
/// the link kept; a link that leads nowhere or round in a loop is refused, and nothing changes.
@Suite struct AtomicFileLinkTests {
    let folder: String

    init() throws {
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("invites-links-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/sync", withIntermediateDirectories: true)
    }

    func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    func text(_ path: String) -> String? {
        try? String(contentsOfFile: path, encoding: .utf8)
    }

    func entries(_ path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    @Test("A linked file is replaced in its own folder and the link is kept")
    func aLinkedFileIsReplacedInItsOwnFolderAndTheLinkKept() throws {
        let target = folder + "/sync/cal.ics"
        let link = folder + "/.calendar.ics"
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "sync/cal.ics")
        var seen: Data?
        try AtomicFile(path: link).update { current in
            seen = current
            return Data("new".utf8)
        }
        #expect(seen == Data("old".utf8), "the link's file is what was read")
        #expect(text(target) == "new")
        #expect(isLink(link))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "sync/cal.ics")
        #expect(entries(folder) == [".calendar.ics", "sync"], "no copy and no temporary file beside the link")
        #expect(entries(folder + "/sync") == ["cal.ics"])
    }

    @Test func aChainOfLinksIsFollowedToItsEnd() throws {
        let target = folder + "/sync/cal.ics"
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createDirectory(atPath: folder + "/dots", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/dots/cal.ics", withDestinationPath: "../sync/cal.ics")
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/first", withDestinationPath: folder + "/dots/cal.ics")
        try AtomicFile(path: folder + "/first").update { _ in Data("new".utf8) }
        #expect(text(target) == "new")
        #expect(isLink(folder + "/first") && isLink(folder + "/dots/cal.ics"))
    }

    @Test func aLinkedFileKeepsItsModeUnderUmask077() throws {
        let target = folder + "/sync/cal.ics"
        let link = folder + "/cal.ics"
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        chmod(target, 0o640)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        try AtomicFile(path: link).update { _ in Data("new".utf8) }
        var info = stat()
        #expect(stat(target, &info) == 0 && info.st_mode & 0o7777 == 0o640)
    }

    @Test("A dangling link is refused and nothing is written")
    func aDanglingLinkIsRefusedAndNothingIsWritten() throws {
        let link = folder + "/.calendar.ics"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder + "/sync/gone.ics")
        var called = false
        #expect {
            try AtomicFile(path: link).update { _ in
                called = true
                return Data("new".utf8)
            }
        } throws: { error in
            guard case CalendarError.unwritable(let path, let reason) = error else { return false }
            return path == link
                && reason.hasPrefix("it is a symbolic link to \(folder)/sync/gone.ics, which does not exist")
        }
        #expect(!called)
        #expect(isLink(link))
        #expect(entries(folder + "/sync").isEmpty, "the file the link names is not made")
        #expect(entries(folder) == [".calendar.ics", "sync"])
    }

    @Test func aLoopOfLinksIsRefused() throws {
        try FileManager.default.createSymbolicLink(atPath: folder + "/a", withDestinationPath: "b")
        try FileManager.default.createSymbolicLink(atPath: folder + "/b", withDestinationPath: "a")
        #expect {
            try AtomicFile(path: folder + "/a").update { _ in Data("new".utf8) }
        } throws: { error in
            guard case CalendarError.unwritable(_, let reason) = error else { return false }
            return reason.contains("leads round in a loop")
        }
        #expect(isLink(folder + "/a") && isLink(folder + "/b"))
        #expect(entries(folder) == ["a", "b", "sync"])
    }

    /// A link pointed elsewhere between the read and the rename is a change underneath: the
    /// write is made again on the file the link names now, and the old one is left alone.
    @Test("A link pointed elsewhere meanwhile is followed again")
    func aLinkPointedElsewhereMeanwhileIsFollowedAgain() throws {
        let first = folder + "/sync/first.ics"
        let second = folder + "/sync/second.ics"
        let link = folder + "/cal.ics"
        try Data("first".utf8).write(to: URL(fileURLWithPath: first))
        try Data("second".utf8).write(to: URL(fileURLWithPath: second))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: first)
        var reads: [String] = []
        try AtomicFile(path: link).update { current in
            reads.append(current.map { String(decoding: $0, as: UTF8.self) } ?? "-")
            if reads.count == 1 {
                try FileManager.default.removeItem(atPath: link)
                try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: second)
            }
            return Data(((reads.last ?? "") + "+new").utf8)
        }
        #expect(reads == ["first", "second"])
        #expect(text(first) == "first")
        #expect(text(second) == "second+new")
        #expect(isLink(link))
    }

    @Test("Removing a linked item removes the file it names and the link")
    func removingALinkedItemRemovesTheFileItNamesAndTheLink() throws {
        try FileManager.default.createDirectory(atPath: folder + "/vdir", withIntermediateDirectories: true)
        let target = folder + "/sync/item.ics"
        try Data("item".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/vdir/item.ics", withDestinationPath: "../sync/item.ics")
        try AtomicFile(path: folder + "/vdir/item.ics").remove()
        #expect(entries(folder + "/vdir").isEmpty)
        #expect(entries(folder + "/sync").isEmpty)
    }

    /// The files of the home are made 0600, where a calendar would be 0644 less the umask.
    @Test func aNewFileTakesTheModeItIsGiven() throws {
        try AtomicFile(path: folder + "/private", newFileMode: 0o600).update { _ in Data("mine".utf8) }
        var info = stat()
        #expect(stat(folder + "/private", &info) == 0 && info.st_mode & 0o7777 == 0o600)
    }
}
