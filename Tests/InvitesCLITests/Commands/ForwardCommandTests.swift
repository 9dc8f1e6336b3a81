import CLibical
import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesFormats
@testable import InvitesKit

/// `invites forward`: the RFC's series (§4.4.1) forwarded to someone not invited (§3.2.2.6): the
/// organizer's REQUEST to them unchanged but for their ATTENDEE, a REPLY telling the organizer
/// who was added, both in the outbox under one history entry; refused where Outlook's
/// organizer forbade forwarding.
@Suite struct ForwardCommandTests {
    let options = ["--tz", "America/New_York", "--me", "b@example.com"]

    func harness(_ fixture: String = SeriesTests.fixture("rfc5546-4.4.1-series.ics")) -> CLIHarness {
        let cli = CLIHarness()
        #expect(cli.run(options + ["ingest", fixture]).status == 0)
        return cli
    }

    /// The calendar part of the queued message with this subject, parsed.
    func calendar(_ cli: CLIHarness, subject: String) throws -> ICalComponent {
        let store = try InboxStore(home: cli.home)
        let message = try #require(try store.outbox().first { $0.subject == subject })
        let text = String(decoding: message.body, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        let part = try #require(text.components(separatedBy: "BEGIN:VCALENDAR").last)
        let body = "BEGIN:VCALENDAR" + (part.components(separatedBy: "END:VCALENDAR").first ?? "") + "END:VCALENDAR\n"
        let decoded = body.replacingOccurrences(of: "=\n", with: "").replacingOccurrences(of: "=3D", with: "=")
        let parsed = try #require(ICalComponent.parse(decoded))
        return try #require(parsed.selfOrChildren(ICAL_VCALENDAR_COMPONENT).first)
    }

    func attendees(_ event: ICalComponent) -> [String] {
        event.properties(ICAL_ATTENDEE_PROPERTY).compactMap(\.value).map { $0.lowercased() }
    }

    @Test func theRequestAndTheWordToTheOrganizer() throws {
        let cli = harness()
        #expect(cli.run(options + ["accept", "123456789", "--no-add"]).status == 0)
        let forwarded = cli.run(options + ["forward", "123456789", "e@example.com", "--comment", "Erin knows"])
        #expect(forwarded.status == 0, "\(forwarded.err)")
        #expect(forwarded.out == "z9pr: forwarded \"Review Accounts\" to e@example.com; the organizer is told\n")
        let request = try calendar(cli, subject: "Fwd: Invitation: Review Accounts")
        #expect(request.text(ICAL_METHOD_PROPERTY) == "REQUEST")
        let event = try #require(request.children(ICAL_VEVENT_COMPONENT).first)
        #expect(
            attendees(event) == [
                "mailto:a@example.com", "mailto:b@example.com", "mailto:c@example.com", "mailto:e@example.com",
            ])
        // The organizer's own: their DTSTAMP and COMMENT, no answer of yours.
        #expect(
            event.firstProperty(ICAL_DTSTAMP_PROPERTY).map { String(cString: icalproperty_as_ical_string($0.raw)) }?
                .contains("19970611T190000Z") == true)
        #expect(event.text(ICAL_COMMENT_PROPERTY) == "Depending on the IDEAL discussion, this may be moved.")
        #expect(event.properties(ICAL_ATTENDEE_PROPERTY).contains { $0.parameter(ICAL_PARTSTAT_PARAMETER) == nil })
        let notice = try calendar(cli, subject: "Forwarded: Review Accounts")
        #expect(notice.text(ICAL_METHOD_PROPERTY) == "REPLY")
        let told = try #require(notice.children(ICAL_VEVENT_COMPONENT).first)
        #expect(attendees(told) == ["mailto:b@example.com", "mailto:e@example.com"])
        #expect(
            told.properties(ICAL_ATTENDEE_PROPERTY).map { $0.parameter(ICAL_PARTSTAT_PARAMETER) } == [
                "ACCEPTED", "NEEDS-ACTION",
            ])
        #expect(told.text(ICAL_COMMENT_PROPERTY) == "Erin knows")
        let history = cli.run(options + ["history", "123456789"]).out
        #expect(
            history.contains(
                "forwarded  Review Accounts  (Tue 1 Jul 1997 14:00-15:00 EDT)  \"Erin knows\"  [forward queued]"))
        // Your reply is not taken along nor superseded: three messages wait.
        let outbox = cli.run(options + ["outbox"]).out
        #expect(outbox.components(separatedBy: "queued").count == 4, "\(outbox)")
        #expect(outbox.contains("Fwd: Invitation: Review Accounts  to e@example.com"))
    }

    @Test func refusals() {
        let cli = harness(CLIHarness.repositoryFile("Tests/InvitesCLITests/Fixtures/itip/donotforward.ics"))
        let forbidden = cli.run(options + ["forward", "123456789", "e@example.com"])
        #expect(forbidden.status == 1)
        #expect(
            forbidden.err
                == "invites: error: z9pr: the organizer does not allow this meeting to be forwarded "
                + "(X-MICROSOFT-DONOTFORWARDMEETING:TRUE); ask them to invite whom you would bring\n")
        #expect(cli.run(options + ["outbox", "--all"]).out.hasPrefix("The outbox is empty."))
        let other = harness()
        #expect(other.run(options + ["forward", "123456789", "c@example.com"]).status == 1)
        #expect(other.run(options + ["forward", "123456789", "not an address"]).status == 1)
        #expect(other.run(options + ["forward", "123456789"]).status == 2)
    }
}
