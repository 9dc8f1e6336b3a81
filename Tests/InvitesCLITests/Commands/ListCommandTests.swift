import Foundation
import InvitesTestSupport
import Testing

/// `list` and `status` as a user reads them: announcements are not pending, invitations that are
/// over leave the pending list, the last change comes first, and a series says how it repeats.
@Suite struct ListCommandTests {
    let cli = CLIHarness()

    /// An iTIP message of one VEVENT; the harness's clock stands at 2024-06-01 12:00 UTC.
    func invite(
        _ uid: String, method: String = "REQUEST", start: String, end: String, sequence: Int = 0,
        extra: [String] = []
    ) -> String {
        let lines =
            [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//t//EN", "METHOD:\(method)", "BEGIN:VEVENT", "UID:\(uid)",
                "DTSTAMP:20240501T000000Z", "SEQUENCE:\(sequence)", "DTSTART:\(start)", "DTEND:\(end)",
                "SUMMARY:\(uid)", "ORGANIZER:mailto:ann@example.org", "ATTENDEE;RSVP=TRUE:mailto:me@example.org",
            ] + extra + ["END:VEVENT", "END:VCALENDAR"]
        return cli.write("\(uid)-\(sequence).ics", lines.joined(separator: "\r\n") + "\r\n")
    }

    func ingest(_ file: String) -> String {
        String(cli.run(["ingest", file]).out.prefix { $0 != " " })
    }

    @Test func anAnnouncementIsShownAsSuchAndNotPending() throws {
        let handle = ingest(invite("booking", method: "PUBLISH", start: "20240610T180000Z", end: "20240610T200000Z"))
        #expect(cli.run(["list"]).out == "No pending invites.\n")
        #expect(cli.run(["status"]).out.isEmpty)
        #expect(cli.run(["list", "--all"]).out.hasPrefix("\(handle)  announced  Mon 10 Jun 2024 18:00-20:00 UTC"))
        #expect(cli.run(["list", "--status", "announced", "--handles"]).out == "\(handle)\n")
        let json = try JSONSerialization.jsonObject(with: Data(cli.run(["--json", "list", "--all"]).out.utf8))
        let invites = try #require((json as? [String: Any])?["invites"] as? [[String: Any]])
        #expect(invites.map { $0["status"] as? String } == ["announced"])
        #expect(cli.run(["accept", handle, "--no-add"]).status == 0)
        #expect(cli.run(["list", "--all"]).out.contains("accepted"))
    }

    /// `list --all` shows `past`, so `--status past` takes it: those alone, or with others.
    @Test func statusPastListsWhatIsOver() throws {
        let over = ingest(invite("over", start: "20240520T100000Z", end: "20240520T110000Z"))
        let coming = ingest(invite("coming", start: "20240620T100000Z", end: "20240620T110000Z"))
        let answered = ingest(invite("answered", start: "20240521T100000Z", end: "20240521T110000Z"))
        #expect(cli.run(["decline", answered]).status == 0)
        let past = cli.run(["list", "--status", "past"])
        #expect(past.status == 0, "\(past.err)")
        #expect(past.out.hasPrefix("\(over)  past       Mon 20 May 2024 10:00-11:00 UTC"))
        #expect(past.out.split(separator: "\n").count == 1)
        let both = Set(cli.run(["list", "--status", "pending,past", "--handles"]).out.split(separator: "\n"))
        #expect(both == [Substring(over), Substring(coming)])
        #expect(cli.run(["list", "--status", "declined,past", "--handles"]).out.split(separator: "\n").count == 2)
        let wrong = cli.run(["list", "--status", "gone"])
        #expect(wrong.status == 2)
        #expect(
            wrong.err.contains(
                "--status takes pending, accepted, declined, tentative, cancelled, announced, removed, past"))
    }

    /// `list` wraps at the width it is given (the terminal's, `--width`, `COLUMNS`), under the
    /// time; a pipe gets one line per invitation.
    @Test func listFitsTheWidth() throws {
        let long = cli.write(
            "long.ics",
            [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//t//EN", "METHOD:REQUEST", "BEGIN:VEVENT", "UID:long",
                "DTSTAMP:20240501T000000Z", "DTSTART:20240620T100000Z", "DTEND:20240620T110000Z",
                "SUMMARY:Quarterly planning for the northern region sales team",
                "ORGANIZER;CN=Ann Organiser:mailto:ann@example.org", "ATTENDEE;RSVP=TRUE:mailto:me@example.org",
                "END:VEVENT", "END:VCALENDAR",
            ].joined(separator: "\r\n") + "\r\n")
        let handle = ingest(long)
        let piped = cli.run(["list"]).out
        #expect(piped.split(separator: "\n").count == 1)
        var terminal = cli
        terminal.terminalColumns = { 40 }
        for listed in [terminal.run(["list"]).out, cli.run(["list", "--width", "40"]).out] {
            let lines = listed.split(separator: "\n").map(String.init)
            #expect(lines.count > 1)
            for line in lines { #expect(line.count <= 40, "\(line)") }
            #expect(lines[0].hasPrefix("\(handle)  pending    Thu 20 Jun 2024"))
            for line in lines.dropFirst() { #expect(line.hasPrefix(String(repeating: " ", count: 17)), "\(line)") }
            #expect(lines.contains { $0.hasSuffix("Quarterly planning for") })
            #expect(lines.contains { $0.contains("(Ann") })
        }
        var columns = cli
        columns.variables["COLUMNS"] = "50"
        #expect(columns.run(["list"]).out.split(separator: "\n").allSatisfy { $0.count <= 50 })
        #expect(cli.run(["list", "--width", "20"]).status == 2)
    }

    @Test("An invitation that is over leaves the pending list")
    func anInvitationThatIsOverLeavesThePendingList() throws {
        let over = ingest(invite("over", start: "20240520T100000Z", end: "20240520T110000Z"))
        let finished = ingest(
            invite("finished", start: "20240506T100000Z", end: "20240506T110000Z", extra: ["RRULE:FREQ=WEEKLY;COUNT=3"])
        )
        let running = ingest(
            invite("running", start: "20240506T100000Z", end: "20240506T110000Z", extra: ["RRULE:FREQ=WEEKLY;COUNT=5"]))
        let endless = ingest(
            invite("endless", start: "20200106T100000Z", end: "20200106T110000Z", extra: ["RRULE:FREQ=YEARLY"]))
        let until = ingest(
            invite(
                "until", start: "20240506T100000Z", end: "20240506T110000Z",
                extra: ["RRULE:FREQ=DAILY;UNTIL=20240510T100000Z"]))
        let added = ingest(
            invite("added", start: "20240506T100000Z", end: "20240506T110000Z", extra: ["RDATE:20240705T100000Z"]))
        let now = ingest(invite("now", start: "20240601T110000Z", end: "20240601T130000Z"))
        let pending = Set(cli.run(["list", "--handles"]).out.split(separator: "\n").map(String.init))
        #expect(pending == [running, endless, added, now])
        #expect(cli.run(["status"]).out == "4 pending\n")
        let all = cli.run(["list", "--all"]).out
        for handle in [over, finished, until] { #expect(all.contains("\(handle)  past ")) }
        #expect(cli.run(["list", "--status", "pending"]).out.split(separator: "\n").count == 4)
    }

    @Test("A moved instance after the rule keeps a series pending")
    func aMovedInstanceAfterTheRuleKeepsASeriesPending() throws {
        let series = invite(
            "moved", start: "20240506T100000Z", end: "20240506T110000Z", extra: ["RRULE:FREQ=WEEKLY;COUNT=2"])
        let handle = ingest(series)
        #expect(cli.run(["list", "--handles"]).out.isEmpty)
        let lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//t//EN", "METHOD:REQUEST", "BEGIN:VEVENT", "UID:moved",
            "DTSTAMP:20240502T000000Z", "RECURRENCE-ID:20240513T100000Z", "DTSTART:20240613T100000Z",
            "DTEND:20240613T110000Z", "SUMMARY:moved", "ORGANIZER:mailto:ann@example.org",
            "ATTENDEE;RSVP=TRUE:mailto:me@example.org", "END:VEVENT", "END:VCALENDAR",
        ]
        _ = cli.run(["ingest", cli.write("moved-instance.ics", lines.joined(separator: "\r\n") + "\r\n")])
        #expect(cli.run(["list", "--handles"]).out == "\(handle)\n")
    }

    @Test func theLastChangedComesFirst() throws {
        var at = cli
        func ingest(_ file: String) -> String { String(at.run(["ingest", file]).out.prefix { $0 != " " }) }
        at.now = { Date.utc("2024-05-01T08:00:00Z") }
        let first = ingest(invite("first", start: "20240701T100000Z", end: "20240701T110000Z"))
        at.now = { Date.utc("2024-05-02T08:00:00Z") }
        let second = ingest(invite("second", start: "20240702T100000Z", end: "20240702T110000Z"))
        at.now = { Date.utc("2024-05-03T08:00:00Z") }
        #expect(at.run(["accept", first, "--no-add"]).status == 0)
        #expect(at.run(["list", "--handles"]).out == "\(second)\n")
        // The organizer moves the first: it is back to pending, and at the top.
        at.now = { Date.utc("2024-05-04T08:00:00Z") }
        _ = ingest(invite("first", start: "20240701T120000Z", end: "20240701T130000Z", sequence: 1))
        #expect(at.run(["list", "--handles"]).out == "\(first)\n\(second)\n")
        #expect(at.run(["list", "--all", "--handles"]).out == "\(first)\n\(second)\n")
    }

    @Test func aSeriesSaysHowItRepeats() throws {
        let handle = ingest(
            invite(
                "weekly", start: "20240603T100000Z", end: "20240603T103000Z",
                extra: ["RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;UNTIL=20241231T235959Z"]))
        let list = cli.run(["list"]).out
        #expect(
            list
                == "\(handle)  pending    Mon 3 Jun 2024 10:00-10:30 UTC, every 2 weeks on Mon, Wed until 31 Dec 2024"
                + "  weekly  (ann@example.org)\n")
        let ingested = cli.run(["ingest", cli.home + "/weekly-0.ics"]).out
        #expect(ingested.hasSuffix("Mon 3 Jun 2024 10:00-10:30 UTC, every 2 weeks on Mon, Wed until 31 Dec 2024\n"))
    }

    /// A message of 1,000 series, finished or not: every command reads it once, not once per
    /// invitation (which took minutes at 3,000).
    @Test func aMessageOfManySeriesIsReadOnceForAll() throws {
        let events = (0..<1_000).map { index in
            [
                "BEGIN:VEVENT", "UID:many-\(index)@example.org", "DTSTAMP:20240501T000000Z",
                "DTSTART:2024\(String(format: "%02d", 1 + index % 5))01T100000Z",
                "DTEND:2024\(String(format: "%02d", 1 + index % 5))01T110000Z",
                "RRULE:FREQ=WEEKLY;COUNT=\(index % 2 == 0 ? 3 : 400)", "SUMMARY:Series \(index)",
                "ORGANIZER:mailto:ann@example.org", "END:VEVENT",
            ].joined(separator: "\r\n")
        }
        let text =
            (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//t//EN", "METHOD:REQUEST"] + events + ["END:VCALENDAR", ""])
            .joined(separator: "\r\n")
        let started = Date()
        #expect(cli.run(["ingest", cli.write("many.ics", text)]).status == 0)
        #expect(cli.run(["status"]).out == "500 pending\n")
        #expect(cli.run(["list", "--all"]).out.split(separator: "\n").count == 1_000)
        #expect(
            Date().timeIntervalSince(started) < 30, "reading 1,000 series took \(Date().timeIntervalSince(started)) s")
    }
}
