import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit
@testable import InvitesModel

/// The copies scheduling servers keep (Fixtures/Scheduling: Google's and Fastmail's shapes, two
/// captured from Xandikos): each is found as an invitation, and an answer in place changes your
/// ATTENDEE's PARTSTAT and nothing else.
@Suite struct ServerCopyTests {
    let me = MyAddresses(["me@example.org"])

    /// The unfolded content lines of a text, by bytes (a CRLF is one Character to Swift).
    func contentLines(_ data: Data) -> [String] {
        data.withUnsafeBytes { InPlaceAnswer.logicalLines($0).map(\.text) }
    }

    @Test(arguments: [
        "google-copy.ics", "fastmail-copy.ics", "google-recurring-copy.ics", "xandikos-copy.ics",
        "xandikos-schedule-agent-client.ics",
    ])
    func foundAndAnsweredInPlace(_ name: String) throws {
        let data = try Fixture.data("Scheduling/" + name)
        let scanner = CalendarInvitationScanner(me: me, display: .utc, cache: nil, now: Date())
        let found = try #require(
            scanner.invitations(in: data, item: CalendarItem(calendar: "/vdir", path: "/vdir/item.ics")).first)
        #expect(found.partstats.values.contains("NEEDS-ACTION"))
        let after = try InPlaceAnswer(
            uid: found.uid, me: me, partstat: "TENTATIVE", keys: nil, comment: nil, display: .utc
        ).apply(to: data, path: "/vdir/item.ics")
        let old = contentLines(data)
        let new = contentLines(after)
        #expect(old.count == new.count)
        for (before, now) in zip(old, new) where before != now {
            #expect(before.uppercased().hasPrefix("ATTENDEE") && before.lowercased().hasSuffix("mailto:me@example.org"))
            #expect(now == InPlaceAnswer.settingPartstat("TENTATIVE", in: before))
        }
        #expect(
            !new.contains { $0.hasPrefix("ATTENDEE") && $0.hasSuffix("me@example.org") && $0.contains("NEEDS-ACTION") })
    }

    @Test("The organizer's SCHEDULE-AGENT=CLIENT leaves the reply to invites")
    func theOrganizersScheduleAgentClientLeavesTheReplyToInvites() throws {
        let data = try Fixture.data("Scheduling/xandikos-schedule-agent-client.ics")
        let uid = try #require(
            CalendarInvitationScanner(me: me, display: .utc, cache: nil, now: Date())
                .invitations(in: data, item: CalendarItem(calendar: "/vdir", path: "/vdir/item.ics")).first?.uid)
        #expect(Responder.clientAgent(in: data, uid: uid, me: me, display: .utc))
        #expect(SchedulingMode.auto.resolved(foundInCalendar: true, clientAgent: true) == .client)
        let plain = try Fixture.data("Scheduling/xandikos-copy.ics")
        let plainUID = try #require(
            CalendarInvitationScanner(me: me, display: .utc, cache: nil, now: Date())
                .invitations(in: plain, item: CalendarItem(calendar: "/vdir", path: "/vdir/item.ics")).first?.uid)
        #expect(!Responder.clientAgent(in: plain, uid: plainUID, me: me, display: .utc))
    }

    @Test("The setting per calendar wins, and auto follows who wrote the copy")
    func theSettingPerCalendarWinsAndAutoFollowsWhoWroteTheCopy() {
        let policy = SchedulingPolicy(fallback: .auto, byCalendar: ["/home/ann/cal/work/": .client])
        #expect(policy.mode(for: "/home/ann/cal/work") == .client)
        #expect(policy.mode(for: "/home/ann/cal/home") == .auto)
        #expect(SchedulingMode.auto.resolved(foundInCalendar: true, clientAgent: false) == .server)
        #expect(SchedulingMode.auto.resolved(foundInCalendar: false, clientAgent: false) == .client)
        #expect(SchedulingMode.server.resolved(foundInCalendar: true, clientAgent: true) == .server)
    }
}
