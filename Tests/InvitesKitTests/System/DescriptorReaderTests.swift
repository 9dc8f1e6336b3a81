import Foundation
import Testing

@testable import InvitesKit
@testable import InvitesSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading to the end comes back whole, and a failed read as an error with its errno.
@Suite struct DescriptorReaderTests {
    @Test func aFolderIsEISDIR() throws {
        let descriptor = open("/", O_RDONLY | O_CLOEXEC)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        #expect(throws: SystemCallError(code: EISDIR)) {
            try DescriptorReader.readAll(descriptor)
        }
    }

    @Test func aFileLongerThanTheBufferArrivesWhole() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("invites-read-\(UUID().uuidString)")
            .path
        let text = String(repeating: "0123456789abcdef", count: 20_000)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        #expect(try DescriptorReader.readAll(descriptor) == Data(text.utf8))
    }
}
