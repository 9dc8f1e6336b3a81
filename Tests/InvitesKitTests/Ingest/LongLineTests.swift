import Foundation
import Testing

@testable import InvitesKit

/// libical's parser takes time in the square of a line's length: a line longer than 1 MiB,
/// folded or not, is refused before it reaches libical, and one just under it is read.
@Suite struct LongLineTests {
    static func invitation(description: String) -> Data {
        Data(
            ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:t\r\nMETHOD:REQUEST\r\nBEGIN:VEVENT\r\nUID:long@example.org\r\n"
                + "DTSTAMP:20240101T000000Z\r\nDTSTART:20240610T100000Z\r\nDTEND:20240610T110000Z\r\nSUMMARY:Long\r\n"
                + "DESCRIPTION:\(description)\r\nORGANIZER:mailto:o@example.org\r\nATTENDEE:mailto:me@example.org\r\n"
                + "END:VEVENT\r\nEND:VCALENDAR\r\n").utf8)
    }

    @Test func aLineOverTheLimitIsRefusedWithItsNumber() {
        let data = LongLineTests.invitation(description: String(repeating: "x", count: 2 << 20))
        #expect(
            throws: IngestError.notAnInvite(
                file: "long.ics", reason: "line 11 is longer than 1 MiB: no invitation needs that")
        ) {
            try ITIPParser(display: .utc).parse(data, file: "long.ics", source: .itip, fallbackMethod: nil)
        }
    }

    @Test func aFoldedLineCountsWhole() {
        let chunk = String(repeating: "y", count: 74)
        let folded = Array(repeating: chunk, count: (2 << 20) / 74).joined(separator: "\r\n ")
        let data = LongLineTests.invitation(description: folded)
        #expect(throws: IngestError.self) {
            try ITIPParser(display: .utc).parse(data, file: "folded.ics", source: .itip, fallbackMethod: nil)
        }
    }

    @Test func aLineUnderTheLimitIsRead() throws {
        let data = LongLineTests.invitation(description: String(repeating: "z", count: 900_000))
        let invites = try ITIPParser(display: .utc).parse(data, file: "ok.ics", source: .itip, fallbackMethod: nil)
        #expect(invites.first?.description?.count == 900_000)
    }
}
