import Foundation
import Testing

@testable import InvitesKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Lock files are made 0600 in a 0700 folder and never opened through a symbolic link: a link
/// planted where a lock goes makes the write stop with a message, and the file the link names
/// is neither made nor changed.
@Suite struct LockFileTests {
    let folder: String

    init() throws {
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("invites-locks-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    @Test func aLockIsMadePrivate() throws {
        let path = folder + "/home/locks/calendar.lock"
        let lock = try FileLock(path: path)
        withExtendedLifetime(lock) {}
        #expect(mode(folder + "/home/locks") == 0o700)
        #expect(mode(folder + "/home") == 0o700)
        #expect(mode(path) == 0o600)
    }

    @Test(arguments: [false, true])
    func aCalendarLockThatIsALinkIsNotFollowed(_ victimExists: Bool) throws {
        let victim = folder + "/victim"
        if victimExists { try Data("precious".utf8).write(to: URL(fileURLWithPath: victim)) }
        try FileManager.default.createDirectory(atPath: folder + "/locks", withIntermediateDirectories: true)
        let path = folder + "/locks/calendar.lock"
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: victim)
        #expect(
            throws: CalendarError.unwritable(
                path: path, reason: "cannot open lock: it is a symbolic link, which invites does not follow for a lock")
        ) {
            _ = try FileLock(path: path)
        }
        #expect(FileManager.default.fileExists(atPath: victim) == victimExists)
        if victimExists { #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious") }
    }

    @Test func theWatchLockThatIsALinkIsNotFollowed() throws {
        let victim = folder + "/victim"
        try Data("precious".utf8).write(to: URL(fileURLWithPath: victim))
        let path = folder + "/watch.lock"
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: victim)
        #expect(
            throws: WatchError.unwritable(
                path: path, reason: "it is a symbolic link, which invites does not follow for a lock")
        ) {
            _ = try WatchLock(path: path)
        }
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious")
    }

    @Test("The watch lock holds the PID and tells a second watch")
    func theWatchLockHoldsThePidAndTellsASecondWatch() throws {
        let path = folder + "/watch.lock"
        try Data("an old, longer pid line\n".utf8).write(to: URL(fileURLWithPath: path))
        let lock = try WatchLock(path: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "\(getpid())\n")
        #expect(mode(path) != 0)
        #expect(throws: WatchError.alreadyRunning(lock: path, pid: getpid())) { _ = try WatchLock(path: path) }
        withExtendedLifetime(lock) {}
    }

    /// A run given the link and a run given the file it names take the same lock, and the
    /// lock of a calendar not made yet is the one it has once made.
    @Test func aLinkAndItsFileShareOneLock() throws {
        let target = folder + "/cal.ics"
        let link = folder + "/.calendar.ics"
        let before = CalendarWriter.lockPath(for: target, in: folder + "/locks")
        try Data("x".utf8).write(to: URL(fileURLWithPath: target))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "cal.ics")
        #expect(CalendarWriter.lockPath(for: target, in: folder + "/locks") == before)
        #expect(CalendarWriter.lockPath(for: link, in: folder + "/locks") == before)
    }
}
