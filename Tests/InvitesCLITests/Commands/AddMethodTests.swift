import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit

/// METHOD:ADD (RFC 5546 §3.2.4) with the RFC's own example (§4.4.6) added to its own series
/// (§4.4.1): the instance filed on the series, pending when the series was answered, followed
/// into the calendar as an RDATE and an override with every other byte kept, answered per
/// occurrence; an ADD in another organizer's name refused; one for a series the inbox does
/// not hold filed on its own with a word on how to get the series.
@Suite struct AddMethodTests {
    static func fixture(_ name: String) -> String {
        CLIHarness.repositoryFile("Tests/InvitesCLITests/Fixtures/itip/\(name)")
    }

    static let own = "BEGIN:VEVENT\r\nUID:mine\r\nDTSTART:19970705T100000Z\r\nSUMMARY:Mine\r\nEND:VEVENT\r\n"

    func harness() -> (CLIHarness, [String], String) {
        let cli = CLIHarness()
        let calendar = cli.write(
            "calendar.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:test\r\n" + Self.own + "END:VCALENDAR\r\n")
        let options = ["--calendar", calendar, "--tz", "America/New_York", "--me", "b@example.com"]
        #expect(cli.run(options + ["ingest", SeriesTests.fixture("rfc5546-4.4.1-series.ics")]).status == 0)
        return (cli, options, calendar)
    }

    @Test("An ADD instance is pending and followed into the calendar")
    func anAddedInstanceIsPendingAndFollowedIntoTheCalendar() throws {
        let (cli, options, calendar) = harness()
        #expect(cli.run(options + ["accept", "123456789"]).status == 0)
        let before = try String(contentsOfFile: calendar, encoding: .utf8)
        let added = cli.run(options + ["ingest", Self.fixture("rfc5546-4.4.6-add.ics")])
        #expect(added.status == 0, "\(added.err)")
        #expect(added.out == "z9pr  updated    Review Accounts  Tue 1 Jul 1997 14:00-15:00 EDT, monthly on the 1st\n")
        #expect(
            added.err.contains(
                "z9pr: the organizer added the occurrence 1997-07-15T21:00:00Z: pending, since your answer to the "
                    + "series (accepted) was to the times you were shown"))
        #expect(added.err.contains("z9pr: updated in \(calendar)"))
        let after = try String(contentsOfFile: calendar, encoding: .utf8)
        let (others, components) = SeriesTests.split(after, uid: "123456789@example.com")
        #expect(others == SeriesTests.split(before, uid: "123456789@example.com").others, "the other bytes are kept")
        #expect(components.count == 2)
        let master = try #require(components.first { $0.recurrenceID == nil })
        #expect(master.has("RDATE:19970715T210000Z\r\n"))
        #expect(master.has("ATTENDEE;PARTSTAT=ACCEPTED:mailto:b@example.com"))
        let instance = try #require(components.first { $0.recurrenceID != nil })
        #expect(instance.has("RECURRENCE-ID:19970715T210000Z\r\n"))
        #expect(instance.has("SUMMARY:IETF Calendaring Working Group Meeting"))
        #expect(instance.has("ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:b@example.com"))
        #expect(cli.run(options + ["list", "--all"]).out.contains("[1 pending]"))
        // The same ADD again changes nothing.
        let again = cli.run(options + ["ingest", Self.fixture("rfc5546-4.4.6-add.ics")])
        #expect(again.out.contains("unchanged"), "\(again.out)")
        #expect(try String(contentsOfFile: calendar, encoding: .utf8) == after)
        // Answered as an occurrence: the REPLY names it by the RECURRENCE-ID its DTSTART gives.
        #expect(cli.run(options + ["accept", "123456789", "--occurrence", "1997-07-15 17:00"]).status == 0)
        let reply = cli.run(options + ["reply", "123456789"]).out
        #expect(reply.contains("RECURRENCE-ID:19970715T210000Z\r\nDTSTART:19970715T210000Z\r\nDTEND:19970715T220000Z"))
        #expect(reply.contains("SEQUENCE:4"))
        let final = try String(contentsOfFile: calendar, encoding: .utf8)
        #expect(final.contains("ATTENDEE;PARTSTAT=ACCEPTED:mailto:b@example.com\r\nATTENDEE;RSVP=TRUE:mailto:c@"))
        #expect(!final.contains("NEEDS-ACTION"))
    }

    /// Added to a series still pending, the instance follows the series: no answer of its own.
    @Test func addedToAPendingSeriesFollowsIt() {
        let (cli, options, _) = harness()
        let added = cli.run(options + ["ingest", Self.fixture("rfc5546-4.4.6-add.ics")])
        #expect(added.err == "invites: z9pr: the organizer added the occurrence 1997-07-15T21:00:00Z\n")
        #expect(!cli.run(options + ["list", "--all"]).out.contains("[1 pending]"))
    }

    @Test func anotherOrganizersAddIsRefused() throws {
        let (cli, options, calendar) = harness()
        #expect(cli.run(options + ["accept", "123456789"]).status == 0)
        let before = try String(contentsOfFile: calendar, encoding: .utf8)
        let refused = cli.run(options + ["ingest", Self.fixture("add-foreign-organizer.ics")])
        #expect(refused.status == 65)
        #expect(
            refused.err.hasSuffix(
                "add-foreign-organizer.ics: claims to add to \"Review Accounts\" of a@example.com, but its organizer "
                    + "is mallory@evil.example: not filed\n"))
        #expect(try String(contentsOfFile: calendar, encoding: .utf8) == before)
        #expect(!cli.run(options + ["list", "--all"]).out.contains("pending"))
    }

    /// An ADD for a series the inbox does not hold: filed alone, with how to ask for the series;
    /// the series the organizer then sends files over it and keeps the added instance.
    @Test func anAddForASeriesNotHeld() {
        let cli = CLIHarness()
        let options = ["--tz", "America/New_York", "--me", "b@example.com"]
        let added = cli.run(options + ["ingest", Self.fixture("rfc5546-4.4.6-add.ics")])
        #expect(added.status == 0)
        #expect(
            added.out == "znqv  new        IETF Calendaring Working Group Meeting  Tue 15 Jul 1997 17:00-18:00 EDT\n")
        #expect(
            added.err
                == "invites: znqv: added (METHOD:ADD) to a series the inbox does not hold; 'invites refresh znqv' "
                + "asks a@example.com for the whole series\n")
        #expect(cli.run(options + ["refresh", "znqv", "--no-send"]).status == 0)
        let series = cli.run(options + ["ingest", SeriesTests.fixture("rfc5546-4.4.1-series.ics")])
        #expect(series.out.hasPrefix("znqv  updated    Review Accounts"))
        #expect(cli.run(options + ["accept", "znqv", "--no-send"]).status == 0)
        let reply = cli.run(options + ["reply", "znqv"]).out
        #expect(reply.contains("RECURRENCE-ID:19970715T210000Z"), "the added instance is an occurrence of the series")
        #expect(reply.components(separatedBy: "BEGIN:VEVENT").count == 3, "the series and the added instance")
    }

    /// An ADD whose VEVENTs carry a rule (more occurrences than their own) has each one's own
    /// filed and says once that the rest is not taken in.
    @Test func anAddWithARuleSaysSoOnce() throws {
        let (cli, options, _) = harness()
        let raw = try String(contentsOfFile: Self.fixture("rfc5546-4.4.6-add.ics"), encoding: .utf8)
        let second = raw.replacingOccurrences(of: "19970715T2", with: "19970716T2")
        let events = [raw, second].map {
            ($0.components(separatedBy: "BEGIN:VEVENT").last?.components(separatedBy: "END:VEVENT").first ?? "")
                + "RRULE:FREQ=DAILY;COUNT=3\r\n"
        }
        let text =
            (raw.components(separatedBy: "BEGIN:VEVENT").first ?? "")
            + events.map { "BEGIN:VEVENT" + $0 + "END:VEVENT\r\n" }.joined() + "END:VCALENDAR\r\n"
        let added = cli.run(options + ["ingest", cli.write("ruled.ics", text)])
        #expect(added.status == 0, "\(added.err)")
        #expect(
            added.err.components(separatedBy: "names more occurrences by a rule or dates").count == 2, "\(added.err)")
        #expect(added.err.contains("the organizer added the occurrence 1997-07-16T21:00:00Z"))
    }
}
