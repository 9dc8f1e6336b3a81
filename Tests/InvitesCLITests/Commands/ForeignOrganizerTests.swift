import Foundation
import InvitesTestSupport
import Testing

/// Only the organizer on file speaks for a meeting: a stranger who knows a UID (every attendee
/// does) can neither move, cancel nor answer for another organizer's meeting, nor write over
/// or take out your own events (`Fixtures/Spoofing`).
@Suite struct ForeignOrganizerTests {
    let cli: CLIHarness
    let calendar: String

    init() throws {
        var cli = CLIHarness()
        cli.variables["INVITES_ME"] = "me@example.org"
        self.cli = cli
        try FileManager.default.createDirectory(atPath: cli.home, withIntermediateDirectories: true)
        calendar = cli.home + "/calendar.ics"
        try Fixture.data("Spoofing/my-calendar.ics").write(to: URL(fileURLWithPath: calendar))
        try cli.keepSentMail()
    }

    func run(_ arguments: [String], calendar: String? = nil) -> CLIHarness.Result {
        cli.run(["--calendar", calendar ?? self.calendar] + arguments)
    }

    func json(_ arguments: [String], calendar: String? = nil) throws -> [String: Any] {
        let result = run(["--json"] + arguments, calendar: calendar)
        return try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
    }

    func ingest(_ name: String, calendar: String? = nil) -> CLIHarness.Result {
        run(["ingest", Fixture.path("Spoofing/\(name)")], calendar: calendar)
    }

    func handle(_ result: CLIHarness.Result) -> String {
        String(result.out.prefix { $0 != " " })
    }

    func bytes(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }

    // MARK: Another organizer's meeting

    @Test(
        "An update in another organizer's name is not filed", arguments: ["mallory-update.ics", "mallory-cancel.ics"])
    func anUpdateInAnotherOrganizersNameIsNotFiled(_ spoof: String) throws {
        let alice = ingest("alice-request.ics")
        #expect(alice.status == 0)
        let handle = handle(alice)
        let before = try json(["show", handle])
        let result = ingest(spoof)
        #expect(result.status == 65)
        #expect(result.out.isEmpty)
        let verb = spoof.contains("cancel") ? "cancel" : "update"
        #expect(
            result.err
                == "invites: error: \(Fixture.path("Spoofing/\(spoof)")): claims to \(verb) \"Q3 review\" of "
                + "alice@corp.example, but its organizer is MALLORY@evil.example: not filed\n"
                .replacingOccurrences(of: "MALLORY", with: spoof.contains("cancel") ? "mallory" : "MALLORY"))
        let after = try json(["show", handle])
        #expect(NSDictionary(dictionary: before) == NSDictionary(dictionary: after))
        let listed = try #require(try json(["list", "--all"])["invites"] as? [[String: Any]])
        #expect(listed.count == 1)
        #expect(listed.first?["status"] as? String == "pending")
        #expect(listed.first?["title"] as? String == "Q3 review")
    }

    @Test("The organizer's own update is filed whatever the case of her address")
    func theOrganizersOwnUpdateIsFiledWhateverTheCaseOfHerAddress() throws {
        let handle = handle(ingest("alice-request.ics"))
        let update = ingest("alice-update.ics")
        #expect(update.status == 0)
        #expect(update.out.hasPrefix(handle))
        #expect(update.out.contains(" updated "))
        let shown = try #require(try json(["show", handle])["invite"] as? [String: Any])
        #expect(shown["start"] as? String == "2027-03-15T15:00:00Z")
    }

    @Test("An accepted meeting stays accepted and its answer goes to the real organizer")
    func anAcceptedMeetingStaysAcceptedAndItsAnswerGoesToTheRealOrganizer() throws {
        let handle = handle(ingest("alice-request.ics"))
        #expect(run(["accept", handle]).status == 0)
        let calendarAfterAccept = try bytes(calendar)
        #expect(ingest("mallory-update.ics").status == 65)
        #expect(ingest("mallory-cancel.ics").status == 65)
        #expect(try bytes(calendar) == calendarAfterAccept)
        let outbox = run(["outbox"])
        #expect(outbox.out.contains("queued"))
        #expect(!outbox.out.contains("withdrawn"))
        #expect(run(["send"]).status == 0)
        let mails = cli.sentMail
        #expect(mails.count == 1)
        #expect(mails.first?.contains("To: Alice Example <alice@corp.example>") == true)
        #expect(mails.first?.contains("mallory") == false)
        #expect(mails.first?.contains("Subject: Accepted: Q3 review") == true)
    }

    @Test("A declined proposal in another organizer's name is refused")
    func aDeclinedProposalInAnotherOrganizersNameIsRefused() throws {
        let handle = handle(ingest("alice-request.ics"))
        let result = ingest("mallory-declinecounter.ics")
        #expect(result.status == 65)
        #expect(result.err.contains("claims to decline your proposal for \"Q3 review\" of alice@corp.example"))
        #expect(try (json(["history", handle])["entries"] as? [Any])?.isEmpty == true)
    }

    @Test("A Maildir pass reports the refusal and files the rest")
    func aMailDirPassReportsTheRefusalAndFilesTheRest() throws {
        let maildir = cli.home + "/Mail/INBOX"
        for folder in ["new", "cur", "tmp"] {
            try FileManager.default.createDirectory(atPath: maildir + "/" + folder, withIntermediateDirectories: true)
        }
        #expect(ingest("alice-request.ics").status == 0)
        for (name, fixture) in [("1.spoof", "mallory-update.ics"), ("2.other", "spam-over-my-event.ics")] {
            let part = try String(contentsOfFile: Fixture.path("Spoofing/\(fixture)"), encoding: .utf8)
            let mail =
                "From: someone@evil.example\r\nTo: me@example.org\r\nSubject: x\r\nMessage-ID: <\(name)@evil.example>\r\n"
                + "MIME-Version: 1.0\r\nContent-Type: text/calendar; method=REQUEST; charset=utf-8\r\n\r\n" + part
            FileManager.default.createFile(atPath: maildir + "/new/" + name, contents: Data(mail.utf8))
        }
        let result = run(["ingest", "--maildir", maildir])
        #expect(result.status == 1)
        #expect(result.err.contains("1.spoof: claims to update \"Q3 review\" of alice@corp.example"))
        #expect(result.out.contains("new"))
        #expect(result.out.contains("Free crypto"))
        #expect(!result.out.contains("updated"))
    }

    // MARK: Your own events

    @Test(
        "An invitation never writes over your own event in a file",
        arguments: [
            ("spam-over-my-meeting.ics", "your own event \"Team sync\" (organizer me@example.org)"),
            ("spam-over-my-event.ics", "your own event \"Dentist\" (no organizer)"),
        ])
    func anInvitationNeverWritesOverYourOwnEventInAFile(_ spam: String, _ named: String) throws {
        let before = try bytes(calendar)
        let ingested = ingest(spam)
        let handle = handle(ingested)
        let refusal =
            "\(calendar) holds \(named) under the invitation's UID; the invitation from "
            + "spam@evil.example never writes over it"
        #expect(ingested.err == "invites: warning: \(handle): \(refusal)\n")
        let shown = run(["show", "--width", "300", handle])
        #expect(shown.out.contains("  warning    \(refusal); accept refuses\n"))
        #expect(try json(["show", handle])["collision"] as? String == refusal)
        let accepted = run(["accept", handle])
        #expect(accepted.status == 1)
        #expect(
            accepted.err
                == "invites: error: \(calendar) holds \(named) under the invitation's UID; the invitation from "
                + "spam@evil.example never writes over it\n")
        #expect(try bytes(calendar) == before)
        #expect(try (json(["history", handle])["entries"] as? [Any])?.isEmpty == true)
        #expect(try json(["show", handle])["collision"] as? String == refusal)
        #expect(run(["decline", handle]).status == 0)
        #expect(try bytes(calendar) == before)
        #expect(run(["tentative", handle]).status == 1)
        #expect(try bytes(calendar) == before)
    }

    /// With the clock past the calendar's writing, the first look keeps the file's UIDs in the
    /// cache and the later ones answer from them: the warnings are the same.
    @Test("The warning is the same when the calendar's UIDs are kept")
    func theWarningIsTheSameWhenTheCalendarsUIDsAreKept() throws {
        var later = cli
        later.now = { Date().addingTimeInterval(120) }
        func run(_ arguments: [String]) -> CLIHarness.Result { later.run(["--calendar", calendar] + arguments) }
        let alice = run(["ingest", Fixture.path("Spoofing/alice-request.ics")])
        #expect(alice.status == 0 && alice.err.isEmpty)
        let refusal =
            "\(calendar) holds your own event \"Dentist\" (no organizer) under the invitation's UID; the invitation "
            + "from spam@evil.example never writes over it"
        let ingested = run(["ingest", Fixture.path("Spoofing/spam-over-my-event.ics")])
        let handle = handle(ingested)
        #expect(ingested.err == "invites: warning: \(handle): \(refusal)\n")
        for _ in 0..<2 {
            #expect(run(["show", "--width", "300", handle]).out.contains("  warning    \(refusal); accept refuses\n"))
            let shown = run(["--json", "show", handle])
            let json = try #require(try JSONSerialization.jsonObject(with: Data(shown.out.utf8)) as? [String: Any])
            #expect(json["collision"] as? String == refusal)
            let other = run(["--json", "show", self.handle(alice)])
            let otherJSON = try #require(
                try JSONSerialization.jsonObject(with: Data(other.out.utf8)) as? [String: Any])
            #expect(otherJSON["collision"] is NSNull)
        }
        #expect(FileManager.default.fileExists(atPath: cli.home + "/cache.sqlite3"))
    }

    @Test("An invitation never writes over or deletes your own event in a vdir")
    func anInvitationNeverWritesOverOrDeletesYourOwnEventInAVdir() throws {
        let vdir = cli.home + "/vdir"
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        let text = try String(contentsOfFile: calendar, encoding: .utf8)
        let events = text.components(separatedBy: "BEGIN:VEVENT\r\n").dropFirst().map {
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//khal//khal//EN\r\nBEGIN:VEVENT\r\n"
                + $0.replacingOccurrences(of: "END:VCALENDAR\r\n", with: "") + "END:VCALENDAR\r\n"
        }
        // The names khal gives: the UID, and a name of its own.
        let meeting = vdir + "/team-sync-2027@example.org.ics"
        let dentist = vdir + "/6c1f0f.ics"
        FileManager.default.createFile(atPath: meeting, contents: Data(events[0].utf8))
        FileManager.default.createFile(atPath: dentist, contents: Data(events[1].utf8))
        for (spam, item) in [("spam-over-my-meeting.ics", meeting), ("spam-over-my-event.ics", dentist)] {
            let before = try bytes(item)
            let ingested = ingest(spam, calendar: vdir)
            let handle = handle(ingested)
            // Only the item named after the UID is looked at beforehand; accept reads them all.
            #expect(ingested.err.contains("holds your own event") == (item == meeting))
            let accepted = run(["accept", handle], calendar: vdir)
            #expect(accepted.status == 1)
            #expect(accepted.err.contains("\(item) holds your own event"))
            #expect(run(["decline", handle], calendar: vdir).status == 0)
            #expect(try bytes(item) == before)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: vdir).count == 2)
    }

    @Test("A copy of another organizer's in the calendar is not written over")
    func aCopyOfAnotherOrganizerInTheCalendarIsNotWrittenOver() throws {
        let vdir = cli.home + "/vdir"
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        // Alice's meeting, as another calendar program put it there (not found as an invitation:
        // it does not list you).
        let alice = try String(contentsOfFile: Fixture.path("Spoofing/alice-request.ics"), encoding: .utf8)
            .replacingOccurrences(of: "METHOD:REQUEST\r\n", with: "")
            .replacingOccurrences(
                of: "ATTENDEE;CN=Me;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:me@example.org\r\n", with: "")
        let item = vdir + "/q3.ics"
        FileManager.default.createFile(atPath: item, contents: Data(alice.utf8))
        let spoof = try String(contentsOfFile: Fixture.path("Spoofing/mallory-update.ics"), encoding: .utf8)
        let file = cli.write("spoof.ics", spoof)
        let handle = handle(run(["ingest", file], calendar: vdir))
        let accepted = run(["accept", handle], calendar: vdir)
        #expect(accepted.status == 1)
        #expect(
            accepted.err.contains(
                "\(item) holds \"Q3 review\" of alice@corp.example under the invitation's UID; the invitation from "
                    + "MALLORY@evil.example never writes over another organizer's meeting"))
        #expect(try String(contentsOfFile: item, encoding: .utf8) == alice)
    }

    // MARK: The copy your server placed

    @Test("A server-placed meeting is not moved nor answered for a stranger")
    func aServerPlacedMeetingIsNotMovedNorAnsweredForAStranger() throws {
        let vdir = cli.home + "/vdir"
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        let placed = try String(contentsOfFile: Fixture.path("Spoofing/alice-request.ics"), encoding: .utf8)
            .replacingOccurrences(of: "METHOD:REQUEST\r\n", with: "")
        let item = vdir + "/4b1e.ics"
        FileManager.default.createFile(atPath: item, contents: Data(placed.utf8))
        let listed = try #require(try json(["list"], calendar: vdir)["invites"] as? [[String: Any]])
        let handle = try #require(listed.first?["handle"] as? String)
        let spoof = run(["ingest", Fixture.path("Spoofing/mallory-update.ics")], calendar: vdir)
        #expect(spoof.status == 65)
        #expect(run(["ingest", Fixture.path("Spoofing/mallory-cancel.ics")], calendar: vdir).status == 65)
        let shown = try #require(try json(["show", handle], calendar: vdir)["invite"] as? [String: Any])
        #expect(shown["start"] as? String == "2027-03-15T14:00:00Z")
        #expect(shown["status"] as? String == "pending")
        #expect(run(["decline", handle], calendar: vdir).status == 0)
        let after = try String(contentsOfFile: item, encoding: .utf8)
        #expect(after.contains("PARTSTAT=DECLINED"))
        #expect(after.contains("ORGANIZER;CN=Alice Example:mailto:alice@corp.example"))
        #expect(!after.contains("mallory"))
    }

    @Test("An item in another organizer's name is not followed")
    func anItemInAnotherOrganizersNameIsNotFollowed() throws {
        let vdir = cli.home + "/vdir"
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        let handle = handle(run(["ingest", Fixture.path("Spoofing/alice-request.ics")], calendar: vdir))
        // A copy of the same UID in Mallory's name turns up in the calendar (a stranger's server
        // placed it, or a sync brought it).
        let spoof = try String(contentsOfFile: Fixture.path("Spoofing/mallory-update.ics"), encoding: .utf8)
            .replacingOccurrences(of: "METHOD:REQUEST\r\n", with: "")
        FileManager.default.createFile(atPath: vdir + "/x.ics", contents: Data(spoof.utf8))
        let listed = run(["list"], calendar: vdir)
        #expect(listed.err.contains("x.ics: claims to update \"Q3 review\" of alice@corp.example"))
        let shown = try #require(try json(["show", handle], calendar: vdir)["invite"] as? [String: Any])
        #expect(shown["start"] as? String == "2027-03-15T14:00:00Z")
        #expect(shown["source"] as? String != "calendar")
    }

    // MARK: Who sent the mail

    @Test func aMailFromAnotherThanTheOrganizerSaysSo() throws {
        let handle = handle(ingest("mallory-invites-as-alice.eml"))
        let shown = run(["show", handle])
        #expect(shown.out.contains("organizer  Alice Example <alice@corp.example>\n"))
        #expect(shown.out.contains("mail       sent by mallory@evil.example for alice@corp.example\n"))
        let listed = try #require(try json(["list"])["invites"] as? [[String: Any]])
        let mail = try #require(listed.first?["mail"] as? [String: Any])
        #expect(mail["from"] as? String == "mallory@evil.example")
        #expect(mail["fromOrganizer"] as? Bool == false)
        #expect(mail["note"] as? String == "sent by mallory@evil.example for alice@corp.example")
        let showJSON = try #require(try json(["show", handle])["invite"] as? [String: Any])
        #expect((showJSON["mail"] as? [String: Any])?["fromOrganizer"] as? Bool == false)
    }

    @Test("A failed check by your mail server is told, and a forged pass below it is not")
    func aFailedCheckOfTheReceivingServerIsToldAndAForgedPassBelowItIsNot() throws {
        let handle = handle(ingest("alice-forged-from.eml"))
        let shown = run(["show", "--width", "120", handle])
        #expect(
            shown.out.contains(
                "mail       your mail server's checks of its sender failed (dkim=fail, spf=fail, dmarc=fail)\n"))
        let listed = try #require(try json(["list"])["invites"] as? [[String: Any]])
        let mail = try #require(listed.first?["mail"] as? [String: Any])
        #expect(mail["fromOrganizer"] as? Bool == true)
        #expect(mail["failedChecks"] as? [String] == ["dkim=fail", "spf=fail", "dmarc=fail"])
    }

    @Test("A service named as SENT-BY sends for the organizer")
    func aServiceNamedAsSentBySendsForTheOrganizer() throws {
        let handle = handle(ingest("service-for-alice.eml"))
        #expect(!run(["show", handle]).out.contains("mail  "))
        let listed = try #require(try json(["list"])["invites"] as? [[String: Any]])
        let mail = try #require(listed.first?["mail"] as? [String: Any])
        #expect(mail["fromOrganizer"] as? Bool == true)
        #expect(mail["note"] is NSNull)
        #expect(mail["sender"] as? String == "calendar-notification@google.com")
    }
}
