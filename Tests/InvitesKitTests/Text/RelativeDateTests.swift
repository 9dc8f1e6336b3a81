import Foundation
import InvitesFormats
import InvitesKit
import InvitesTestSupport
import Testing

@Suite struct RelativeDateTests {
    let now = Date.utc("2024-06-05T15:30:00Z")
    let berlin = TimeZone(identifier: "Europe/Berlin") ?? .gmt

    @Test(arguments: [
        ("today", "2024-06-04T22:00:00Z"),
        ("Yesterday", "2024-06-03T22:00:00Z"),
        ("7d", "2024-05-29T15:30:00Z"),
        ("2w", "2024-05-22T15:30:00Z"),
        ("36h", "2024-06-04T03:30:00Z"),
        ("1h30m", "2024-06-05T14:00:00Z"),
        ("2024-06-01", "2024-05-31T22:00:00Z"),
        ("2024-06-01T08:00:00Z", "2024-06-01T08:00:00Z"),
    ])
    func readsWhatUsersType(text: String, expected: String) {
        #expect(RelativeDate.parse(text, now: now, zone: berlin) == Date.utc(expected))
    }

    @Test(arguments: ["", "soon", "7 days", "-7d", "0", "w", "2024-13-01"])
    func refusesTheRest(text: String) {
        #expect(RelativeDate.parse(text, now: now, zone: berlin) == nil)
    }
}
