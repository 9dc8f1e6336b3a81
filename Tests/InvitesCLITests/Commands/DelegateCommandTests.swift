import CLibical
import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit

/// `invites delegate`, as RFC 5546 §4.2.5 delegates: the organizer's REPLY with your ATTENDEE
/// DELEGATED-TO the delegate and theirs DELEGATED-FROM you, the REQUEST to the delegate with
/// both, your own answer a decline that leaves the calendar, for the series or one occurrence.
@Suite struct DelegateCommandTests {
    let options = ["--tz", "America/New_York", "--me", "b@example.com"]

    func harness() -> (CLIHarness, [String]) {
        let cli = CLIHarness()
        let calendar = cli.write("calendar.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:test\r\nEND:VCALENDAR\r\n")
        let options = self.options + ["--calendar", calendar]
        #expect(cli.run(options + ["ingest", SeriesTests.fixture("rfc5546-4.4.1-series.ics")]).status == 0)
        return (cli, options)
    }

    /// The ATTENDEE lines of the first VEVENT of the queued message with this subject, unfolded.
    func attendees(_ cli: CLIHarness, subject: String) throws -> [String] {
        let store = try InboxStore(home: cli.home)
        let message = try #require(try store.outbox().first { $0.subject == subject })
        let text = String(decoding: message.body, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
            .replacingOccurrences(of: "=\n", with: "").replacingOccurrences(of: "=3D", with: "=")
            .replacingOccurrences(of: "\n ", with: "")
        let event = try #require(text.components(separatedBy: "BEGIN:VEVENT").dropFirst().first)
        return event.components(separatedBy: "\n").filter { $0.hasPrefix("ATTENDEE") }
    }

    @Test func theWholeSeries() throws {
        let (cli, options) = harness()
        #expect(cli.run(options + ["accept", "123456789"]).status == 0)
        let delegated = cli.run(options + ["delegate", "123456789", "e@example.com", "--comment", "Erin goes"])
        #expect(delegated.status == 0, "\(delegated.err)")
        #expect(delegated.out.hasPrefix("z9pr: delegated \"Review Accounts\" to e@example.com; the organizer is told"))
        #expect(
            try attendees(cli, subject: "Delegated: Review Accounts") == [
                "ATTENDEE;PARTSTAT=DELEGATED;DELEGATED-TO=\"mailto:e@example.com\":mailto:b@example.com",
                "ATTENDEE;PARTSTAT=NEEDS-ACTION;DELEGATED-FROM=\"mailto:b@example.com\":mailto:e@example.com",
            ])
        let request = try attendees(cli, subject: "Fwd: Invitation: Review Accounts")
        #expect(
            request.contains("ATTENDEE;PARTSTAT=DELEGATED;DELEGATED-TO=\"mailto:e@example.com\":mailto:b@example.com"))
        #expect(
            request.contains(
                "ATTENDEE;PARTSTAT=NEEDS-ACTION;RSVP=TRUE;DELEGATED-FROM=\"mailto:b@example.com\":mailto:e@example.com")
        )
        // You do not go: declined in the inbox, out of your calendar, with no DECLINED sent.
        #expect(cli.run(options + ["list", "--all"]).out.contains("declined"))
        let calendar = try String(contentsOfFile: cli.home + "/calendar.ics", encoding: .utf8)
        #expect(!calendar.contains("123456789@example.com"))
        let history = cli.run(options + ["history", "123456789"]).out
        #expect(
            history.contains(
                "delegated  Review Accounts  (Tue 1 Jul 1997 14:00-15:00 EDT)  \"Erin goes\"  [delegation queued]"))
        let subjects = try InboxStore(home: cli.home).outbox().map(\.subject)
        #expect(!subjects.contains("Declined: Review Accounts"), "\(subjects)")
    }

    @Test func oneOccurrence() throws {
        let (cli, options) = harness()
        let delegated = cli.run(
            options + ["delegate", "123456789", "e@example.com", "--occurrence", "1997-09-01 14:00", "--no-send"])
        #expect(delegated.status == 0, "\(delegated.err)")
        #expect(delegated.out.contains("(occurrence 1997-09-01 14:00) to e@example.com"))
        let store = try InboxStore(home: cli.home)
        let body = String(decoding: try #require(try store.outbox().last).body, as: UTF8.self)
        #expect(
            body.replacingOccurrences(of: "=3D", with: "=").contains(
                "RECURRENCE-ID;TZID=America/New_York:19970901T140000"))
        #expect(
            cli.run(options + ["history"]).out.contains("delegated  Review Accounts  (Mon 1 Sep 1997 14:00-15:00 EDT)"))
    }

    /// The VEVENTs of `invites reply`, unfolded, each as its lines.
    func replied(_ cli: CLIHarness, _ options: [String]) -> [[String]] {
        let text = cli.run(options + ["reply", "123456789"]).out.replacingOccurrences(of: "\r\n ", with: "")
            .replacingOccurrences(of: "\r\n", with: "\n")
        return text.components(separatedBy: "BEGIN:VEVENT").dropFirst().map { $0.components(separatedBy: "\n") }
    }

    /// A later answer reports a delegated occurrence as DELEGATED to the same delegate, never
    /// as the decline recorded beside it; `list` and `show` say delegated.
    @Test func laterRepliesKeepTheDelegation() throws {
        let (cli, options) = harness()
        let delegated = cli.run(
            options + ["delegate", "123456789", "e@example.com", "--occurrence", "1997-09-01 14:00", "--no-send"])
        #expect(delegated.status == 0, "\(delegated.err)")
        #expect(
            cli.run(options + ["accept", "123456789", "--occurrence", "1997-08-01 14:00", "--no-send"]).status == 0)
        let events = replied(cli, options)
        let occurrence = try #require(events.first { $0.contains { $0.contains("19970901T140000") } })
        #expect(
            occurrence.contains(
                "ATTENDEE;PARTSTAT=DELEGATED;DELEGATED-TO=\"mailto:e@example.com\":mailto:b@example.com"),
            "\(occurrence)")
        #expect(!occurrence.contains { $0.contains("DECLINED") })
        let accepted = try #require(events.first { $0.contains { $0.contains("19970801T140000") } })
        #expect(accepted.contains { $0.hasPrefix("ATTENDEE;PARTSTAT=ACCEPTED") })
        let shown = cli.run(options + ["show", "123456789"]).out
        #expect(shown.contains("\n  delegated  the occurrence Mon 1 Sep 1997 14:00 to e@example.com\n"), "\(shown)")
    }

    @Test func aDelegatedSeriesStaysDelegated() throws {
        let (cli, options) = harness()
        #expect(cli.run(options + ["delegate", "123456789", "e@example.com", "--no-send"]).status == 0)
        #expect(
            cli.run(options + ["accept", "123456789", "--occurrence", "1997-09-01 14:00", "--no-send"]).status == 0)
        let events = replied(cli, options)
        let series = try #require(events.first { !$0.contains { $0.hasPrefix("RECURRENCE-ID") } })
        #expect(
            series.contains("ATTENDEE;PARTSTAT=DELEGATED;DELEGATED-TO=\"mailto:e@example.com\":mailto:b@example.com"),
            "\(series)")
        #expect(cli.run(options + ["list", "--all"]).out.contains("delegated to e@example.com"))
    }

    @Test func mistakes() {
        let (cli, options) = harness()
        #expect(cli.run(options + ["delegate", "123456789"]).status == 2)
        #expect(cli.run(options + ["delegate", "123456789", "c@example.com"]).status == 1)
        #expect(
            cli.run(options + ["delegate", "123456789", "e@example.com", "--occurrence", "1997-07-02 14:00"]).status
                == 2)
        #expect(cli.run(options + ["outbox", "--all"]).out.hasPrefix("The outbox is empty."))
        #expect(
            cli.run(options + ["list"]).out.contains("pending")
                || cli.run(options + ["list", "--all"]).out.contains("pending"))
    }

    /// An invitation delegated to you (RFC 5546 §4.2.5's REQUEST, as E gets it) says by whom, and
    /// your answer carries DELEGATED-FROM as §4.2.6's does.
    @Test func delegatedToYou() throws {
        let cli = CLIHarness()
        let options = ["--tz", "UTC", "--me", "e@example.com"]
        let fixture = CLIHarness.repositoryFile(
            "Tests/InvitesCLITests/Fixtures/itip/rfc5546-4.2.5-delegated-request.ics")
        #expect(cli.run(options + ["ingest", fixture]).status == 0)
        let shown = cli.run(options + ["show", "calsrv"]).out
        #expect(shown.contains("\n  organizer  a@example.com\n  delegated  to you by c@example.com\n"), "\(shown)")
        #expect(cli.run(options + ["--json", "show", "calsrv"]).out.contains("\"delegatedBy\":\"c@example.com\""))
        #expect(
            cli.run(options + ["list", "--all"]).out.hasSuffix("(a@example.com)  [delegated to you by c@example.com]\n")
        )
        #expect(!cli.run(["--tz", "UTC", "--me", "b@example.com", "show", "calsrv"]).out.contains("delegated  to you"))
        #expect(cli.run(options + ["accept", "calsrv", "--no-add"]).status == 0)
        let reply = cli.run(options + ["reply", "calsrv"]).out.replacingOccurrences(of: "\r\n ", with: "")
        #expect(
            reply.contains("ATTENDEE;PARTSTAT=ACCEPTED;DELEGATED-FROM=\"mailto:c@example.com\":mailto:e@example.com"))
    }
}
