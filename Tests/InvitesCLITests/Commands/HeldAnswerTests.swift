import Foundation
import InvitesKit
import InvitesTestSupport
import Testing

/// The usual order with a scheduling server: the mail is answered before the sync brings the
/// copy the server placed. The answer is held, goes into that copy when it comes (the server
/// replies, once; no second item of the UID), and past `server_wait` invites answers itself.
@Suite struct HeldAnswerTests {
    /// A clock the test moves on.
    final class Clock: @unchecked Sendable {
        var now = Date.utc("2027-03-01T09:00:00Z")
    }

    let clock = Clock()
    let cli: CLIHarness
    let vdir: String
    let mail: String

    init() throws {
        var cli = CLIHarness()
        cli.variables["INVITES_ME"] = "me@example.org"
        let clock = self.clock
        cli.now = { clock.now }
        self.cli = cli
        vdir = cli.home + "/calendars/work"
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        // An invitation the server put there before: this calendar is served by a scheduling
        // server.
        try Fixture.data("Scheduling/xandikos-copy.ics").write(to: URL(fileURLWithPath: vdir + "/earlier.ics"))
        try cli.keepSentMail(config: "send = always\n")
        let part = try String(contentsOfFile: Fixture.path("Spoofing/alice-request.ics"), encoding: .utf8)
        mail = cli.write(
            "invitation.eml",
            "From: Alice Example <alice@corp.example>\r\nTo: me@example.org\r\nSubject: Invitation: Q3 review\r\n"
                + "Message-ID: <q3@corp.example>\r\nMIME-Version: 1.0\r\n"
                + "Content-Type: text/calendar; method=REQUEST; charset=utf-8\r\n\r\n" + part)
    }

    func run(_ arguments: [String]) -> CLIHarness.Result {
        cli.run(["--calendar", vdir] + arguments)
    }

    func json(_ arguments: [String]) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(run(["--json"] + arguments).out.utf8)) as? [String: Any])
    }

    var items: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: vdir)) ?? []).sorted() }
    var sent: [String] { cli.sentMail }

    /// The server's copy arrives with the sync, under a name of its own.
    func serverPlacesItsCopy() throws -> String {
        let copy = try String(contentsOfFile: Fixture.path("Spoofing/alice-request.ics"), encoding: .utf8)
            .replacingOccurrences(of: "METHOD:REQUEST\r\n", with: "")
        let path = vdir + "/7f3e9a.ics"
        FileManager.default.createFile(atPath: path, contents: Data(copy.utf8))
        return path
    }

    /// The organizer's update: SEQUENCE 1, the next day at 16:00, as the server's copy
    /// (`method` nil) or as a mail with that METHOD.
    func moved(method: String?) throws -> String {
        var text = try String(contentsOfFile: Fixture.path("Spoofing/alice-request.ics"), encoding: .utf8)
            .replacingOccurrences(of: "SEQUENCE:0", with: "SEQUENCE:1")
            .replacingOccurrences(of: "DTSTAMP:20270301T090000Z", with: "DTSTAMP:20270301T100000Z")
            .replacingOccurrences(of: "DTSTART:20270315T140000Z", with: "DTSTART:20270316T160000Z")
            .replacingOccurrences(of: "DTEND:20270315T150000Z", with: "DTEND:20270316T170000Z")
        guard let method else { return text.replacingOccurrences(of: "METHOD:REQUEST\r\n", with: "") }
        text = text.replacingOccurrences(of: "METHOD:REQUEST", with: "METHOD:\(method)")
        return cli.write(
            "update-\(method).eml",
            "From: Alice Example <alice@corp.example>\r\nTo: me@example.org\r\nSubject: Updated: Q3 review\r\n"
                + "Message-ID: <q3-\(method)@corp.example>\r\nMIME-Version: 1.0\r\n"
                + "Content-Type: text/calendar; method=\(method); charset=utf-8\r\n\r\n" + text)
    }

    /// The server's copy comes ten minutes on, and a look puts the held `answer` into it and
    /// says so: the copy's path, and the copy as it then reads.
    func theCopyComes(handle: String, answer: String) throws -> (path: String, item: String) {
        let copy = try serverPlacesItsCopy()
        clock.now = clock.now.addingTimeInterval(600)
        let look = run(["list", "--all"])
        #expect(
            look.err.contains(
                "\(handle): your answer (\(answer)) to \"Q3 review\" went into the copy your calendar server put in "
                    + "\(copy); the server replies when the calendar syncs"))
        return (copy, try String(contentsOfFile: copy, encoding: .utf8))
    }

    func deliveries(_ handle: String) throws -> [String] {
        try #require(try json(["history", handle])["entries"] as? [[String: Any]]).compactMap {
            $0["delivery"] as? String
        }
    }

    @Test("An answer before the server's copy is held, then goes into it")
    func anAnswerBeforeTheServersCopyIsHeldThenGoesIntoIt() throws {
        let handle = String(run(["ingest", mail]).out.prefix { $0 != " " })
        let accepted = run(["accept", handle, "--comment", "Gladly"])
        #expect(accepted.status == 0)
        #expect(accepted.out == "\(handle): accepted \"Q3 review\"; held for your calendar server's copy\n")
        #expect(accepted.err.contains("with no copy by Mon 1 Mar 2027 11:00, invites adds it to \(vdir)"))
        #expect(items == ["earlier.ics"])
        #expect(sent.isEmpty)
        #expect(try deliveries(handle) == ["held"])
        #expect(run(["history", handle]).out.contains("[held for your calendar server's copy of the invitation]"))
        #expect(run(["status"]).out == "1 pending\n")
        let outbox = run(["outbox"]).out
        #expect(outbox.contains("Held for your calendar server's copy"))
        #expect(
            outbox.contains("\(handle)  accepted     Q3 review  (invites replies itself after Mon 1 Mar 2027 11:00)"))

        let (copy, item) = try theCopyComes(handle: handle, answer: "accepted")
        #expect(item.contains("ATTENDEE;CN=Me;PARTSTAT=ACCEPTED;RSVP=TRUE:mailto:me@example.org"))
        #expect(item.contains("COMMENT:Gladly"))
        #expect(items == ["7f3e9a.ics", "earlier.ics"])
        #expect(sent.isEmpty)
        #expect(try deliveries(handle) == ["server"])
        let listed = try #require(try json(["list", "--all"])["invites"] as? [[String: Any]])
        let q3 = try #require(listed.first { $0["handle"] as? String == handle })
        #expect(q3["status"] as? String == "accepted")
        #expect((q3["calendarItem"] as? [String: Any])?["path"] as? String == copy)
        // Nothing more happens at the next look, and the mail read again changes nothing.
        #expect(!run(["list"]).err.contains(handle))
        #expect(run(["ingest", mail]).out.contains("unchanged"))
        #expect(sent.isEmpty)
    }

    @Test("With no copy in time, invites adds it and replies itself")
    func withNoCopyInTimeInvitesAddsItAndRepliesItself() throws {
        let handle = String(run(["ingest", mail]).out.prefix { $0 != " " })
        #expect(run(["decline", handle, "--comment", "Away"]).status == 0)
        #expect(run(["accept", handle]).status == 0)
        clock.now = clock.now.addingTimeInterval(3_600)
        #expect(!run(["list"]).err.contains(handle))
        #expect(items == ["earlier.ics"])
        clock.now = clock.now.addingTimeInterval(3_601)
        let look = run(["status"])
        // The invitation the server placed earlier is the one still pending.
        #expect(look.out == "1 pending\n")
        #expect(
            look.err.contains(
                "\(handle): no copy of \"Q3 review\" from your calendar server after 2h: added to \(vdir), and "
                    + "invites replies to the organizer itself"))
        #expect(items.count == 2)
        #expect(sent.count == 1)
        #expect(sent.first?.contains("Subject: Accepted: Q3 review") == true)
        #expect(sent.first?.contains("Away") == false)
        #expect(try deliveries(handle) == ["sent", "superseded"])
    }

    @Test func sendAndAClientCalendarAnswerAtOnce() throws {
        let handle = String(run(["ingest", mail]).out.prefix { $0 != " " })
        let sentNow = run(["accept", handle, "--send"])
        #expect(!sentNow.out.contains("held for"))
        #expect(sent.count == 1)
        var config = try String(contentsOfFile: cli.home + "/config/invites/config", encoding: .utf8)
        config += "scheduling = client \(vdir)\n"
        try config.write(toFile: cli.home + "/config/invites/config", atomically: true, encoding: .utf8)
        let declined = run(["decline", handle])
        #expect(declined.out.hasPrefix("\(handle): declined \"Q3 review\"; removed from \(vdir)\n"))
        #expect(sent.count == 2)
    }

    @Test("A calendar no server placed invitations in is answered at once")
    func aCalendarNoServerPlacedInvitationsInIsAnsweredAtOnce() throws {
        try FileManager.default.removeItem(atPath: vdir + "/earlier.ics")
        let handle = String(run(["ingest", mail]).out.prefix { $0 != " " })
        let accepted = run(["accept", handle])
        #expect(accepted.out.hasPrefix("\(handle): accepted \"Q3 review\"; added to"))
        #expect(sent.count == 1)
    }

    @Test func aWaitNotInWholeMinutesIsSaidAsSet() throws {
        var config = try String(contentsOfFile: cli.home + "/config/invites/config", encoding: .utf8)
        config += "server_wait = 90s\n"
        try config.write(toFile: cli.home + "/config/invites/config", atomically: true, encoding: .utf8)
        let handle = String(run(["ingest", mail]).out.prefix { $0 != " " })
        #expect(run(["accept", handle]).out.hasSuffix("; held for your calendar server's copy\n"))
        clock.now = clock.now.addingTimeInterval(91)
        let look = run(["list"])
        // Minutes alone said "after 2m", and a wait of 30s "after 0m".
        #expect(
            look.err.contains("\(handle): no copy of \"Q3 review\" from your calendar server after 1m30s: added to"))
        #expect(sent.count == 1)
    }

    /// When `watch`, with nothing in a folder changing, is to wake for a held answer: the end
    /// of the earliest wait; one already over (it could not be settled) a minute on, not at
    /// once, which would spin.
    @Test(arguments: [
        ([String](), nil as String?),
        (["2027-03-01T09:00:00Z"], "2027-03-01T11:00:00Z"),
        (["2027-03-01T09:30:00Z", "2027-03-01T08:30:00Z"], "2027-03-01T10:30:00Z"),
        (["2027-03-01T07:00:00Z"], "2027-03-01T10:01:00Z"),
        (["2027-03-01T08:00:00Z"], "2027-03-01T10:01:00Z"),
    ])
    func watchWakesWhenTheEarliestWaitEnds(since: [String], expected: String?) {
        let now = Date.utc("2027-03-01T10:00:00Z")
        let next = AnswerController.nextHeldSettle(since: since.map(Date.utc), wait: 7_200, now: now)
        #expect(next == expected.map(Date.utc))
    }

    /// The organizer moved the meeting before the server's copy came: the answer was to the
    /// earlier time. Writing it into the copy would have the server accept the new time for
    /// you; it goes nowhere, and the invitation is pending again.
    @Test("An answer the organizer moved before the copy came is not put in it")
    func anAnswerTheOrganizerMovedBeforeTheCopyCameIsNotPutInIt() throws {
        let handle = String(run(["ingest", mail]).out.prefix { $0 != " " })
        #expect(run(["accept", handle, "--comment", "Gladly"]).status == 0)
        let path = vdir + "/7f3e9a.ics"
        FileManager.default.createFile(atPath: path, contents: Data(try moved(method: nil).utf8))
        let look = run(["list", "--all"])
        #expect(
            look.err.contains(
                "\(handle): the organizer moved \"Q3 review\" before your calendar server's copy came: your answer "
                    + "(accepted) was to the earlier time and was not sent; answer again"))
        #expect(!look.err.contains("went into the copy"))
        let item = try String(contentsOfFile: path, encoding: .utf8)
        #expect(item.contains("PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:me@example.org"))
        #expect(!item.contains("Gladly"))
        #expect(try deliveries(handle) == ["outdated"])
        #expect(
            run(["history", handle]).out.contains(
                "[reply not sent: the organizer moved it before your calendar server's copy came, nor its comment]"))
        let listed = try #require(try json(["list", "--all"])["invites"] as? [[String: Any]])
        #expect(listed.first { $0["handle"] as? String == handle }?["status"] as? String == "pending")
        #expect(sent.isEmpty)
        // Answered again, for the new time: into the copy, as any found invitation.
        #expect(run(["accept", handle]).out.hasPrefix("\(handle): accepted \"Q3 review\"; updated in \(path)"))
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("PARTSTAT=ACCEPTED;RSVP=TRUE"))
        #expect(try deliveries(handle) == ["server", "outdated"])
        #expect(sent.isEmpty)
    }

    /// The update came by mail and no copy came: past the wait invites neither writes the
    /// old answer into the calendar nor says it replies, and sends nothing.
    @Test("An answer the organizer moved by mail is not sent after the wait")
    func anAnswerTheOrganizerMovedByMailIsNotSentAfterTheWait() throws {
        let handle = String(run(["ingest", mail]).out.prefix { $0 != " " })
        #expect(run(["accept", handle]).status == 0)
        #expect(run(["ingest", try moved(method: "REQUEST")]).out.contains("updated"))
        clock.now = clock.now.addingTimeInterval(7_201)
        let look = run(["list"])
        #expect(look.err.contains("\(handle): the organizer moved \"Q3 review\" before your calendar server's copy"))
        #expect(!look.err.contains("invites replies to the organizer itself"))
        #expect(items == ["earlier.ics"])
        #expect(sent.isEmpty)
        #expect(try deliveries(handle) == ["outdated"])
        #expect((try json(["outbox", "--all"])["messages"] as? [Any])?.isEmpty == true)
    }

    /// Cancelled before the copy came or the wait ended: the answer is withdrawn, as one
    /// waiting in the outbox would be.
    @Test("An answer to an invitation cancelled meanwhile is withdrawn")
    func anAnswerToAnInvitationCancelledMeanwhileIsWithdrawn() throws {
        let handle = String(run(["ingest", mail]).out.prefix { $0 != " " })
        #expect(run(["accept", handle]).status == 0)
        #expect(run(["ingest", try moved(method: "CANCEL")]).out.contains("cancelled"))
        clock.now = clock.now.addingTimeInterval(7_201)
        let look = run(["status"])
        #expect(
            look.err.contains(
                "\(handle): the organizer cancelled \"Q3 review\" before your calendar server's copy came: your "
                    + "answer (accepted) was not sent"))
        #expect(items == ["earlier.ics"])
        #expect(sent.isEmpty)
        #expect(try deliveries(handle) == ["withdrawn"])
    }

    /// `history --json` of a held answer, and of one the organizer overtook, follows
    /// `docs/json-schema.json`.
    @Test func theHistoryOfHeldAnswersFollowsTheSchema() throws {
        let validator = try JSONSchemaValidator(path: CLIHarness.repositoryFile("docs/json-schema.json"))
        let handle = String(run(["ingest", mail]).out.prefix { $0 != " " })
        #expect(run(["accept", handle]).status == 0)
        let held = try JSONSerialization.jsonObject(with: Data(run(["--json", "history"]).out.utf8))
        #expect(validator.problems(held, against: ["$ref": "#/$defs/history"]).isEmpty)
        #expect(run(["ingest", try moved(method: "REQUEST")]).status == 0)
        clock.now = clock.now.addingTimeInterval(7_201)
        let outdated = try JSONSerialization.jsonObject(with: Data(run(["--json", "history"]).out.utf8))
        #expect(validator.problems(outdated, against: ["$ref": "#/$defs/history"]).isEmpty)
        #expect(try deliveries(handle) == ["outdated"])
    }
}
