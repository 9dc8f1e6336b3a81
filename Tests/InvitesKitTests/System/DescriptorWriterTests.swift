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
}
