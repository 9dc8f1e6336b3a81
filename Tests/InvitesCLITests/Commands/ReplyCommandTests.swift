import Foundation
import InvitesTestSupport
import Testing

/// `reply` and the messages answers queue: what the organizer's software and mail reader get.
@Suite struct ReplyCommandTests {
    let cli: CLIHarness

    init() {
        var cli = CLIHarness()
        cli.variables["INVITES_ME"] = "ann@example.org"
        self.cli = cli
    }

    /// An invitation whose VEVENT carries `lines` after its DTSTART.
    func invitation(_ lines: [String], attendee: String = "ATTENDEE;CN=Ann;RSVP=TRUE:mailto:ann@example.org")
        -> String
    {
        let event =
            [
                "UID:retro@example.org", "SEQUENCE:0", "DTSTAMP:20270601T080000Z", "DTSTART:20270614T100000Z",
            ] + lines + ["ORGANIZER;CN=Olga:mailto:olga@example.org", attendee]
        let text =
            ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Example//EN", "METHOD:REQUEST", "BEGIN:VEVENT"] + event
            + ["END:VEVENT", "END:VCALENDAR", ""]
        return text.joined(separator: "\r\n")
    }

    /// Ingests `text` and returns its handle.
    func ingest(_ text: String) throws -> String {
        let handle = cli.run(["ingest", cli.write("invite.ics", text), "--print", "handle"]).out
            .trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(!handle.isEmpty)
        return handle
    }

    /// RFC 5545 forbids DTEND and DURATION together; an organizer that sent both gets DTEND back.
    @Test func aReplyCarriesDTENDOrDURATIONNeverBoth() throws {
        let handle = try ingest(invitation(["DTEND:20270614T110000Z", "DURATION:PT1H", "SUMMARY:Retro"]))
        #expect(cli.run(["accept", handle, "--no-add"]).status == 0)
        let reply = cli.run(["reply", handle]).out
        #expect(reply.contains("DTEND:20270614T110000Z\r\n"), "\(reply)")
        #expect(!reply.contains("DURATION"))
        let alone = try ingest(
            invitation(["DURATION:PT1H", "SUMMARY:Retro"]).replacingOccurrences(
                of: "retro@", with: "standup@"))
        #expect(cli.run(["accept", alone, "--no-add"]).status == 0)
        #expect(cli.run(["reply", alone]).out.contains("DURATION:PT1H\r\n"), "DURATION alone is kept")
    }
}

/// The reply mail is read in terminals too: the sender's controls in its Subject and text part
/// are made visible as on the terminal, not passed through.
@Suite struct ReplyMailTextTests {
    @Test("Controls and bidi in the title are made visible in the mail")
    func controlsAndBidiInTheTitleAreMadeVisibleInTheMail() throws {
        var cli = CLIHarness()
        cli.variables["INVITES_ME"] = "ann@example.org"
        let title = "Pay \u{1B}[31mnow\u{07} \u{9B}2J \u{202E}evil"
        let text = ReplyCommandTests().invitation(["DTEND:20270614T110000Z", "SUMMARY:\(title)"])
        let handle = cli.run(["ingest", cli.write("e.ics", text), "--print", "handle"]).out
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(cli.run(["accept", handle, "--no-add", "--comment", "fine"]).status == 0)
        let mail = cli.run(["reply", handle, "--mime"]).out
        // Unfolded headers, and the quoted-printable text without its soft line breaks.
        let flat = mail.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "=\n", with: "")
            .replacingOccurrences(of: "\n ", with: " ")
        let visible = "Pay ^[[31mnow^G <U+009B>2J <U+202E>evil"
        #expect(flat.contains("Subject: Accepted: \(visible)\n"), "\(flat)")
        let plain = try #require(flat.components(separatedBy: "Content-Type: text/plain").last)
        let body = try #require(plain.components(separatedBy: "--=-").first)
        #expect(body.contains("Accepted: \(visible)\n\nfine"), "\(body)")
        #expect(
            !body.contains("=1B") && !body.contains("=07") && !body.contains("=C2=9B") && !body.contains("=E2=80=AE"))
    }
}

/// Whether an answer owes the organizer a reply: RSVP=FALSE asks for none (RFC 5546), and an
/// address the invitation does not list is one the organizer did not invite.
@Suite struct ReplyExpectedTests {
    let cli: CLIHarness
    let calendar: String

    init() {
        var cli = CLIHarness()
        cli.variables["INVITES_ME"] = "ann@example.org"
        self.cli = cli
        calendar = cli.write("calendar.ics", "")
    }

    func ingest(attendee: String) throws -> String {
        let text = ReplyCommandTests().invitation(["DTEND:20270614T110000Z", "SUMMARY:All hands"], attendee: attendee)
        let handle = cli.run(["ingest", cli.write("invite.ics", text), "--print", "handle"]).out
            .trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(!handle.isEmpty)
        return handle
    }

    func queued() -> String { cli.run(["outbox"]).out }

    @Test func rsvpFalseQueuesNoReplyAndSaysSo() throws {
        let handle = try ingest(attendee: "ATTENDEE;CN=Ann;RSVP=FALSE:mailto:ann@example.org")
        let accepted = cli.run(["--calendar", calendar, "accept", handle])
        #expect(accepted.status == 0)
        #expect(
            accepted.err
                == "invites: warning: \(handle): the organizer asks for no reply (RSVP=FALSE), so none is queued; "
                + "--send sends one all the same\n")
        #expect(queued() == "Nothing waits to be sent.\n")
        #expect(!cli.run(["history", handle]).out.contains("[reply"))
        // --send asks for one: it is queued (and the sendmail that is not there leaves it so).
        _ = cli.run(["--calendar", calendar, "decline", handle, "--send"])
        #expect(queued().contains("Declined: All hands"))
    }

    @Test func rsvpLeftOutStillQueuesAReply() throws {
        let handle = try ingest(attendee: "ATTENDEE;CN=Ann:mailto:ann@example.org")
        let accepted = cli.run(["--calendar", calendar, "accept", handle])
        #expect(accepted.err == "invites: \(handle): the reply is queued; 'invites send' sends it\n")
        #expect(queued().contains("Accepted: All hands"))
    }

    @Test("An address the invitation does not list is warned of")
    func anAddressTheInvitationDoesNotListIsWarnedOf() throws {
        let handle = try ingest(attendee: "ATTENDEE;CN=Team;RSVP=TRUE:mailto:team@example.org")
        let accepted = cli.run(["--calendar", calendar, "accept", handle])
        #expect(accepted.status == 0)
        #expect(
            accepted.err.hasPrefix(
                "invites: warning: \(handle) does not list you among its attendees (an invitation to a list?); "
                    + "the reply adds you as ann@example.org\n"), "\(accepted.err)")
        #expect(queued().contains("Accepted: All hands"))
    }
}
