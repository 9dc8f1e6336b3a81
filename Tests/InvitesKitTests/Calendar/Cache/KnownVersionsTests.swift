import Foundation
import Testing

@testable import InvitesKit

/// `watch` keeps each vdir as its conflict queries last saw it, with the names inotify heard
/// changing since: a query reads those again, and lists the vdir whole when anything may have
/// been missed.
@Suite struct KnownVersionsTests {
    let vdir = FollowedVdir(
        index: VdirIndex(items: [
            VdirIndex.Item(
                name: "a.ics", stamp: FileStamp(device: 1, inode: 2, size: 3, seconds: 4, nanoseconds: 5), reach: 0..<1,
                pattern: nil, filterable: true)
        ]))

    @Test("A vdir kept is taken back with the names heard since, once")
    func takenBackWithTheNamesHeard() {
        let known = KnownVersions(folders: ["/vdir"])
        let first = known.take("/vdir")
        #expect(first.vdir == nil)
        known.keep(vdir, of: "/vdir", since: first.generation)
        known.heard(["b.ics", ".b.ics.tmp"], in: "/vdir")
        let second = known.take("/vdir")
        #expect(second.vdir?.version == vdir.version)
        #expect(second.heard == ["b.ics", ".b.ics.tmp"])
        // Taken: a second query meanwhile lists the vdir whole.
        #expect(known.take("/vdir").vdir == nil)
    }

    @Test("Names heard while a query runs are kept for the next")
    func heardDuringAQuery() {
        let known = KnownVersions(folders: ["/vdir"])
        let taken = known.take("/vdir")
        known.heard(["c.ics"], in: "/vdir")
        known.keep(vdir, of: "/vdir", since: taken.generation)
        #expect(known.take("/vdir").heard == ["c.ics"])
    }

    @Test("A vdir taken before everything was forgotten is not kept")
    func takenAcrossAForget() {
        let known = KnownVersions(folders: ["/vdir"])
        let taken = known.take("/vdir")
        known.forget()
        known.keep(vdir, of: "/vdir", since: taken.generation)
        #expect(known.take("/vdir").vdir == nil)
    }

    @Test("Past the limit of names heard, the vdir is listed whole again")
    func tooManyNames() {
        let known = KnownVersions(folders: ["/vdir"])
        known.keep(vdir, of: "/vdir", since: known.take("/vdir").generation)
        known.heard(Set((0...KnownVersions.heardLimit).map { "\($0).ics" }), in: "/vdir")
        let taken = known.take("/vdir")
        #expect(taken.vdir == nil && taken.heard.isEmpty)
    }

    @Test("Only the vdirs inotify watches are kept")
    func onlyWatchedFolders() {
        let known = KnownVersions(folders: ["/vdir"])
        known.keep(vdir, of: "/elsewhere", since: known.take("/elsewhere").generation)
        #expect(known.take("/elsewhere").vdir == nil)
    }
}
