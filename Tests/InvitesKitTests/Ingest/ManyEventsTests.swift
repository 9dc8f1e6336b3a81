import Foundation
import Testing

@testable import InvitesFormats
@testable import InvitesKit

/// One message carries at most ``ICalComponent/mostEvents`` VEVENTs: a stranger's REQUEST of
/// 459,901 (54 MB) kept `ingest` busy for minutes at a gigabyte. The VEVENTs are counted before
/// libical reads the text, so a message over the limit costs one pass over its bytes.
@Suite struct ManyEventsTests {
    static func request(events: Int) -> Data {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:t\r\nMETHOD:REQUEST\r\n"
        for index in 0..<events {
            text +=
                "BEGIN:VEVENT\r\nUID:e\(index)@example.org\r\nDTSTART:20240610T080000Z\r\nSUMMARY:x\r\n"
                + "ORGANIZER:mailto:o@example.org\r\nEND:VEVENT\r\n"
        }
        return Data((text + "END:VCALENDAR\r\n").utf8)
    }

    @Test("A message over the limit is refused before libical reads it")
    func aMessageOverTheLimitIsRefusedBeforeLibicalReadsIt() {
        let data = ManyEventsTests.request(events: ICalComponent.mostEvents + 1)
        #expect(
            throws: IngestError.notAnInvite(
                file: "many.ics", reason: "it holds more than 10000 VEVENTs and VTODOs: no invitation needs that many")
        ) {
            try ITIPParser(display: .utc).parse(data, file: "many.ics", source: .itip, fallbackMethod: nil)
        }
    }

    @Test func aMessageAtTheLimitIsRead() throws {
        let data = ManyEventsTests.request(events: ICalComponent.mostEvents)
        let invites = try ITIPParser(display: .utc).parse(data, file: "ok.ics", source: .itip, fallbackMethod: nil)
        #expect(invites.count == ICalComponent.mostEvents)
    }

    /// Names are matched in any case and may be followed by blanks, and read unfolded as
    /// libical reads them (a fold may cut `VEVENT`); a longer name, a continuation line or a
    /// value that only mentions the words does not count.
    @Test func onlyLinesThatOpenAVEventCount() {
        let text =
            "BEGIN:VEVENT\r\nbegin:vevent\nBEGIN:VEVENT \r\nBEGIN:VEVENTS\r\n BEGIN:VEVENT\r\n"
            + "DESCRIPTION:BEGIN:VEVENT\r\nBEGIN:VTODO\r\nBEG\r\n IN:VEV\n\tENT\r\n\r\n BEGIN:VEVENT\r\nBEGIN:VEVENT"
        let count = Data(text.utf8).withUnsafeBytes { ICalComponent.eventCount(in: $0) }
        // Six VEVENTs and the VTODO: a task is an invitation's component too.
        #expect(count == 7)
        let stopped = Data(text.utf8).withUnsafeBytes { ICalComponent.eventCount(in: $0, limit: 1) }
        #expect(stopped == 2)
    }
}
