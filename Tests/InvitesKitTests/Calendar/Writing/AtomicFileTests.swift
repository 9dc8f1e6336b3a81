import Foundation
import Testing

@testable import InvitesKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Rewrites keep what the user set on the file, and a write that fails says so and changes
/// nothing.
@Suite(.serialized) struct AtomicFileTests {
    let folder: String

    init() throws {
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("invites-atomic-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    @Test(arguments: [0o644, 0o640, 0o600] as [mode_t])
    func aRewriteUnderUmask077KeepsTheMode(_ kept: mode_t) throws {
        let path = folder + "/calendar-\(kept).ics"
        #expect(FileManager.default.createFile(atPath: path, contents: Data("old".utf8)))
        chmod(path, kept)
        let previous = umask(0o077)
        defer { umask(previous) }
        try AtomicFile(path: path).update { _ in Data("new".utf8) }
        #expect(mode(path) == kept)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
    }

    @Test("A write that cannot start is a write error and leaves nothing")
    func aWriteThatCannotStartIsAWriteErrorAndLeavesNothing() throws {
        let path = folder + "/missing/calendar.ics"
        #expect(
            throws: CalendarError.unwritable(
                path: path, reason: "cannot create a temporary file beside it: No such file or directory"
            )
        ) {
            try AtomicFile(path: path).update { _ in Data("new".utf8) }
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/missing"))
        #expect(CalendarError.unwritable(path: path, reason: "x").description == "cannot write \(path): x")
    }

    /// Root writes through mode 0444, so this one runs for other users only.
    @Test(.enabled(if: geteuid() != 0, "root is not stopped by mode 0444"))
    func aReadOnlyFileIsRefusedAndKept() throws {
        let path = folder + "/readonly.ics"
        #expect(FileManager.default.createFile(atPath: path, contents: Data("old".utf8)))
        chmod(path, 0o444)
        #expect(throws: CalendarError.unwritable(path: path, reason: "Permission denied")) {
            try AtomicFile(path: path).update { _ in Data("new".utf8) }
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["readonly.ics"])
    }
}
