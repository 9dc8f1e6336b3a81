import Foundation
import Testing

@testable import InvitesKit
@testable import InvitesSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Failed writes come back as errors with their errno, never as a trap.
@Suite struct DescriptorWriterTests {
    @Test func aPipeWithoutAReaderIsEPIPE() throws {
        // As inside neomutt: without this the test process itself would die of SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        close(ends[0])
        defer { close(ends[1]) }
        #expect(throws: SystemCallError(code: EPIPE)) {
            try DescriptorWriter.writeAll(String(repeating: "x", count: 100_000), to: ends[1])
        }
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
    func aFullDeviceIsENOSPC() throws {
        let descriptor = open("/dev/full", O_WRONLY | O_CLOEXEC)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        #expect(throws: SystemCallError(code: ENOSPC)) {
            try DescriptorWriter.writeAll("text\n", to: descriptor)
        }
    }

    @Test func moreThanAPipeHoldsArrivesWhole() async throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let text = String(repeating: "0123456789abcdef", count: 20_000)
        let reader = ends[0]
        let received = Task.detached { () -> Int in
            var total = 0
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = read(reader, &buffer, buffer.count)
                if count <= 0 { return total }
                total += count
            }
        }
        try DescriptorWriter.writeAll(text, to: ends[1])
        close(ends[1])
        #expect(await received.value == text.utf8.count)
        close(ends[0])
    }

    @Test("A buffer of many chunks reaches a file whole and in order")
    func manyChunksArriveInOrder() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("invites-chunks-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        #expect(descriptor >= 0)
        // Three chunks and a part, each byte telling where it stands.
        let data = Data(
            (0..<(3 * DescriptorWriter.chunk + 4_321)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 16) })
        try DescriptorWriter.writeAll(data, to: descriptor)
        close(descriptor)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == data)
    }
}
