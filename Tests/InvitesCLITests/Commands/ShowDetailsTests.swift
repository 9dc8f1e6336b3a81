import Foundation
import InvitesKit
import InvitesTestSupport
import Testing

@testable import InvitesCLI
@testable import InvitesFormats

/// `show`'s details in text and JSON: the join link, how it repeats, the attendees' answers and
/// the description, for a small fixture and for real Teams, Zoom and Google Meet invitations.
@Suite struct ShowDetailsTests {
    let teams = CLIHarness.repositoryFile("Tests/InvitesCLITests/Fixtures/triage/teams-weekly.ics")
    let options = ["--tz", "Europe/Berlin", "--me", "me@example.org"]

    func ingested(_ path: String, options: [String]) -> CLIHarness {
        let cli = CLIHarness()
        let ingest = cli.run(options + ["ingest", path])
        #expect(ingest.status == 0, "\(ingest.err)")
        return cli
    }

    @Test func detailsOfATeamsSeries() {
        let show = ingested(teams, options: options).run(options + ["show", "teams-weekly", "--width", "80"])
        #expect(show.status == 0)
        #expect(
            show.out.contains(
                "\n  join       Teams: https://teams.microsoft.com/l/meetup-join/19%3ameeting_abc%40thread.v2/0\n"))
        #expect(show.out.contains("\n  repeats    weekly on Monday, 10 times\n"))
        #expect(show.out.contains("\n  attendees  4 accepted, 1 declined, 3 no answer\n"))
        #expect(show.out.contains("\n  notes      Agenda: ^[]0;pwned^Gthe rollout, then questions.\n"))
        #expect(show.out.contains("Microsoft Teams meeting\n"))
        #expect(show.out.contains(" …\n"))
        #expect(!show.out.contains("\u{1B}"))
        #expect(!show.out.contains("____"))
    }

    @Test func attendeesByNameWithTheirAnswers() throws {
        let show = ingested(teams, options: options).run(options + ["show", "teams-weekly", "--attendees"])
        #expect(show.out.contains("\n             Eve <eve@example.org>  declined\n"))
        #expect(show.out.contains("\n             Fay <fay@example.org>  no answer\n"))
        #expect(show.out.contains("\n             Me <me@example.org>  pending (you)\n"))
    }

    @Test func detailsInJSON() throws {
        let show = ingested(teams, options: options).run(options + ["--json", "show", "teams-weekly"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(show.out.utf8)) as? [String: Any])
        let details = try #require(document["details"] as? [String: Any])
        let join = try #require(details["join"] as? [String: Any])
        #expect(join["provider"] as? String == "Teams")
        #expect(join["from"] as? String == "X-MICROSOFT-SKYPETEAMSMEETINGURL")
        #expect((details["description"] as? String)?.hasPrefix("Agenda: \u{1B}]0;pwned") == true)
        let answers = try #require(details["answers"] as? [String: Int])
        #expect(answers == ["accepted": 4, "tentative": 0, "declined": 1, "delegated": 0, "noAnswer": 3, "total": 8])
        let repeats = try #require(details["repeats"] as? [String: String])
        #expect(repeats == ["rule": "FREQ=WEEKLY;COUNT=10;BYDAY=MO", "text": "weekly on Monday, 10 times"])
        #expect(details["counterAllowed"] as? Bool == false)
        #expect((details["organizer"] as? [String: String])?["email"] == "ann@example.org")
    }

    /// The corpus's Teams, Zoom and Google Meet invitations, drawn at 40, 80 and 132 columns.
    /// The Zoom one (an Exchange REQUEST) names its UID on a second, empty VEVENT; the test moves
    /// it onto the event, as nothing can be ingested without one.
    static let corpusCases: [(String, String)] = [
        ("teams", "mail/teams/thunderbird_teams-meeting-invite.eml"),
        ("meet", "mail/google/thunderbird_meet-meeting-invite.eml"),
        ("zoom", "invites/outlook/ics-parser_issue-343.ics"),
    ]

    static func corpusFile(_ relative: String, into cli: CLIHarness) -> String? {
        guard let corpus = Fixture.corpus,
            let data = FileManager.default.contents(atPath: corpus + "/" + relative)
        else { return nil }
        guard relative.hasSuffix("issue-343.ics") else { return corpus + "/" + relative }
        let text = String(decoding: data, as: UTF8.self)
            .replacingOccurrences(of: "BEGIN:VEVENT\nUID:UniqueIDValueHere\nEND:VEVENT\n", with: "")
            .replacingOccurrences(
                of: "BEGIN:VEVENT\nORGANIZER", with: "BEGIN:VEVENT\nUID:UniqueIDValueHere\nORGANIZER")
        return cli.write("zoom.ics", text)
    }

    @Test(
        .enabled(if: Fixture.corpus != nil, "../shared/corpus is not here"),
        arguments: corpusCases.flatMap { item in [40, 80, 132].map { (item.0, item.1, $0) } })
    func corpusMeetingsAtEachWidth(name: String, path: String, width: Int) throws {
        let cli = CLIHarness()
        let options = ["--tz", "Europe/Helsinki", "--me", "homer@example.com"]
        let file = try #require(ShowDetailsTests.corpusFile(path, into: cli))
        #expect(cli.run(options + ["ingest", file]).status == 0)
        let handle = try #require(cli.run(["list", "--all", "--handles"]).out.split(separator: "\n").first)
        let show = cli.run(options + ["show", String(handle), "--width", "\(width)"])
        #expect(show.status == 0)
        let expected = ["teams": "Teams", "meet": "Google Meet", "zoom": "Zoom"][name] ?? ""
        #expect(show.out.contains("  join       \(expected): https://"))
        for line in show.out.split(separator: "\n") where !line.hasPrefix("  join ") {
            #expect(DisplayWidth.of(String(line)) <= width, "\(line)")
        }
        try Snapshot.assert(show.out, named: "show-\(name)-\(width)")
    }
}
