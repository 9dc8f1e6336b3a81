import CLibical
import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesFormats
@testable import InvitesKit
@testable import InvitesModel

/// A series the organizer sent with thousands of moved instances is put together in time that
/// grows with their number: each instance used to look for its VEVENT by computing the key of
/// every VEVENT of the message again, and `show` of 9,999 instances took seven minutes.
@Suite struct InvitationComponentsTests {
    static let instances = 3_000

    static func series() -> Data {
        var text =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:t\r\nMETHOD:REQUEST\r\nBEGIN:VEVENT\r\nUID:s@example.org\r\n"
            + "DTSTART:20240610T080000Z\r\nRRULE:FREQ=DAILY\r\nSUMMARY:Daily\r\nORGANIZER:mailto:o@example.org\r\n"
            + "ATTENDEE:mailto:me@example.org\r\nEND:VEVENT\r\n"
        let first = Date.utc("2024-06-11T08:00:00Z")
        for index in 0..<instances {
            let day = LocalDate(first.addingTimeInterval(Double(index) * 86_400), in: DisplayZone.utc.timeZone)
            let stamp = day.description.replacingOccurrences(of: "-", with: "")
            text +=
                "BEGIN:VEVENT\r\nUID:s@example.org\r\nRECURRENCE-ID:\(stamp)T080000Z\r\nDTSTART:\(stamp)T090000Z\r\n"
                + "SUMMARY:Moved\r\nORGANIZER:mailto:o@example.org\r\nATTENDEE:mailto:me@example.org\r\nEND:VEVENT\r\n"
        }
        return Data((text + "END:VCALENDAR\r\n").utf8)
    }

    @Test func everyInstanceFindsItsVEventAtOnce() throws {
        let data = InvitationComponentsTests.series()
        let invite = try #require(
            try ITIPParser(display: .utc).parse(data, file: "s.ics", source: .itip, fallbackMethod: nil).first)
        #expect(invite.instances.count == InvitationComponentsTests.instances)
        let now = Date.utc("2024-06-01T00:00:00Z")
        let stored = StoredInvite(
            handle: "s", invite: invite, status: .pending, receivedAt: now, updatedAt: now,
            instances: invite.instances.map {
                StoredInstance(recurrenceID: $0.recurrenceID, organizer: $0, message: invite.raw, answer: nil)
            })
        // How long it takes is for a benchmark to say, not this test (docs/benchmarks.md).
        let components = InvitationComponents(stored, now: now, display: .utc)
        #expect(components.parts.count == InvitationComponentsTests.instances + 1)
        // Each instance is the organizer's moved VEVENT (09:00), not one made from the master.
        #expect(components.parts.allSatisfy { $0.key == nil || $0.event.text(ICAL_SUMMARY_PROPERTY) == "Moved" })
    }
}
