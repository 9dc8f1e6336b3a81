import Foundation
import Testing

@testable import InvitesKit

/// `watch` tells a vdir's version without stamping each item only while inotify heard nothing.
@Suite struct KnownVersionsTests {
    let version = CalendarVersion(file: FileStamp(device: 1, inode: 2, size: 3, seconds: 4, nanoseconds: 5))

    @Test("A version is told until the first change heard, and not after")
    func toldUntilAChange() {
        let known = KnownVersions(folders: ["/vdir"])
        known.remember(version, of: "/vdir", since: known.generation)
        #expect(known.version(of: "/vdir") == version)
        known.forget()
        #expect(known.version(of: "/vdir") == nil)
    }

    @Test("A version stamped while a change was heard is not kept")
    func stampedAcrossAChange() {
        let known = KnownVersions(folders: ["/vdir"])
        let before = known.generation
        known.forget()
        known.remember(version, of: "/vdir", since: before)
        #expect(known.version(of: "/vdir") == nil)
    }

    @Test("Only the vdirs inotify watches are told without stamps")
    func onlyWatchedFolders() {
        let known = KnownVersions(folders: ["/vdir"])
        known.remember(version, of: "/elsewhere", since: known.generation)
        #expect(known.version(of: "/elsewhere") == nil)
    }
}
