import CLibical
import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesFormats
@testable import InvitesKit

/// `invites refresh`: the REFRESH of RFC 5546 §3.2.6 for the RFC's own series (§4.4.1), through
/// the outbox, with only the properties the RFC's table allows, and the history saying so.
@Suite struct RefreshCommandTests {
    let options = ["--tz", "America/New_York", "--me", "b@example.com"]

    func harness() -> CLIHarness {
        let cli = CLIHarness()
        let ingested = cli.run(options + ["ingest", SeriesTests.fixture("rfc5546-4.4.1-series.ics")])
        #expect(ingested.status == 0, "\(ingested.err)")
        return cli
    }

    /// The newest queued message's calendar part, unfolded and without its mail around it.
    static func calendarPart(_ cli: CLIHarness) throws -> (message: String, calendar: ICalComponent) {
        let store = try InboxStore(home: cli.home)
        let message = try #require(try store.outbox().last)
        let text = String(decoding: message.body, as: UTF8.self)
        let part = try #require(text.components(separatedBy: "BEGIN:VCALENDAR").last)
        let body = "BEGIN:VCALENDAR" + (part.components(separatedBy: "END:VCALENDAR").first ?? "") + "END:VCALENDAR\r\n"
        let decoded = body.replacingOccurrences(of: "=\r\n", with: "").replacingOccurrences(of: "=3D", with: "=")
        let parsed = try #require(ICalComponent.parse(decoded))
        return (text, try #require(parsed.selfOrChildren(ICAL_VCALENDAR_COMPONENT).first))
    }

    /// The names of the properties of the REFRESH's one VEVENT, sorted.
    static func names(_ event: ICalComponent) -> [String] {
        event.properties(ICAL_ANY_PROPERTY).compactMap {
            icalproperty_kind_to_string($0.kind).map { String(cString: $0) }
        }
        .sorted()
    }

    @Test func theWholeSeries() throws {
        let cli = harness()
        let asked = cli.run(options + ["refresh", "123456789", "--comment", "I lost it"])
        #expect(asked.status == 0, "\(asked.err)")
        #expect(asked.out == "z9pr: asked a@example.com for the current invitation \"Review Accounts\"\n")
        #expect(asked.err == "invites: z9pr: the request is queued; 'invites send' sends it\n")
        let (message, calendar) = try Self.calendarPart(cli)
        #expect(message.contains("Content-Type: text/calendar; method=REFRESH; charset=UTF-8"))
        #expect(message.contains("Subject: Please send the current invitation: Review Accounts"))
        #expect(calendar.text(ICAL_METHOD_PROPERTY) == "REFRESH")
        let events = calendar.children(ICAL_VEVENT_COMPONENT)
        #expect(events.count == 1)
        let event = try #require(events.first)
        #expect(Self.names(event) == ["ATTENDEE", "COMMENT", "DTSTAMP", "ORGANIZER", "UID"])
        #expect(event.text(ICAL_UID_PROPERTY) == "123456789@example.com")
        #expect(event.firstProperty(ICAL_ATTENDEE_PROPERTY)?.value == "mailto:b@example.com")
        #expect(event.firstProperty(ICAL_ORGANIZER_PROPERTY)?.value == "mailto:a@example.com")
        #expect(event.text(ICAL_COMMENT_PROPERTY) == "I lost it")
        #expect(calendar.children(ICAL_VTIMEZONE_COMPONENT).isEmpty, "no time names a zone")
        let history = cli.run(options + ["history", "123456789"]).out
        #expect(
            history.contains(
                "refreshed  Review Accounts  (Tue 1 Jul 1997 14:00-15:00 EDT)  \"I lost it\"  [request queued]"))
        // Asking answers nothing: the invitation stays pending, and no REPLY was made.
        #expect(cli.run(options + ["list"]).out.contains("pending"))
        #expect(cli.run(options + ["reply", "123456789"]).status == 1)
    }

    /// One occurrence: its RECURRENCE-ID (in the series' zone, whose VTIMEZONE goes along); a
    /// second request for it takes the place of the first, unsent, and the history says so.
    @Test func oneOccurrence() throws {
        let cli = harness()
        for _ in 0..<2 {
            let asked = cli.run(options + ["refresh", "123456789", "--occurrence", "1997-09-01 14:00"])
            #expect(asked.status == 0, "\(asked.err)")
            #expect(asked.out.hasSuffix("(the occurrence 1997-09-01T18:00:00Z)\n"))
        }
        let (_, calendar) = try Self.calendarPart(cli)
        let event = try #require(calendar.children(ICAL_VEVENT_COMPONENT).first)
        #expect(Self.names(event) == ["ATTENDEE", "DTSTAMP", "ORGANIZER", "RECURRENCE-ID", "UID"])
        #expect(calendar.children(ICAL_VTIMEZONE_COMPONENT).count == 1)
        let waiting = cli.run(options + ["--json", "outbox"]).out
        #expect(waiting.components(separatedBy: "\"state\":\"queued\"").count == 2, "one request waits")
        let history = cli.run(options + ["history"]).out
        #expect(history.contains("[request superseded by the request for the current invitation of"))
    }

    @Test func refusals() {
        let cli = harness()
        #expect(cli.run(options + ["refresh", "123456789", "--send", "--no-send"]).status == 2)
        #expect(cli.run(options + ["refresh", "123456789", "--occurrence", "1997-07-02 14:00"]).status == 2)
        let push = cli.write(
            "push.json", #"{"title":"Lunch","start":"2099-07-01T10:00:00Z","end":"2099-07-01T11:00:00Z","id":7}"#)
        #expect(cli.run(options + ["ingest", push]).status == 0)
        let refused = cli.run(options + ["refresh", "7"])
        #expect(refused.status == 1)
        #expect(refused.err.contains("came as a push payload"))
    }
}
