import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesCLI

/// Whole commands over a stranger's absurd numbers. Each of these used to kill the process with
/// a Swift runtime trap (or draw for most of a minute); in-process, a trap would kill the test
/// run, so every test here that finishes is proof, and the expectations say what happens instead.
@Suite struct OverflowCommandTests {
    let cli = CLIHarness()
    let sample = CLIHarness.repositoryFile("fixtures/invite.json")

    static func fixture(_ name: String) -> String {
        CLIHarness.repositoryFile("Tests/InvitesCLITests/Fixtures/overflow/" + name)
    }

    static let durationWarning = "DURATION is longer than 100 years, ignored"
    static let periodWarning = "RDATE period is longer than 100 years, its length ignored"

    /// Ingest warns and keeps the invite with its default length; show and check then answer.
    @Test(arguments: [
        ("invalid-duration.ics", "invalid-duration", durationWarning, "Tue 10 Apr 2018 17:00-17:00 UTC"),
        ("duration-weeks-datetime.ics", "duration-weeks-datetime", durationWarning, "Tue 10 Apr 2018 17:00-17:00 UTC"),
        ("duration-weeks-date.ics", "duration-weeks-date", durationWarning, "Tue 10 Apr 2018 (all day)"),
        ("rdate-period-weeks.ics", "rdate-period-weeks", periodWarning, "Mon 9 Apr 2018 17:00-18:00 UTC"),
        ("rdate-period-hours.ics", "rdate-period-hours", periodWarning, "Mon 9 Apr 2018 17:00-18:00 UTC"),
    ])
    func ingestWarnsAndShowAndCheckAnswer(file: String, uid: String, warning: String, when: String) {
        let path = OverflowCommandTests.fixture(file)
        let ingest = cli.run(["--tz", "UTC", "ingest", path])
        #expect(ingest.status == 0)
        #expect(ingest.err == "invites: warning: \(path): \(warning)\n")
        #expect(ingest.out.contains(when))
        let show = cli.run(["--tz", "UTC", "show", uid])
        #expect(show.status == 0)
        #expect(show.out.contains("when       \(when)"))
        let check = cli.run(["--tz", "UTC", "check", uid])
        #expect(check.status == 0)
        #expect(check.out.contains(": free: "))
    }

    /// The recurring ones are checked over their occurrences: the RDATE instance is there, an
    /// hour long like the event, where its period would have ended in the year 5.9 million.
    @Test("The bad RDATE instance is checked with the event's length")
    func theBadRDATEInstanceIsCheckedWithTheEventsLength() throws {
        _ = cli.run(["--tz", "UTC", "ingest", OverflowCommandTests.fixture("rdate-period-weeks.ics")])
        let show = cli.run(["--tz", "UTC", "--json", "show", "rdate-period-weeks"])
        #expect(show.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(show.out.utf8)) as? [String: Any])
        let occurrences = try #require(document["occurrences"] as? [[String: Any]])
        #expect(
            occurrences.map { "\($0["start"] ?? "")/\($0["end"] ?? "")" } == [
                "2018-04-09T17:00:00Z/2018-04-09T18:00:00Z", "2018-04-10T17:00:00Z/2018-04-10T18:00:00Z",
            ])
    }

    /// A calendar holding every bad event near the sample invite: show and check of the invite
    /// answer, list each bad event with its default length, and warn once per bad line.
    @Test("A calendar with bad events does not break show near them")
    func aCalendarWithBadEventsDoesNotBreakShowNearThem() {
        let calendar = OverflowCommandTests.fixture("calendar-with-bad-events.ics")
        let options = ["--calendar", calendar, "--tz", "UTC"]
        #expect(cli.run(options + ["ingest", sample]).status == 0)
        let show = cli.run(options + ["show", "12", "--width", "80"])
        #expect(show.status == 0)
        for title in ["Endless weeks", "Weeks at a time", "Dentist", "Period in weeks", "Period in hours"] {
            #expect(show.out.contains("\n" + title), "\(title)")
        }
        #expect(show.out.contains("all day: Weeks on a date (conflict)"))
        #expect(show.out.contains("Period in hours                        [XXX]                   18:00-19:00 1h"))
        let warnings = show.err.split(separator: "\n").map(String.init)
        #expect(
            warnings == [4, 11, 18].map {
                "invites: warning: \(calendar):\($0): \(OverflowCommandTests.durationWarning)"
            }
                + [25, 33].map { "invites: warning: \(calendar):\($0): \(OverflowCommandTests.periodWarning)" })
        let check = cli.run(options + ["check", "12"])
        #expect(check.status == 3)
        #expect(check.out.contains("collides with"))
    }

    /// Accepting the invite with the bad RDATE writes it into the calendar; show of another
    /// invite near it then answers and shows the written instance with the event's length.
    @Test func acceptTheBadRDATEInviteThenShowAnother() {
        #expect(cli.run(["--tz", "UTC", "ingest", OverflowCommandTests.fixture("rdate-period-weeks.ics")]).status == 0)
        let accept = cli.run(["--tz", "UTC", "accept", "rdate-period-weeks"])
        #expect(accept.status == 0)
        #expect(accept.out.contains("accepted"))
        let calendar = (cli.home as NSString).appendingPathComponent("calendar.ics")
        let written = (try? String(contentsOfFile: calendar, encoding: .utf8)) ?? ""
        #expect(written.contains("P306783379W"))
        #expect(cli.run(["--tz", "UTC", "ingest", sample]).status == 0)
        let show = cli.run(["--tz", "UTC", "show", "12", "--width", "80"])
        #expect(show.status == 0)
        #expect(show.out.contains("Period in weeks"))
        #expect(show.out.contains("17:00-18:00 1h"))
        #expect(show.err.contains(OverflowCommandTests.periodWarning))
        #expect(cli.run(["--tz", "UTC", "check", "12"]).status == 3)
    }

    /// An invitation whose VTIMEZONE changes every second from year 1: libical would expand
    /// it for hours; the zone is not used, the time is taken as floating, with a warning.
    @Test func aZoneThatChangesEverySecondIsNotExpanded() {
        let path = OverflowCommandTests.fixture("zone-every-second.ics")
        let ingest = cli.run(["--tz", "UTC", "ingest", path])
        #expect(ingest.status == 0)
        #expect(ingest.err.contains("unknown time zone \"Every second\", taken as floating"))
        #expect(ingest.out.contains("Tue 10 Apr 2018 17:00-18:00 UTC"))
        #expect(cli.run(["--tz", "UTC", "accept", "zone-every-second"]).status == 0)
        #expect(cli.run(["--tz", "UTC", "ingest", sample]).status == 0)
        let show = cli.run(["--tz", "UTC", "show", "12"])
        #expect(show.status == 0)
        #expect(show.out.contains("Zone changing...                 [XXXX]"))
    }

    @Test func aPayloadBeyondTheYear3000IsRefused() {
        let path = OverflowCommandTests.fixture("year-1-to-9999.json")
        let ingest = cli.run(["ingest", path])
        #expect(ingest.status == 65)
        #expect(
            ingest.err
                == "invites: error: \(path): payload: \"end\" is outside the years 1 to 3000, the times an iCalendar file here can hold: \"9999-12-31T23:59:59Z\"\n"
        )
        #expect(cli.run(["list", "--all"]).out == "No invites.\n")
    }

    /// A payload from year 1 to 3000 is kept; show draws 16 days of its window, the invite
    /// running past the edge, instead of walking 26 million hours of ruler; the sample
    /// calendar's events lie past the edge, and check still counts them.
    @Test func aPayloadOfMillenniaIsShownBounded() {
        let calendar = CLIHarness.repositoryFile("fixtures/calendar.ics")
        let options = ["--calendar", calendar, "--tz", "UTC"]
        #expect(cli.run(options + ["ingest", OverflowCommandTests.fixture("year-1-to-3000.json")]).status == 0)
        let show = cli.run(options + ["show", "millennia", "--width", "80"])
        #expect(show.status == 0)
        let lines = show.out.split(separator: "\n").map(String.init)
        #expect(lines.contains("drawn: Sun 31 Dec 0 22:00 - Tue 16 Jan 22:00 UTC of a longer window"))
        #expect(lines.contains { $0.hasPrefix("invite ") && $0.contains("=> 00:00-23:59") })
        #expect(lines.contains { $0.hasPrefix("Dentist ") && $0.contains("> 17:00-18:00") })
        #expect(lines.allSatisfy { $0.count <= 80 })
        let check = cli.run(options + ["check", "millennia"])
        #expect(check.status == 3)
    }

    @Test func beforeAndAfterTakeAtMostAWeek() {
        #expect(cli.run(["ingest", sample]).status == 0)
        let far = cli.run(["show", "12", "--after", "99999999h"])
        #expect(far.status == 2)
        #expect(far.err.hasPrefix("invites: error: --after takes a duration up to 7d, not '99999999h'\n"))
        #expect(cli.run(["check", "12", "--before", "8d"]).status == 2)
        #expect(cli.run(["show", "12", "--before", "7d", "--after", "168h"]).status == 0)
        let config = cli.write("config", "after = 999999999d999999999d\n")
        var harness = cli
        harness.variables["INVITES_CONFIG"] = config
        let configured = harness.run(["show", "12"])
        #expect(configured.status == 2)
        #expect(configured.err.contains("'after' takes a duration like 90m, 2h or 1h30m, up to 7d"))
    }
}
