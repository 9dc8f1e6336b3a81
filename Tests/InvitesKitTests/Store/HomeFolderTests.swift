import Foundation
import Testing

@testable import InvitesKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The home is made once, for you alone, and a home that is a file is refused, not replaced.
@Suite struct HomeFolderTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("invites-home-\(UUID().uuidString)").path

    @Test("A missing home is made with its parents, for you alone")
    func aMissingHomeIsMadeWithItsParentsForYouAlone() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let home = root + "/nested/home/"
        #expect(try HomeFolder.file("invites.sqlite3", in: home) == home + "invites.sqlite3")
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: home)[.posixPermissions] as? Int)
        #expect(mode == 0o700)
        #expect(try HomeFolder.file("cache.sqlite3", in: root) == root + "/cache.sqlite3", "a home there is kept")
    }

    @Test func aHomeThatIsAFileIsRefused() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: root + "/file"))
        #expect(throws: StoreError.self) { try HomeFolder.file("invites.sqlite3", in: root + "/file") }
        #expect(try Data(contentsOf: URL(fileURLWithPath: root + "/file")) == Data("mine".utf8))
    }
}

/// A home others may write to, or another user owns (also at the end of a link), is refused
/// before anything is made in it; a home of yours is used as it is.
@Suite struct UnsafeHomeTests {
    let root =
        FileManager.default.temporaryDirectory.appendingPathComponent("invites-unsafe-\(UUID().uuidString)").path
    static let user = geteuid()
    /// A user that is not the one running the tests, for the homes of another.
    static let other: uid_t = geteuid() == 65_534 ? 65_533 : 65_534

    init() throws {
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    func entries(_ path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    /// Opens the store, the cache and the Maildir note, and expects each refused by `reason`,
    /// with nothing made in `folder`.
    func expectRefused(_ home: String, leaving folder: String, reason: (String) -> Bool) {
        let before = entries(folder)
        for open in [
            { _ = try InboxStore(home: home) }, { _ = try CacheStore(home: home) },
            { _ = try MaildirShortcut(home: home) },
        ] as [() throws -> Void] {
            #expect {
                try open()
            } throws: { error in
                guard case StoreError.unsafeHome(let path, let text) = error else { return false }
                return path == home && reason(text)
            }
        }
        #expect(entries(folder) == before, "nothing is made in a refused home")
    }

    @Test(
        arguments: [
            (user, 0o700 as mode_t, nil), (user, 0o755, nil), (user, 0o750, nil), (user, 0o1700, nil),
            (user, 0o777, .othersMayWrite(mode: 0o777)), (user, 0o1777, .othersMayWrite(mode: 0o1777)),
            (user, 0o770, .othersMayWrite(mode: 0o770)), (user, 0o702, .othersMayWrite(mode: 0o702)),
            (other, 0o700, .ownedByAnother(owner: other)),
        ] as [(uid_t, mode_t, HomeFolder.Unsafety?)])
    func theRuleForTheHome(owner: uid_t, mode: mode_t, expected: HomeFolder.Unsafety?) {
        #expect(HomeFolder.unsafety(owner: owner, mode: mode, user: Self.user) == expected)
    }

    @Test(
        arguments: [
            (user, 0o755 as mode_t, nil), (0, 0o755, nil), (0, 0o1777, nil), (user, 0o775, nil),
            (0, 0o777, .inOpenFolder(folder: "/p", mode: 0o777)),
            (user, 0o757, .inOpenFolder(folder: "/p", mode: 0o757)),
            (other, 0o755, .inFolderOfAnother(folder: "/p", owner: other)),
        ] as [(uid_t, mode_t, HomeFolder.Unsafety?)])
    func theRuleForTheFolderAroundIt(owner: uid_t, mode: mode_t, expected: HomeFolder.Unsafety?) {
        #expect(HomeFolder.unsafety(parent: "/p", owner: owner, mode: mode, user: Self.user) == expected)
    }

    @Test("A home others may write is refused and left as it is", arguments: [0o777, 0o775, 0o1777] as [mode_t])
    func aHomeOthersMayWriteIsRefusedAndLeftAsItIs(_ kept: mode_t) throws {
        let home = root + "/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        chmod(home, kept)
        expectRefused(home, leaving: home) {
            $0.hasPrefix("other users can write to \(home) (mode \(String(format: "%04o", kept)))")
                && $0.contains("'chmod 700 \(home)'")
        }
        #expect(mode(home) == kept, "the user's folder is not changed")
        #expect(
            StoreError.unsafeHome(path: home, reason: "why").description == "refusing the home \(home): why")
    }

    @Test("A home of yours that others may read is used as it is")
    func aHomeOfYoursThatOthersMayReadIsUsedAsItIs() throws {
        let home = root + "/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        chmod(home, 0o755)
        _ = try InboxStore(home: home)
        #expect(mode(home) == 0o755, "not changed without a word")
        #expect(mode(home + "/invites.sqlite3") == 0o600)
        #expect(mode(home + "/invites.sqlite3-wal") == 0o600)
        #expect(mode(home + "/invites.sqlite3-shm") == 0o600)
    }

    @Test(.enabled(if: geteuid() == 0, "only root can give a folder to another user"))
    func aHomeOfAnotherUserIsRefused() throws {
        let home = root + "/home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        chmod(home, 0o755)
        chown(home, Self.other, Self.other)
        expectRefused(home, leaving: home) {
            $0.hasPrefix("\(home) belongs to another user (uid \(Self.other))")
        }
    }

    @Test(.enabled(if: geteuid() == 0, "only root can give a folder to another user"))
    func aLinkIntoTheFolderOfAnotherUserIsRefused() throws {
        let theirs = root + "/theirs"
        try FileManager.default.createDirectory(atPath: theirs + "/invites", withIntermediateDirectories: true)
        chown(theirs, Self.other, Self.other)
        let home = root + "/home"
        try FileManager.default.createSymbolicLink(atPath: home, withDestinationPath: theirs + "/invites")
        // The folder at the end of the link is yours, the one it is in is not.
        expectRefused(home, leaving: theirs + "/invites") {
            $0.hasPrefix("it is in \(theirs), a folder of another user (uid \(Self.other))")
        }
        // And the folder at the end is theirs.
        chown(theirs + "/invites", Self.other, Self.other)
        expectRefused(home, leaving: theirs + "/invites") {
            $0.hasPrefix("\(theirs)/invites belongs to another user (uid \(Self.other))")
        }
    }

    @Test("A link to a folder others may write names that folder")
    func aLinkToAFolderOthersMayWriteNamesThatFolder() throws {
        let shared = root + "/shared"
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        chmod(shared, 0o777)
        let home = root + "/home"
        try FileManager.default.createSymbolicLink(atPath: home, withDestinationPath: "shared")
        expectRefused(home, leaving: shared) { $0.contains("'chmod 700 \(shared)'") }
    }

    @Test("A home link that leads nowhere is refused and nothing is made")
    func aHomeLinkThatLeadsNowhereIsRefusedAndNothingIsMade() throws {
        let home = root + "/home"
        try FileManager.default.createSymbolicLink(atPath: home, withDestinationPath: root + "/gone/invites")
        expectRefused(home, leaving: root) {
            $0.hasPrefix("it is a symbolic link to \(root)/gone/invites, which does not exist")
        }
        #expect(!FileManager.default.fileExists(atPath: root + "/gone"))
    }

    @Test("A home in a folder everyone may write is refused unless the folder is sticky")
    func aHomeInAFolderEveryoneMayWriteIsRefusedUnlessItIsSticky() throws {
        let open = root + "/open"
        try FileManager.default.createDirectory(atPath: open + "/home", withIntermediateDirectories: true)
        chmod(open + "/home", 0o700)
        chmod(open, 0o777)
        expectRefused(open + "/home", leaving: open + "/home") {
            $0.hasPrefix("it is in \(open), which every user can write to (mode 0777, no sticky bit)")
        }
        chmod(open, 0o1777)
        _ = try InboxStore(home: open + "/home")
    }

    @Test func aMissingHomeIsMadePrivateWithItsParents() throws {
        let home = root + "/data/invites"
        _ = try InboxStore(home: home)
        #expect(mode(root + "/data") == 0o700)
        #expect(mode(home) == 0o700)
        #expect(mode(home + "/invites.sqlite3") == 0o600)
    }
}
