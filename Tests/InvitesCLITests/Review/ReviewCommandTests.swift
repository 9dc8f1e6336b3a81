import Foundation
import InvitesKit
import InvitesTestSupport
import Testing

@testable import InvitesCLI
@testable import InvitesFormats

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

    /// Before the sample invitations of April 2018: an invitation that is over waits for no answer.
    static let before2018: @Sendable () -> Date = { Date.utc("2018-01-01T00:00:00Z") }

    /// A home with the sample calendar and the three fixtures ingested (the teams series last),
    /// at the start of 2018, before any of them.
    func harness() throws -> CLIHarness {
        var cli = CLIHarness()
        cli.now = ReviewCommandTests.before2018
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

    /// `w` and `r` as `forward` and `refresh` make them: a forward the organizer forbade is
    /// refused on the screen in `forward`'s words, queueing nothing; the REFRESH carries the
    /// comment typed, is queued, and the invitation stays on the screen.
    @Test func forwardRefusedAndRefreshAsked() throws {
        let cli = CLIHarness()
        let me = ["--tz", "America/New_York", "--me", "b@example.com"]
        let fixture = CLIHarness.repositoryFile("Tests/InvitesCLITests/Fixtures/itip/donotforward.ics")
        #expect(cli.run(me + ["ingest", fixture]).status == 0)
        let review = cli.run(
            me + ["review", "123456789", "--width", "120"], stdin: "w\ne@example.com\nc\nStill on?\nr\nq\n")
        #expect(review.status == 0, "\(review.err)")
        #expect(
            review.out.contains(
                "error: z9pr: the organizer does not allow this meeting to be forwarded "
                    + "(X-MICROSOFT-DONOTFORWARDMEETING:TRUE)"))
        #expect(review.out.contains("z9pr: asked a@example.com for the current invitation"))
        #expect(review.out.contains("z9pr: the request is queued; 'invites send' sends it"))
        #expect(!review.out.contains("2 of"))
        let outbox = try #require(
            try JSONSerialization.jsonObject(with: Data(cli.run(me + ["--json", "outbox", "--all"]).out.utf8))
                as? [String: Any])
        #expect((outbox["messages"] as? [[String: Any]])?.count == 1)
        let history = cli.run(me + ["history"]).out
        #expect(history.contains("refreshed"))
        #expect(history.contains("\"Still on?\""))
        #expect(!history.contains("forwarded"))
    }

    /// Review goes through what `list` and `status` count as pending: in June 2024 the
    /// invitations of April 2018 are over, and only the weekly series still waits.
    @Test func countsWhatListCounts() throws {
        var cli = try harness()
        cli.now = { Date(timeIntervalSince1970: 1_717_243_200) }
        #expect(cli.run(options(cli) + ["status"]).out == "1 pending\n")
        #expect(cli.run(options(cli) + ["list", "--handles"]).out == "duse\n")
        let review = cli.run(options(cli) + ["review"], stdin: "s\n")
        #expect(review.out.contains("invites review: 1 of 1 waiting for an answer"))
        #expect(!review.out.contains("Team offsite"))
        #expect(review.out.hasSuffix("Reviewed: 0 answered, 1 still pending.\n"))
    }

    /// An invitation whose organizer asks for no reply (RSVP=FALSE): review records the answer,
    /// says so and queues nothing, as `accept` does.
    @Test func rsvpFalseQueuesNoReplyInReviewEither() throws {
        var cli = CLIHarness()
        // Before the invitation of April 2018 is over, so that review goes through it.
        cli.now = { Date.utc("2018-01-01T01:00:00Z") }
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
        cli.now = { Date.utc("2018-01-01T01:00:00Z") }
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

    /// `f 2` then `d`: the second occurrence and every later one declined as one answer (a year of
    /// them), the first left as it was; the series stays on the screen.
    @Test func fromAnOccurrenceOn() throws {
        let cli = try harness()
        let review = cli.run(options(cli) + ["review"], stdin: "f\n2\nd\nq\n")
        #expect(review.status == 0, "\(review.err)")
        #expect(review.out.contains("from which occurrence on (number or start): "))
        // Wrapped at the screen's width.
        #expect(
            review.out.contains("duse: declined \"Platform sync\" (from the occurrence Mon 10 Jun 2024 00:30-01:00\n"),
            "\(review.out)")
        #expect(review.out.contains("Mon 3 Jun 2024 00:30-01:00 PDT  pending"))
        #expect(review.out.contains("Mon 17 Jun 2024 00:30-01:00 PDT  declined"))
        let history = cli.run(options(cli) + ["history", "duse"]).out
        #expect(history.split(separator: "\n").filter { $0.contains("declined") }.count > 2, "\(history)")
    }

    /// After `o 3` the timeline is the third occurrence's, by number or by its start.
    @Test func thePickedOccurrenceIsDrawn() throws {
        let cli = try harness()
        let first = "Shown: Mon 3 Jun 2024 00:30-01:00 PDT"
        let third = "Shown: Mon 17 Jun 2024 00:30-01:00 PDT"
        let review = cli.run(options(cli) + ["review"], stdin: "o\n3\nq\n")
        #expect(review.out.contains(first))
        let picked = try #require(review.out.components(separatedBy: "which occurrence").last)
        #expect(picked.contains(third))
        #expect(!picked.contains(first))
        let byStart = cli.run(options(cli) + ["review"], stdin: "o\n2024-06-17 00:30\nq\n")
        #expect(try #require(byStart.out.components(separatedBy: "which occurrence").last).contains(third))
    }

    /// Keys typed after something else happened: `meanwhile` runs before the first key is
    /// given, as another process would while the screen waits.
    final class Meanwhile: Keyboard, @unchecked Sendable {
        var lines: [String]
        var meanwhile: (() -> Void)?
        let singleKeys = false

        init(_ lines: [String], meanwhile: @escaping () -> Void) {
            self.lines = lines
            self.meanwhile = meanwhile
        }

        func next() -> KeyboardEvent {
            meanwhile?()
            meanwhile = nil
            return lines.isEmpty ? .end : .line(lines.removeFirst())
        }

        func restore() {}
    }

    /// A pane of 24 rows, or 12 (`LINES` here; the terminal's own rows on a terminal): the
    /// header, what the last key did, the title, time, organizer and the keys stay; the notes
    /// and occurrences fold, the rest is paged, and `+` shows the next lines.
    /// The screens `review` prints in a pane of `rows` at `columns`, given `keys` as lines,
    /// each from its header `place` on.
    func screens(columns: Int, rows: Int, keys: String, place: String) throws -> [String] {
        var cli = try harness()
        cli.variables["LINES"] = "\(rows)"
        let review = cli.run(options(cli) + ["review", "--width", "\(columns)"], stdin: keys)
        #expect(review.status == 0)
        return review.out.components(separatedBy: place).dropFirst().map { place + $0 }
    }

    @Test(arguments: [(80, 24), (40, 12)])
    func aShortPaneKeepsWhatMatters(columns: Int, rows: Int) throws {
        let screens = try screens(columns: columns, rows: rows, keys: "o\n99\n+\nq\n", place: "invites review: 1 of 3")
        // Without a terminal o 99 prints only what it says; + prints the screen again.
        #expect(screens.count == 2, "the first screen, the one after +")
        for screen in screens {
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).prefix {
                !$0.hasPrefix("which occurrence") && !$0.hasPrefix("Reviewed:")
            }
            let used = lines.reduce(0) { $0 + max(1, (DisplayWidth.of(String($1)) + columns - 1) / columns) }
            #expect(used <= rows, "\(screen)")
            // At 12 rows the kept lines are one each: the time without its label, the
            // organizer cut in cells.
            let kept =
                rows > 12
                ? ["  when       Mon 3 Jun 2024 00:30-01:00 PDT", "  organizer  Ann Example"]
                : ["\n  Mon 3 Jun 2024 00:30-01:00 PDT\n", "\n  organizer Ann Example"]
            for needed in ["Platform sync", "Space more"] + kept {
                #expect(screen.contains(needed), "\(needed)")
            }
        }
        #expect(screens[1].contains("\"99\" is no occurrence"))
        #expect(screens[0].components(separatedBy: "-- ").last != screens[1].components(separatedBy: "-- ").last)
        try Snapshot.assert(screens[0], named: "review-\(columns)x\(rows)")
    }

    /// A one-off at 40x12: the kept lines one each, so that the page holds more than a line or
    /// two, and its timeline is on the first page or the second (six Spaces once).
    @Test("A one-off at 40x12 reaches its timeline on the second page")
    func aOneOffAtFortyByTwelveReachesItsTimelineOnTheSecondPage() throws {
        let screens = try screens(columns: 40, rows: 12, keys: "s\n+\nq\n", place: "invites review: 2 of 3")
        #expect(screens.count == 2, "the one-off's first page, then its second")
        for screen in screens {
            let lines = screen.trimmingCharacters(in: .newlines).split(
                separator: "\n", omittingEmptySubsequences: false
            )
            .prefix { !$0.hasPrefix("Reviewed:") }
            #expect(lines.count <= 12, "\(screen)")
            #expect(screen.contains("Space more"), "a page line whenever anything is hidden")
        }
        #expect(screens.contains { $0.contains("[==") && $0.contains("invite ") }, "the timeline: \(screens)")
        try Snapshot.assert(screens.joined(separator: "\n"), named: "review-one-off-40x12")
    }

    /// A weekly series from Berlin begun in 2015, ingested at 1 June 2024, and the options
    /// that review it in Los Angeles.
    func berlinSeries() -> (CLIHarness, [String]) {
        var cli = CLIHarness()
        cli.now = { Date.utc("2024-06-01T00:00:00Z") }
        let series = cli.write(
            "series.ics",
            [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//t//EN", "METHOD:REQUEST", "BEGIN:VEVENT",
                "UID:berlin-weekly@example.org", "DTSTAMP:20150101T120000Z",
                "DTSTART;TZID=Europe/Berlin:20150112T223000", "DTEND;TZID=Europe/Berlin:20150112T233000",
                "RRULE:FREQ=WEEKLY;BYDAY=MO", "SUMMARY:Weekly planning with the Berlin office",
                "ORGANIZER;CN=Annegret Müller-Lüdenscheidt:mailto:annegret.mueller@example.org",
                "ATTENDEE;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:me@example.org", "END:VEVENT", "END:VCALENDAR", "",
            ].joined(separator: "\r\n"))
        let options = ["--tz", "America/Los_Angeles", "--me", "me@example.org", "--calendar", calendar]
        #expect(cli.run(options + ["ingest", series]).status == 0)
        return (cli, options)
    }

    /// A weekly series from Berlin begun in 2015, reviewed in Los Angeles at 40x12: `when`
    /// (next), `first`, `for them` and the organizer once filled the pane, with no page line,
    /// and Space did nothing. The kept lines are one each now, the first date and their time
    /// are paged first, and each Space moves.
    @Test("A series from another zone at 40x12 pages with each Space")
    func aSeriesFromAnotherZoneAtFortyByTwelvePages() throws {
        var (cli, options) = berlinSeries()
        cli.variables["LINES"] = "12"
        let review = cli.run(options + ["review", "--width", "40"], stdin: "+\n+\nq\n")
        #expect(review.status == 0, "\(review.err)")
        let screens = review.out.components(separatedBy: "invites review: 1 of 1").dropFirst().map {
            "invites review: 1 of 1" + $0
        }
        #expect(screens.count == 3, "the first page, then two Spaces")
        var shown: [String] = []
        for screen in screens {
            let lines = screen.trimmingCharacters(in: .newlines).split(
                separator: "\n", omittingEmptySubsequences: false
            )
            .prefix { !$0.hasPrefix("Reviewed:") }
            #expect(lines.count <= 12, "\(screen)")
            #expect(lines.allSatisfy { DisplayWidth.of(String($0)) <= 40 }, "\(screen)")
            let page = try #require(lines.first { $0.hasPrefix("-- ") }, "a page line: \(screen)")
            #expect(!shown.contains(String(page)), "Space moved: \(screen)")
            shown.append(String(page))
        }
        #expect(screens[0].contains("\n  next Mon 3 Jun 2024 13:30-14:30 PDT\n"), "\(screens[0])")
        #expect(screens[0].contains("  first      Mon 12 Jan 2015"), "paged first: \(screens[0])")
        #expect(screens[0].contains("  for them"), "\(screens[0])")
        try Snapshot.assert(screens.joined(separator: "\n"), named: "review-series-zone-40x12")
    }

    /// The first screens at 80x24 of the series from Berlin and of a one-off: the whole
    /// header and key list stay, the page holds a third of the pane or more.
    @Test func theFirstScreensAtEightyByTwentyFour() throws {
        var (cli, options) = berlinSeries()
        cli.variables["LINES"] = "24"
        let series = cli.run(options + ["review", "--width", "80"], stdin: "q\n").out
        let oneOff = try screens(columns: 80, rows: 24, keys: "s\nq\n", place: "invites review: 2 of 3")
        #expect(oneOff.count == 1)
        for screen in [series] + oneOff {
            #expect(screen.trimmingCharacters(in: .newlines).split(separator: "\n").count <= 24 + 1, "\(screen)")
        }
        try Snapshot.assert(series, named: "review-series-zone-80x24")
        try Snapshot.assert(oneOff.joined(), named: "review-one-off-80x24")
    }

    /// Keys as a terminal gives them, one at a time; each screen is drawn from the top.
    final class Keys: Keyboard, @unchecked Sendable {
        var keys: [Key]
        let singleKeys = true

        init(_ keys: [Key]) { self.keys = keys }

        func next() -> KeyboardEvent { keys.isEmpty ? .end : .key(keys.removeFirst()) }

        func restore() {}
    }

    /// The help on a terminal shorter than it: as much as fits, and how to go back.
    @Test func theHelpOnAShortPane() throws {
        var cli = try harness()
        cli.terminalRows = { 8 }
        let keys = Keys([.character("?")])
        cli.keyboard = { keys }
        let review = cli.run(options(cli) + ["review", "--width", "80"])
        let screens = review.out.components(separatedBy: "\u{1B}[H\u{1B}[2J")
        let help = try #require(screens.last?.components(separatedBy: "\n").prefix { !$0.hasPrefix("Reviewed") })
        #expect(help.filter { !$0.isEmpty }.count <= 8, "\(help)")
        #expect(help.first == ReviewSession.help[0])
        #expect(help.contains("(any key to go back)"))
    }

    /// Another `invites` declines the invitation on the screen: `a` on the stale screen does
    /// nothing but say so and draw it afresh; the `a` given again then accepts.
    @Test func anAnswerToAStaleScreenIsAskedAgain() throws {
        var cli = try harness()
        let other = cli
        let handle = "duse"
        let keyboard = Meanwhile(["a", "a", "q"]) {
            #expect(other.run(self.options(other) + ["decline", handle]).status == 0)
        }
        cli.keyboard = { keyboard }
        let review = cli.run(options(cli) + ["review", "--width", "132"])
        #expect(review.status == 0, "\(review.err)")
        #expect(
            review.out.contains(
                "duse: changed since this screen was drawn (it is declined now); nothing was done: this is it now, "
                    + "give the key again"))
        let afterStale = try #require(review.out.components(separatedBy: "changed since this screen").last)
        #expect(afterStale.contains("answer     declined"))
        #expect(afterStale.contains("duse: accepted \"Platform sync\""))
        let history = try JSONSerialization.jsonObject(with: Data(cli.run(["--json", "history", handle]).out.utf8))
        let actions = ((history as? [String: Any])?["entries"] as? [[String: Any]])?.map { $0["action"] as? String }
        #expect(actions == ["accepted", "declined"])
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
        #expect(cli.run(["review", "abcd", "efgh"]).status == 2)
        #expect(cli.run(["review", "abcd"]).status == 1)
    }

    /// `review HANDLE` (a desktop notification's `show`) starts at that invitation, then goes
    /// through the others waiting for an answer; one answered already says so in its header.
    @Test func aHandleIsReviewedFirst() throws {
        let cli = try harness()
        let pending = cli.run(options(cli) + ["review", "mg6z", "--width", "132"], stdin: "a\nq\n")
        #expect(pending.status == 0, "\(pending.err)")
        let screens = pending.out.components(separatedBy: "invites review: ")
        #expect(screens.count == 3)
        #expect(screens[1].hasPrefix("1 of 3 waiting for an answer, most recently changed first\n"))
        #expect(screens[1].contains("Family Reunion"))
        #expect(screens[2].hasPrefix("2 of 3 waiting for an answer"))
        #expect(screens[2].contains("mg6z: accepted \"Family Reunion\"") && screens[2].contains("Platform sync"))
        #expect(pending.out.hasSuffix("Reviewed: 1 answered, 2 still pending.\n"))

        #expect(cli.run(options(cli) + ["accept", "wjfv"]).status == 0)
        let answered = cli.run(options(cli) + ["review", "wjfv", "--width", "132"], stdin: "s\nd\nq\n")
        #expect(answered.status == 0, "\(answered.err)")
        #expect(
            answered.out.hasPrefix(
                "invites review: 1 of 2: wjfv is answered already (accepted); then those waiting for an answer, "
                    + "most recently changed first\n"))
        #expect(answered.out.contains("wjfv: skipped, still accepted"))
        #expect(answered.out.contains("duse: declined \"Platform sync\""))
        #expect(answered.out.hasSuffix("Reviewed: 1 answered, 0 still pending.\n"))
        #expect(try statuses(cli)["Team offsite"] == "accepted")
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
        var cli = CLIHarness()
        cli.now = ReviewCommandTests.before2018
        let options = ["--calendar", calendar, "--tz", "America/Los_Angeles"]
        #expect(cli.run(options + ["ingest", payload]).status == 0)
        let review = cli.run(options + ["review", "--before", "19h", "--width", "\(width)"], stdin: "q\n")
        try Snapshot.assert(review.out, named: "review-19h-\(width)")
    }
}
