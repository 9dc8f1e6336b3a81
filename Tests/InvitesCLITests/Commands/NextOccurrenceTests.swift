import Foundation
import InvitesTestSupport
import Testing

/// An ongoing series is shown by its next occurrence, said to be the next, not by a first date
/// years back; `show` keeps the first date below it, and `--json` keeps the series' start.
@Suite struct NextOccurrenceTests {
    let cli = CLIHarness()
    let invite = CLIHarness.repositoryFile("Tests/InvitesCLITests/Fixtures/ongoing-weekly.ics")

    @Test func listShowsTheNextOccurrence() throws {
        #expect(cli.run(["--tz", "UTC", "ingest", invite]).status == 0)
        let list = cli.run(["--tz", "UTC", "list"])
        #expect(list.status == 0)
        #expect(list.out.contains("next Mon 3 Jun 2024 10:00-10:30 UTC, weekly on Mon  Monday planning"), "\(list.out)")
        #expect(!list.out.contains("2015"))
        let json = cli.run(["--tz", "UTC", "--json", "list"])
        #expect(json.out.contains("\"2015-01-12T10:00:00Z\""))
    }

    /// `list` and `show --json` carry the next occurrence the listing shows, with the key
    /// `--occurrence` takes; a one-off's is its own time, and none once it is over.
    @Test func theJSONCarriesTheNextOccurrence() throws {
        #expect(cli.run(["--tz", "UTC", "ingest", invite]).status == 0)
        func next(_ arguments: [String]) throws -> [String: Any]? {
            let out = cli.run(["--tz", "UTC", "--json"] + arguments).out
            let document = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
            let invite = try #require(
                (document["invites"] as? [[String: Any]])?.first ?? document["invite"] as? [String: Any])
            return invite["next"] as? [String: Any]
        }
        for arguments in [["list"], ["show", "ongoing-weekly"]] {
            let found = try #require(try next(arguments), "\(arguments)")
            #expect(found["start"] as? String == "2024-06-03T10:00:00Z")
            #expect(found["end"] as? String == "2024-06-03T10:30:00Z")
            #expect(found["recurrenceId"] as? String == "2024-06-03T10:00:00Z")
            #expect(found["allDay"] as? Bool == false)
        }
        for (uid, start) in [("coming", "20240710T100000Z"), ("gone", "20200710T100000Z")] {
            let text = [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//t//EN", "METHOD:REQUEST", "BEGIN:VEVENT",
                "UID:\(uid)@example.org", "DTSTAMP:20200601T000000Z", "DTSTART:\(start)", "DURATION:PT1H",
                "SUMMARY:\(uid)", "ORGANIZER:mailto:alice@example.org", "ATTENDEE;RSVP=TRUE:mailto:me@example.org",
                "END:VEVENT", "END:VCALENDAR", "",
            ]
            #expect(cli.run(["ingest", cli.write("\(uid).ics", text.joined(separator: "\r\n"))]).status == 0)
        }
        let all = cli.run(["--tz", "UTC", "--json", "list", "--all"]).out
        let document = try #require(try JSONSerialization.jsonObject(with: Data(all.utf8)) as? [String: Any])
        let invites = try #require(document["invites"] as? [[String: Any]])
        let coming = try #require(invites.first { $0["uid"] as? String == "coming@example.org" })
        let own = try #require(coming["next"] as? [String: Any], "a one-off still to come is its own next")
        #expect(own["start"] as? String == "2024-07-10T10:00:00Z")
        #expect(own["recurrenceId"] is NSNull)
        let gone = try #require(invites.first { $0["uid"] as? String == "gone@example.org" })
        #expect(gone["next"] is NSNull, "an invitation that is over has no next occurrence")
    }

    @Test func showSaysNextAndKeepsTheFirstDate() throws {
        #expect(cli.run(["--tz", "UTC", "ingest", invite]).status == 0)
        let show = cli.run(["--tz", "UTC", "show", "ongoing-weekly", "--width", "80", "--occurrences", "3"])
        #expect(show.status == 0)
        #expect(
            show.out.contains(
                "  when       next Mon 3 Jun 2024 10:00-10:30 UTC\n  first      Mon 12 Jan 2015 10:00-10:30 UTC\n"))
        try Snapshot.assert(show.out, named: "show-ongoing-80")
    }
}

/// `propose --free` for a series keeps its weekday: another time on the occurrence's own day
/// (the next one, or the one `--occurrence` names), and when that day has none, it says so
/// rather than offer another weekday (a weekly Monday meeting was offered a Wednesday).
@Suite struct SeriesFreeTimeTests {
    let invite = CLIHarness.repositoryFile("Tests/InvitesCLITests/Fixtures/ongoing-weekly.ics")

    /// On Wednesday 5 June 2024, with your calendar busy on Monday 10 June from `busyUntil`.
    func harness(busyUntil end: String) -> (CLIHarness, [String]) {
        var cli = CLIHarness()
        cli.now = { Date.utc("2024-06-05T12:00:00Z") }
        let calendar = cli.write(
            "calendar.ics",
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:t\r\nBEGIN:VEVENT\r\nUID:busy@example.org\r\n"
                + "DTSTART:20240610T090000Z\r\nDTEND:20240610T\(end)00Z\r\nSUMMARY:Busy\r\nEND:VEVENT\r\n"
                + "BEGIN:VEVENT\r\nUID:other@example.org\r\nDTSTART:20240617T090000Z\r\nDTEND:20240617T170000Z\r\n"
                + "SUMMARY:Busy too\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
        let options = ["--calendar", calendar, "--tz", "UTC", "--me", "me@example.org"]
        #expect(cli.run(options + ["ingest", invite]).status == 0)
        return (cli, options)
    }

    @Test func anotherTimeOfTheNextOccurrencesDay() throws {
        let (cli, options) = harness(busyUntil: "1200")
        let proposed = cli.run(options + ["propose", "ongoing-weekly", "--free", "--no-send"])
        #expect(proposed.status == 0, "\(proposed.err)")
        #expect(proposed.out.contains("Mon 10 Jun 2024 12:00-12:30 UTC"), "\(proposed.out)")
        #expect(
            proposed.out.hasSuffix(
                "(the occurrence 2024-06-10T10:00:00Z), instead of Mon 10 Jun 2024 10:00-10:30 UTC\n"),
            "the occurrence it moves, not the series' first start in 2015: \(proposed.out)")
        let json = cli.run(options + ["--json", "propose", "ongoing-weekly", "--free", "--no-send"]).out
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let proposal = try #require(document["proposal"] as? [String: Any])
        #expect(proposal["recurrenceId"] as? String == "2024-06-10T10:00:00Z", "\(json)")
        #expect((proposal["was"] as? [String: Any])?["start"] as? String == "2024-06-10T10:00:00Z", "\(json)")
    }

    @Test func aDayWithNoFreeTimeIsSaid() {
        let (cli, options) = harness(busyUntil: "1700")
        let proposed = cli.run(options + ["propose", "ongoing-weekly", "--free", "--no-send"])
        #expect(proposed.status == 1)
        #expect(
            proposed.err.contains(
                "no other stretch long enough is free within your working hours on Mon 10 Jun 2024, the occurrence's day"
            ), "\(proposed.err)")
        let occurrence = cli.run(
            options + ["propose", "ongoing-weekly", "--free", "--occurrence", "2024-06-17", "--no-send"])
        #expect(occurrence.status == 1)
        #expect(occurrence.err.contains("on Mon 17 Jun 2024, the occurrence's day"), "\(occurrence.err)")
    }
}
