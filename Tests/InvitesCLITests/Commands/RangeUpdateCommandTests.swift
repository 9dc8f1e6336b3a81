import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit

/// An organizer's update with `RECURRENCE-ID;RANGE=THISANDFUTURE` (RFC 5545 §3.8.4.4): a weekly
/// series at 10:00, six times from 7 December, whose third occurrence and every later one move
/// to 11:00, or only change their title; a stale copy and a stranger's change nothing.
@Suite struct RangeUpdateCommandTests {
    let home = SeriesHome(ingesting: "Tests/InvitesCLITests/Fixtures/range/weekly.ics")

    static func fixture(_ name: String) -> String {
        CLIHarness.repositoryFile("Tests/InvitesCLITests/Fixtures/range/" + name)
    }

    @Test func aMoveFromTheThirdOnMovesEveryLaterOccurrence() throws {
        #expect(home.run(["accept", "range-1", "--no-send"]).status == 0)
        let update = home.run(["ingest", Self.fixture("moved-from-third.ics")])
        #expect(update.status == 0, "\(update.err)")
        #expect(
            update.err.contains(
                "the occurrences from 2026-12-21T10:00:00Z on moved: your answer (accepted) is back to pending"),
            "\(update.err)")
        #expect(
            home.occurrences() == [
                "Mon 7 Dec 2026 10:00-11:00 UTC  accepted",
                "Mon 14 Dec 2026 10:00-11:00 UTC  accepted",
                "Mon 21 Dec 2026 11:00-12:00 UTC  moved from 10:00, pending",
                "Mon 28 Dec 2026 11:00-12:00 UTC  moved from 10:00, pending",
                "Mon 4 Jan 2027 11:00-12:00 UTC  moved from 10:00, pending",
                "Mon 11 Jan 2027 11:00-12:00 UTC  moved from 10:00, pending",
            ])
        let listed = home.run(["list"]).out
        #expect(listed.contains("[1 moved with all later, 1 pending with all later]"), "\(listed)")
        // Your calendar: the override with its RANGE as the organizer sent it, NEEDS-ACTION.
        let events = try home.written()
        #expect(events.count == 2, "\(events)")
        let range = try #require(events.first { $0.contains("RECURRENCE-ID;RANGE=THISANDFUTURE:20261221T100000Z") })
        #expect(range.contains("DTSTART:20261221T110000Z"))
        #expect(range.contains("ATTENDEE;CN=Me;PARTSTAT=NEEDS-ACTION:mailto:me@example.org"), "\(range)")
        // Accepting again answers the range: the REPLY carries it with its RANGE.
        #expect(home.run(["accept", "range-1", "--no-send"]).status == 0)
        let reply = home.run(["reply", "range-1"]).out.replacingOccurrences(of: "\r\n ", with: "")
        let vevents = reply.components(separatedBy: "BEGIN:VEVENT").dropFirst()
        #expect(vevents.count == 2, "\(reply)")
        #expect(reply.contains("RECURRENCE-ID;RANGE=THISANDFUTURE:20261221T100000Z"), "\(reply)")
        #expect(vevents.allSatisfy { $0.contains("PARTSTAT=ACCEPTED:mailto:me@example.org") }, "\(reply)")
        #expect(home.occurrences().allSatisfy { $0.hasSuffix("accepted") }, "\(home.occurrences())")
    }

    @Test func theNextOccurrenceListedIsWhereTheRangePutIt() {
        #expect(home.run(["ingest", Self.fixture("moved-from-third.ics")]).status == 0)
        var later = home.cli
        later.now = { Date.utc("2026-12-22T00:00:00Z") }
        let listed = later.run(home.options + ["list"]).out
        #expect(listed.contains("next Mon 28 Dec 2026 11:00-12:00 UTC"), "\(listed)")
    }

    @Test func anAnswerGivenApartLaterIsMadeFromTheRange() throws {
        #expect(home.run(["accept", "range-1", "--no-send"]).status == 0)
        #expect(home.run(["tentative", "range-1", "--occurrence", "2027-01-04", "--no-send"]).status == 0)
        let update = home.run(["ingest", Self.fixture("moved-from-third.ics")])
        #expect(update.err.contains("1 later answer given apart is back to pending"), "\(update.err)")
        #expect(home.occurrences()[4] == "Mon 4 Jan 2027 11:00-12:00 UTC  moved from 10:00, pending")
        let own = try #require(try home.written().first { $0.contains("RECURRENCE-ID:20270104T100000Z") })
        #expect(own.contains("DTSTART:20270104T110000Z") && own.contains("DTEND:20270104T120000Z"), "\(own)")
        #expect(own.contains("ATTENDEE;CN=Me;PARTSTAT=NEEDS-ACTION:mailto:me@example.org"), "\(own)")
    }

    @Test func aNewTitleFromTheThirdOnKeepsTheAnswers() throws {
        #expect(home.run(["accept", "range-1", "--no-send"]).status == 0)
        let update = home.run(["ingest", Self.fixture("retitled-from-third.ics")])
        #expect(update.err.contains("the organizer changed the occurrences from 2026-12-21T10:00:00Z on"))
        #expect(home.occurrences().allSatisfy { $0.hasSuffix("10:00-11:00 UTC  accepted") }, "\(home.occurrences())")
        let listed = home.run(["list", "--all"]).out
        #expect(listed.contains("[1 changed with all later]"), "\(listed)")
        let range = try #require(try home.written().first { $0.contains("SUMMARY:Weekly sync (room 4)") })
        #expect(range.contains("ATTENDEE;CN=Me;PARTSTAT=ACCEPTED:mailto:me@example.org"), "\(range)")
        #expect(range.contains("RECURRENCE-ID;RANGE=THISANDFUTURE:20261221T100000Z"))
    }

    /// A stale range changes nothing, whether it moves or cancels.
    @Test(arguments: [("stale-from-third.ics", 0), ("stale-cancel-from-third.ics", 1)])
    func aStaleRangeChangesNothing(fixture: String, sequence: Int) {
        #expect(home.run(["ingest", Self.fixture("moved-from-third.ics")]).status == 0)
        let before = home.occurrences()
        let stale = home.run(["ingest", Self.fixture(fixture)])
        #expect(stale.status == 0)
        #expect(stale.out.contains("unchanged"), "\(stale.out)")
        #expect(
            stale.err.contains("stale copy of the occurrence 2026-12-21T10:00:00Z (SEQUENCE \(sequence))"),
            "\(stale.err)")
        #expect(home.occurrences() == before)
    }

    /// A stranger's range changes nothing, whether it moves or cancels.
    @Test(arguments: ["stranger-from-third.ics", "stranger-cancel-from-third.ics"])
    func aStrangersRangeChangesNothing(fixture: String) {
        #expect(home.run(["accept", "range-1", "--no-send"]).status == 0)
        let before = home.occurrences()
        let calendarBefore = try? Data(contentsOf: URL(fileURLWithPath: home.calendar))
        let stranger = home.run(["ingest", Self.fixture(fixture)])
        #expect(stranger.status == 65)
        #expect(stranger.err.contains("its organizer is mallory@evil.example: not filed"), "\(stranger.err)")
        #expect(home.occurrences() == before)
        #expect((try? Data(contentsOf: URL(fileURLWithPath: home.calendar))) == calendarBefore)
    }

    @Test func aCommentFromAnOccurrenceOn() {
        let commented = home.run(["comment", "range-1", "In room 4 from then on", "--from", "2026-12-28", "--no-send"])
        #expect(commented.status == 0, "\(commented.err)")
        #expect(commented.out.contains("(from 2026-12-28 on: 3 occurrences)"), "\(commented.out)")
        let history = home.run(["history", "range-1"]).out
        #expect(history.components(separatedBy: "commented").count - 1 == 3, "\(history)")
    }
}
