import Foundation
import InvitesKit
import InvitesTestSupport
import Testing

@testable import InvitesCLI

/// `invites review` in-process, through lines on standard input (what it reads when standard
/// input is no terminal); the terminal itself is driven by Tests/Scripts/review_pty.py.
@Suite struct ReviewCommandTests {
    let calendar = CLIHarness.repositoryFile("fixtures/calendar.ics")
    let payload = CLIHarness.repositoryFile("fixtures/invite.json")
    let allDay = CLIHarness.repositoryFile("Tests/InvitesCLITests/Fixtures/triage/all-day.ics")
    let teams = CLIHarness.repositoryFile("Tests/InvitesCLITests/Fixtures/triage/teams-weekly.ics")

    func options(_ cli: CLIHarness) -> [String] {
        ["--calendar", cli.home + "/calendar.ics", "--tz", "America/Los_Angeles", "--me", "me@example.org"]
    }

    /// A home with the sample calendar and the three fixtures ingested (the teams series last).
    func harness() throws -> CLIHarness {
        let cli = CLIHarness()
        _ = cli.write("calendar.ics", try String(contentsOfFile: calendar, encoding: .utf8))
        #expect(cli.run(options(cli) + ["ingest", payload, allDay, teams]).status == 0)
        return cli
    }

    func statuses(_ cli: CLIHarness) throws -> [String: String] {
        let listed = cli.run(["--json", "list", "--all"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(listed.out.utf8)) as? [String: Any])
        let invites = try #require(document["invites"] as? [[String: Any]])
        return Dictionary(
            uniqueKeysWithValues: invites.map { ($0["title"] as? String ?? "", $0["status"] as? String ?? "") })
    }

    @Test func acceptCommentAndDeclineSkipQuit() throws {
        let cli = try harness()
        let review = cli.run(
            options(cli) + ["review", "--width", "80"], stdin: "a\nc\nSorry, travelling\nd\nq\n")
        #expect(review.status == 0, "\(review.err)")
        #expect(review.out.contains("invites review: 1 of 3 waiting for an answer, most recently changed first"))
        #expect(review.out.contains("duse: accepted \"Platform sync\""))
        #expect(review.out.contains("comment: \"Sorry, travelling\""))
        #expect(review.out.contains("wjfv: declined \"Team offsite\""))
        #expect(review.out.hasSuffix("Reviewed: 2 answered, 1 still pending.\n"))
        #expect(
            try statuses(cli) == ["Platform sync": "accepted", "Team offsite": "declined", "Family Reunion": "pending"])
        let history = cli.run(["history"]).out
        #expect(history.contains("declined   Team offsite"))
        #expect(history.contains("\"Sorry, travelling\"  [reply queued]"))
    }

    /// An invitation whose organizer asks for no reply (RSVP=FALSE): review records the answer,
    /// says so and queues nothing, as `accept` does.
    @Test func rsvpFalseQueuesNoReplyInReviewEither() throws {
        let cli = CLIHarness()
        _ = cli.write("calendar.ics", try String(contentsOfFile: calendar, encoding: .utf8))
        let text = try String(contentsOfFile: allDay, encoding: .utf8)
        #expect(text.contains("RSVP=TRUE"))
        let quiet = cli.write("quiet.ics", text.replacingOccurrences(of: "RSVP=TRUE", with: "RSVP=FALSE"))
        #expect(cli.run(options(cli) + ["ingest", quiet]).status == 0)
        let review = cli.run(options(cli) + ["review", "--width", "80"], stdin: "a\nq\n")
        #expect(review.status == 0, "\(review.err)")
        #expect(review.out.contains("the organizer asks for no reply (RSVP=FALSE), so none is queued"), "\(review.out)")
        #expect(cli.run(["outbox"]).out == "Nothing waits to be sent.\n")
    }

    @Test func theMostRecentlyChangedComesFirst() throws {
        var cli = try harness()
        // The reunion changes after the others came in: it is shown first.
        cli.now = { Date(timeIntervalSince1970: 1_717_243_200 + 3_600) }
        let moved = cli.write(
            "moved.json",
            #"{"title":"Family Reunion","start":"2018-04-10T09:00:00-07:00","end":"2018-04-10T14:00:00-07:00","id":12}"#
        )
        #expect(cli.run(options(cli) + ["ingest", moved]).out.contains("updated"))
        let review = cli.run(options(cli) + ["review"], stdin: "q\n")
        let firstTitle = review.out.split(separator: "\n").dropFirst().first
        #expect(firstTitle == "Family Reunion")
    }

    @Test func oneOccurrenceStaysOnTheSeries() throws {
        let cli = try harness()
        let review = cli.run(options(cli) + ["review"], stdin: "o\n2\nd\na\nq\n")
        #expect(review.status == 0)
        #expect(
            review.out.contains("duse: declined \"Platform sync\" (the occurrence Mon 10 Jun 2024 00:30-01:00 PDT)"))
        #expect(review.out.contains("Mon 10 Jun 2024 00:30-01:00 PDT  declined  free"))
        #expect(review.out.contains("duse: accepted \"Platform sync\""))
        #expect(try statuses(cli)["Platform sync"] == "accepted")
    }

    @Test func anOccurrenceOfAOneOffOrNoneAtAllIsSaid() throws {
        let cli = try harness()
        let review = cli.run(options(cli) + ["review"], stdin: "s\no\n1\no\n99\nz\nq\n")
        #expect(review.out.contains("wjfv is not a series: an answer is for the whole invitation"))
        #expect(review.out.contains("'z' does nothing here; ? shows the keys"))
        let series = cli.run(options(cli) + ["review"], stdin: "o\n2024-06-11\nq\n")
        #expect(
            series.out.contains("which occurrence (number or start): \nthe series has no occurrence at \"2024-06-11\""))
    }

    @Test func sendAsTheSettingSays() throws {
        let cli = try harness()
        let sent = cli.home + "/sent"
        let script = cli.write("sendmail", "#!/bin/sh\nmkdir -p \"\(sent)\"\ncat > \"\(sent)/$$.eml\"\n")
        try FileManager.default.createDirectory(atPath: cli.home + "/config/invites", withIntermediateDirectories: true)
        _ = cli.write("config/invites/config", "send = ask\nsendmail = /bin/sh \(script) -t -i\n")
        let review = cli.run(options(cli) + ["review"], stdin: "a\ny\nd\nn\nq\n")
        #expect(review.out.contains("Send the reply to the organizer now? [y/N]"))
        #expect(review.out.contains("duse: sent 'Accepted: Platform sync' to ann@example.org"))
        #expect(review.out.contains("wjfv: the reply is queued; 'invites send' sends it"))
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: sent)) ?? []).count == 1)
        let always = cli.run(options(cli) + ["review", "--send"], stdin: "t\n")
        #expect(always.out.contains("mg6z: tentative \"Family Reunion\""))
        #expect(always.out.contains("no respond_url"))
    }

    @Test func nothingToReviewAndNoJSON() throws {
        let cli = CLIHarness()
        #expect(cli.run(["review"]).out == "Nothing to review: no invitation waits for an answer.\n")
        #expect(cli.run(["--json", "review"]).status == 2)
        #expect(cli.run(["review", "abcd"]).status == 2)
    }

    @Test func helpShowsEveryKey() throws {
        let cli = try harness()
        let review = cli.run(options(cli) + ["review"], stdin: "?\n\nq\n")
        for line in ReviewSession.help { #expect(review.out.contains(line)) }
    }

    /// The first screen, as a terminal would show it, at each width.
    @Test(arguments: [40, 80, 132])
    func theScreenAtEachWidth(width: Int) throws {
        let cli = try harness()
        let review = cli.run(options(cli) + ["review", "--width", "\(width)"], stdin: "q\n")
        try Snapshot.assert(review.out, named: "review-teams-fixture-\(width)")
        let allDay = cli.run(options(cli) + ["review", "--width", "\(width)"], stdin: "s\nq\n")
        let second = allDay.out.components(separatedBy: "invites review: 2 of 3").last ?? ""
        try Snapshot.assert("invites review: 2 of 3" + second, named: "review-all-day-\(width)")
    }

    /// The corpus's Teams, Zoom and Google Meet invitations as review shows them.
    @Test(
        .enabled(if: Fixture.corpus != nil, "../shared/corpus is not here"),
        arguments: ShowDetailsTests.corpusCases.flatMap { item in [40, 80, 132].map { (item.0, item.1, $0) } })
    func corpusMeetingsAtEachWidth(name: String, path: String, width: Int) throws {
        var cli = CLIHarness()
        // Before the meetings: an invitation that is over is no longer waiting for an answer.
        cli.now = { Date.utc("2019-01-01T00:00:00Z") }
        let options = ["--tz", "Europe/Helsinki", "--me", "homer@example.com"]
        let file = try #require(ShowDetailsTests.corpusFile(path, into: cli))
        #expect(cli.run(options + ["ingest", file]).status == 0)
        let review = cli.run(options + ["review", "--width", "\(width)"], stdin: "q\n")
        #expect(review.status == 0)
        try Snapshot.assert(review.out, named: "review-\(name)-\(width)")
    }

    @Test(arguments: [40, 80, 132])
    func aNineteenHourLook(width: Int) throws {
        let cli = CLIHarness()
        let options = ["--calendar", calendar, "--tz", "America/Los_Angeles"]
        #expect(cli.run(options + ["ingest", payload]).status == 0)
        let review = cli.run(options + ["review", "--before", "19h", "--width", "\(width)"], stdin: "q\n")
        try Snapshot.assert(review.out, named: "review-19h-\(width)")
    }
}
