import Foundation
import Testing

@testable import InvitesKit
@testable import InvitesSystem

/// The door's wrappers fail the way their callers count on: the errno kept, the call and the
/// path named, and the message the system's words alone, as before the door.
@Suite struct PosixTests {
    @Test func aMissingFileNamesTheCallAndThePath() {
        let path = "/nonexistent-\(UUID().uuidString)/calendar.ics"
        #expect(throws: SystemCallError(code: ENOENT, call: "open", path: path)) {
            try Posix.open(path, O_RDONLY | O_CLOEXEC)
        }
        #expect(throws: SystemCallError(code: ENOENT, call: "stat", path: path)) {
            try Posix.stat(path)
        }
        #expect(SystemCallError(code: ENOENT, call: "open", path: path).description == "No such file or directory")
    }

    /// What ProcessInfo gave before, which the test process's environment (set by swift test,
    /// with values holding `=`, `:` and spaces) shows whole.
    @Test func theEnvironmentIsWhatProcessInfoGave() {
        #expect(Posix.environment() == ProcessInfo.processInfo.environment)
    }

    @Test func aFileWrittenReadAndRenamedThroughTheDoor() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invites-posix-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = folder + "/a", second = folder + "/b"
        let descriptor = try Posix.open(first, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode: 0o600)
        try DescriptorWriter.writeAll("BEGIN:VCALENDAR\r\n", to: descriptor)
        try Posix.fsync(descriptor, path: first)
        #expect(try Posix.fstat(descriptor).st_size == 17)
        try Posix.close(descriptor, path: first)
        #expect(throws: SystemCallError(code: EEXIST, call: "open", path: first)) {
            try Posix.open(first, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode: 0o600)
        }
        try Posix.rename(first, to: second)
        let reader = try Posix.open(second, O_RDONLY | O_CLOEXEC)
        defer { try? Posix.close(reader) }
        var bytes = [UInt8](repeating: 0, count: 64)
        #expect(try Posix.read(reader, into: &bytes, count: bytes.count) == 17)
        try Posix.unlink(second)
        #expect(throws: SystemCallError(code: ENOENT, call: "unlink", path: second)) {
            try Posix.unlink(second)
        }
    }

    @Test func aFolderIsListedAndItsEntriesStamped() throws {
        let stream = try Posix.opendir("/")
        defer { Posix.closedir(stream) }
        var names: Set<String> = []
        while let entry = Posix.readdir(stream) {
            names.insert(
                withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
        }
        #expect(names.contains("."))
        #expect(throws: SystemCallError(code: ENOENT, call: "fstatat", path: "no-such-entry")) {
            try Posix.fstatat(Posix.dirfd(stream), "no-such-entry")
        }
    }
}
