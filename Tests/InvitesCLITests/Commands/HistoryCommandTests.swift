import Foundation
import InvitesTestSupport
import Testing

/// `history`: one invitation's answers with a HANDLE, and `--since` as people type it.
@Suite struct HistoryCommandTests {
    var cli = CLIHarness()

    init() {
        let first = cli.write(
            "first.json", #"{"title":"First","start":"2024-07-01T10:00:00Z","end":"2024-07-01T11:00:00Z","id":"f1"}"#)
        let second = cli.write(
            "second.json", #"{"title":"Second","start":"2024-07-02T10:00:00Z","end":"2024-07-02T11:00:00Z","id":"s2"}"#)
        _ = cli.run(["ingest", first, second])
        // Ten days ago, three days ago, and now.
        cli.now = { Date.utc("2024-05-22T12:00:00Z") }
        _ = cli.run(["comment", "f1", "an old note"])
        cli.now = { Date.utc("2024-05-29T12:00:00Z") }
        _ = cli.run(["decline", "s2"])
        cli.now = { Date.utc("2024-06-01T12:00:00Z") }
        _ = cli.run(["accept", "f1", "--no-add"])
    }

    func titles(_ arguments: [String]) -> [String] {
        let result = cli.run(["--json", "history"] + arguments)
        let document = try? JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
        return (document?["entries"] as? [[String: Any]] ?? []).map { "\($0["title"] ?? "")/\($0["action"] ?? "")" }
    }

    @Test func aHandleShowsThatInviteAlone() {
        #expect(titles([]) == ["First/accepted", "Second/declined", "First/commented"])
        #expect(titles(["f1"]) == ["First/accepted", "First/commented"])
        let handle = cli.run(["ingest", cli.home + "/first.json"]).out.prefix { $0 != " " }
        #expect(titles([String(handle)]) == ["First/accepted", "First/commented"])
        let human = cli.run(["history", "s2"])
        #expect(human.status == 0)
        #expect(human.out.split(separator: "\n").count == 1)
        #expect(human.out.contains("declined   Second"))
        #expect(cli.run(["history", "f1", "s2"]).status == 2)
        let typo = cli.run(["history", "s3"])
        #expect(typo.status == 1)
        #expect(typo.err.contains("did you mean 's2'"))
    }

    @Test func sinceTakesTodayYesterdayAndTimeBack() {
        #expect(titles(["--since", "7d"]) == ["First/accepted", "Second/declined"])
        #expect(titles(["--since", "2w"]).count == 3)
        #expect(titles(["--since", "today"]) == ["First/accepted"])
        #expect(titles(["--since", "yesterday"]) == ["First/accepted"])
        #expect(titles(["--since", "2024-05-29"]) == ["First/accepted", "Second/declined"])
        let bad = cli.run(["history", "--since", "last week"])
        #expect(bad.status == 2)
        #expect(bad.err.contains("--since takes today, yesterday, a time back from now like 7d"))
    }

    /// An all-day invitation, and an occurrence of an all-day series answered apart, are shown by
    /// their dates, not as midnight to midnight in some zone.
    @Test func allDayAnswersShowTheirDates() {
        let offsite = cli.write(
            "offsite.ics",
            [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//t//EN", "METHOD:REQUEST", "BEGIN:VEVENT",
                "UID:offsite@example.org", "DTSTAMP:20240501T000000Z", "DTSTART;VALUE=DATE:20240710",
                "DTEND;VALUE=DATE:20240712", "RRULE:FREQ=WEEKLY;COUNT=3", "SUMMARY:Offsite",
                "ORGANIZER:mailto:o@example.org", "ATTENDEE:mailto:me@example.org", "END:VEVENT", "END:VCALENDAR", "",
            ].joined(separator: "\r\n"))
        let options = ["--tz", "Europe/Berlin", "--me", "me@example.org"]
        _ = cli.run(options + ["ingest", offsite])
        _ = cli.run(options + ["accept", "offsite", "--no-add"])
        _ = cli.run(options + ["decline", "offsite", "--occurrence", "2024-07-17", "--no-add"])
        let lines = cli.run(options + ["history", "offsite"]).out.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains("Offsite  (Wed 17 Jul 2024 - Thu 18 Jul 2024 (all day))") == true, "\(lines)")
        #expect(lines.last?.contains("Offsite  (Wed 10 Jul 2024 - Thu 11 Jul 2024 (all day))") == true, "\(lines)")
    }
}
