import Foundation
import InvitesTestSupport
import Testing

/// Answers as a user types them.
@Suite struct AnswerCommandTests {
    let cli = CLIHarness()

    @Test(
        "An empty comment is refused and nothing is recorded",
        arguments: [["comment", "12", ""], ["comment", "12", "  \n"], ["accept", "12", "--comment", ""]])
    func anEmptyCommentIsRefusedAndNothingIsRecorded(arguments: [String]) {
        #expect(cli.run(["ingest", CLIHarness.repositoryFile("fixtures/invite.json")]).status == 0)
        let result = cli.run(arguments)
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("invites: error: \(arguments[0] == "comment" ? "" : "--")comment needs some TEXT"))
        #expect(cli.run(["history"]).out == "No answers yet.\n")
    }
}

/// `--occurrence` takes the RECURRENCE-ID as the invitation writes it, in the series' own zone
/// (`RECURRENCE-ID;TZID=America/New_York:19970801T140000`), besides UTC and the display zone.
@Suite struct OccurrenceInSeriesZoneTests {
    @Test(
        "The series' own zone, UTC and the display zone name one occurrence",
        arguments: ["19970801T140000", "19970801T180000Z", "19970801T200000", "1997-08-01 20:00"])
    func theSeriesOwnZoneUTCAndTheDisplayZoneNameOneOccurrence(when: String) throws {
        let cli = CLIHarness()
        let options = ["--tz", "Europe/Berlin", "--me", "b@example.com", "--calendar", cli.write("calendar.ics", "")]
        let series = CLIHarness.repositoryFile("Tests/InvitesCLITests/Fixtures/series/rfc5546-4.4.1-series.ics")
        let handle = cli.run(options + ["ingest", series, "--print", "handle"]).out
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let result = cli.run(options + ["accept", handle, "--occurrence", when, "--no-add"])
        #expect(result.status == 0, "\(result.err)")
        let json = cli.run(options + ["--json", "history", handle])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let entries = try #require(document["entries"] as? [[String: Any]])
        #expect(entries.map { $0["recurrenceId"] as? String } == ["1997-08-01T18:00:00Z"])
    }
}
