import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit

/// An organizer's CANCEL with `RECURRENCE-ID;RANGE=THISANDFUTURE` (RFC 5546 §3.2.5): the weekly
/// series at 10:00, six times from 7 December, cancelled from its third occurrence on; a stale
/// copy and a stranger's change nothing (``RangeUpdateCommandTests``).
@Suite struct RangeCancelCommandTests {
    let home = SeriesHome(ingesting: "Tests/InvitesCLITests/Fixtures/range/weekly.ics")

    static func fixture(_ name: String) -> String {
        RangeUpdateCommandTests.fixture(name)
    }

    @Test func aCancelFromTheThirdOnCancelsEveryLaterOccurrence() throws {
        #expect(home.run(["accept", "range-1", "--no-send"]).status == 0)
        // The organizer's own later override, and an answer given apart later still.
        #expect(home.run(["ingest", Self.fixture("moved-fourth.ics")]).status == 0)
        #expect(home.run(["tentative", "range-1", "--occurrence", "2027-01-04", "--no-send"]).status == 0)
        let master = try home.written().first
        let cancel = home.run(["ingest", Self.fixture("cancel-from-third.ics")])
        #expect(cancel.status == 0, "\(cancel.err)")
        #expect(cancel.err.contains("the occurrences from 2026-12-21T10:00:00Z on were cancelled"), "\(cancel.err)")
        #expect(
            home.occurrences() == [
                "Mon 7 Dec 2026 10:00-11:00 UTC  accepted",
                "Mon 14 Dec 2026 10:00-11:00 UTC  accepted",
                "Mon 21 Dec 2026 10:00-11:00 UTC  cancelled",
                "Mon 28 Dec 2026 14:00-15:00 UTC  cancelled",
                "Mon 4 Jan 2027 10:00-11:00 UTC  cancelled",
                "Mon 11 Jan 2027 10:00-11:00 UTC  cancelled",
            ])
        let listed = home.run(["list", "--all"]).out
        #expect(listed.contains("[cancelled from 2026-12-21 on]"), "\(listed)")
        // Your calendar: the master byte for byte, one override with the range and
        // STATUS:CANCELLED, and each later override cancelled with the answer it had.
        let events = try home.written()
        #expect(events.first == master)
        #expect(events.count == 4, "\(events)")
        let range = try #require(events.first { $0.contains("RECURRENCE-ID;RANGE=THISANDFUTURE:20261221T100000Z") })
        #expect(range.contains("STATUS:CANCELLED"), "\(range)")
        for key in ["20261228T100000Z", "20270104T100000Z"] {
            let own = try #require(events.first { $0.contains("RECURRENCE-ID:" + key) })
            #expect(own.contains("STATUS:CANCELLED"), "\(own)")
        }
        let tentative = try #require(events.first { $0.contains("RECURRENCE-ID:20270104T100000Z") })
        #expect(tentative.contains("ATTENDEE;CN=Me;PARTSTAT=TENTATIVE:mailto:me@example.org"), "\(tentative)")
        // The REPLY leaves the cancelled occurrences out; they take no yes.
        let reply = home.run(["reply", "range-1"]).out
        #expect(reply.components(separatedBy: "BEGIN:VEVENT").count - 1 == 1, "\(reply)")
        #expect(!reply.contains("RECURRENCE-ID"), "\(reply)")
        let refused = home.run(["accept", "range-1", "--occurrence", "2027-01-11", "--no-send"])
        #expect(refused.status == 1)
        #expect(refused.err.contains("2027-01-11T10:00:00Z of"), "\(refused.err)")
        #expect(refused.err.contains("was cancelled by the organizer"), "\(refused.err)")
    }

    @Test func anAnswerFromAnEarlierOccurrenceOnLeavesTheCancelledOnesOut() {
        #expect(home.run(["ingest", Self.fixture("cancel-from-third.ics")]).status == 0)
        let accepted = home.run(["accept", "range-1", "--from", "2026-12-07", "--no-send"])
        #expect(accepted.status == 0, "\(accepted.err)")
        #expect(accepted.out.contains("(from 2026-12-07 on: 2 occurrences)"), "\(accepted.out)")
        #expect(home.occurrences().filter { $0.hasSuffix("cancelled") }.count == 4, "\(home.occurrences())")
    }

    @Test func theCancelledOccurrencesNeedNoAnswer() {
        #expect(home.run(["ingest", Self.fixture("cancel-from-third.ics")]).status == 0)
        #expect(home.run(["list"]).out.contains("[cancelled from 2026-12-21 on]"))
        // Once the two occurrences left are over, nothing waits for an answer.
        var later = home.cli
        later.now = { Date.utc("2026-12-15T00:00:00Z") }
        let listed = later.run(home.options + ["list"])
        #expect(!listed.out.contains("range-1") && !listed.out.contains("Weekly sync"), "\(listed.out)")
    }
}
