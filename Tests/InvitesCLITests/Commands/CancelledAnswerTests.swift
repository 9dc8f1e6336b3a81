import Foundation
import InvitesTestSupport
import Testing

/// Answers to what the organizer called off: the meeting is off, so there is nothing to accept
/// and no reply to make (as sabre/vobject's broker makes none).
@Suite struct CancelledAnswerTests {
    let cli: CLIHarness
    let calendar: String

    init() {
        var cli = CLIHarness()
        cli.variables["INVITES_ME"] = "ann@example.org"
        self.cli = cli
        calendar = cli.write("calendar.ics", "")
    }

    /// The invitation as its organizer sends it with `method` at `sequence`.
    static func invitation(method: String, sequence: Int) -> String {
        """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Example Calendar//EN\r
        METHOD:\(method)\r
        BEGIN:VEVENT\r
        UID:offsite@example.org\r
        SEQUENCE:\(sequence)\r
        DTSTAMP:20270601T080000Z\r
        DTSTART:20270614T100000Z\r
        DTEND:20270614T110000Z\r
        SUMMARY:Offsite\r
        \(method == "CANCEL" ? "STATUS:CANCELLED\r\n" : "")ORGANIZER;CN=Olga:mailto:olga@example.org\r
        ATTENDEE;CN=Ann;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:ann@example.org\r
        END:VEVENT\r
        END:VCALENDAR\r

        """
    }

    func run(_ arguments: [String]) -> CLIHarness.Result {
        cli.run(["--calendar", calendar] + arguments)
    }

    /// Ingests the invitation and then its cancellation; returns the handle.
    func cancelled() throws -> String {
        let request = cli.write("request.ics", Self.invitation(method: "REQUEST", sequence: 0))
        let handle = run(["ingest", request, "--print", "handle"]).out.trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(!handle.isEmpty)
        let cancel = cli.write("cancel.ics", Self.invitation(method: "CANCEL", sequence: 1))
        try #require(run(["ingest", cancel]).status == 0)
        return handle
    }

    /// Accepting a cancelled invitation is refused: nothing recorded, nothing written to the
    /// calendar (it once wrote a CANCELLED event at ACCEPTED and exited 0).
    @Test(arguments: ["accept", "tentative"])
    func acceptingACancelledInvitationIsRefused(command: String) throws {
        let handle = try cancelled()
        let result = run([command, handle])
        #expect(result.status == 1)
        #expect(result.out.isEmpty)
        #expect(result.err.contains("\(handle) was cancelled by the organizer: it cannot be"), "\(result.err)")
        #expect(try String(contentsOfFile: calendar, encoding: .utf8).isEmpty)
        #expect(run(["history", handle]).out == "No answers yet.\n")
        #expect(run(["outbox", "--all"]).out.contains("Offsite") == false)
    }

    /// Declining it is recorded and queues nothing; `reply` and `reply --mime` refuse, since
    /// there is no meeting to answer for.
    @Test func replyToACancelledInvitationIsRefused() throws {
        let handle = try cancelled()
        let declined = run(["decline", handle])
        #expect(declined.status == 0, "\(declined.err)")
        #expect(run(["outbox", "--all"]).out.contains("Offsite") == false)
        for mime in [[], ["--mime"]] {
            let reply = run(["reply", handle] + mime)
            #expect(reply.status == 1)
            #expect(reply.out.isEmpty, "\(mime)")
            #expect(
                reply.err
                    == "invites: error: \(handle) was cancelled by the organizer: the meeting is off, and it takes no reply\n"
            )
        }
    }
}

/// `accept --no-add` keeps the answer out of the calendar, so it needs no calendar at all.
@Suite struct NoAddTests {
    @Test func acceptNoAddNeedsNoCalendarFile() throws {
        var cli = CLIHarness()
        cli.variables["INVITES_ME"] = "ann@example.org"
        let missing = cli.home + "/not-yet/calendar.ics"
        let request = cli.write("request.ics", CancelledAnswerTests.invitation(method: "REQUEST", sequence: 0))
        let handle = cli.run(["ingest", request, "--print", "handle"]).out
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let result = cli.run(["--calendar", missing, "accept", handle, "--no-add"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out == "\(handle): accepted \"Offsite\"\n")
        #expect(!FileManager.default.fileExists(atPath: missing))
        #expect(cli.run(["--calendar", missing, "accept", handle]).status == 66, "adding still needs the calendar")
    }
}
