import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit
@testable import InvitesModel

/// The rules of SPEC "What counts", each on its own fixture event in `edges.ics`: the invite is
/// 10:00–12:00 UTC, the window 08:00–14:00.
@Suite struct ConflictRulesTests {
    let report: NearbyReport

    init() throws {
        let query = CalendarQuery(
            sources: [try CalendarSource.named(Fixture.path("calendars/edges.ics"))], display: .utc,
            me: MyAddresses(["mailto:me@example.org"]))
        let invite = Invite(
            uid: "the-invite", title: "Invite", start: .utc("2024-06-10T10:00:00Z"), end: .utc("2024-06-10T12:00:00Z"),
            source: .push, raw: Data())
        (report, _) = try ConflictFinder(query: query).report(for: invite)
    }

    func entry(_ uid: String) -> NearbyReport.Entry? {
        report.entries.first { $0.occurrence.uid == uid }
    }

    @Test func windowIsTwoHoursEachSide() {
        #expect(report.window == DateInterval(start: .utc("2024-06-10T08:00:00Z"), end: .utc("2024-06-10T14:00:00Z")))
    }

    @Test(arguments: ["ends-at-window-start", "starts-at-window-end", "zero-at-window-end", "allday-before"])
    func outsideTheHalfOpenWindow(uid: String) {
        #expect(entry(uid) == nil)
    }

    @Test func zeroLengthAtWindowStartIsNearby() {
        #expect(entry("zero-at-window-start")?.conflict == false)
    }

    @Test(arguments: ["back-to-back-before", "back-to-back-after", "zero-at-invite-end"])
    func nearbyButNoConflict(uid: String) throws {
        let found = try #require(entry(uid))
        #expect(!found.conflict)
        #expect(found.overlap == 0)
    }

    @Test func partialOverlapConflictsWithItsMinutes() throws {
        let found = try #require(entry("overlaps-start"))
        #expect(found.conflict)
        #expect(found.overlap == 30 * 60)
    }

    @Test func zeroLengthAtInviteStartConflicts() {
        #expect(entry("zero-at-invite-start")?.conflict == true)
    }

    @Test(arguments: [
        ("transparent", Occurrence.FreeReason.transparent), ("cancelled", .cancelled), ("declined", .declined),
    ])
    func freeEventsAreListedButDoNotConflict(uid: String, reason: Occurrence.FreeReason) throws {
        let found = try #require(entry(uid))
        #expect(found.free)
        #expect(found.occurrence.free == reason)
        #expect(!found.conflict)
        #expect(found.overlap == 30 * 60)
    }

    @Test func someoneElsesDeclineIsNotMine() {
        #expect(entry("declined-by-other")?.conflict == true)
    }

    @Test func theInviteNeverConflictsWithItself() {
        #expect(entry("the-invite") == nil)
    }

    @Test func countsAndOrder() {
        #expect(report.conflicts == 3)
        let starts = report.entries.map(\.occurrence.start)
        #expect(starts == starts.sorted())
    }

    @Test func intersectionEdges() {
        let a = Date.utc("2024-01-01T10:00:00Z"), b = Date.utc("2024-01-01T11:00:00Z")
        #expect(!ConflictRules.intersects(b, b.addingTimeInterval(60), a, b))
        #expect(ConflictRules.intersects(a, a, a, b))
        #expect(!ConflictRules.intersects(b, b, a, b))
        #expect(ConflictRules.intersects(a, b, a.addingTimeInterval(60), a.addingTimeInterval(60)))
    }
}
