import Foundation
import InvitesKit
import InvitesTestSupport
import Testing

/// Invitations a scheduling server put in your calendar, as a vdirsyncer user meets them: found
/// with no ingest, answered in place, and replied to once, by the server or by invites as the
/// `scheduling` setting says.
@Suite struct ServerSchedulingTests {
    let cli: CLIHarness
    let vdir: String
    let item: String
    let sentFolder: String
    let uid = "0a1b2c3d4e5f@google.com"

    init() throws {
        var cli = CLIHarness()
        cli.variables["INVITES_ME"] = "me@example.org"
        self.cli = cli
        vdir = cli.home + "/calendars/work"
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        item = vdir + "/5f3a9c2e-7d41-4c1b-9f3e-0b6f2a9d8c11.ics"
        try Fixture.data("ServerCopies/google-meeting.ics").write(to: URL(fileURLWithPath: item))
        sentFolder = cli.home + "/sent"
        try config("")
    }

    /// A config with a sendmail stand-in that keeps what it is given, `send = always`, and more.
    func config(_ extra: String) throws {
        let script = cli.write("sendmail", "#!/bin/sh\nmkdir -p \"\(sentFolder)\"\ncat > \"\(sentFolder)/$$.eml\"\n")
        try FileManager.default.createDirectory(atPath: cli.home + "/config/invites", withIntermediateDirectories: true)
        let text = "send = always\nsendmail = /bin/sh \(script) -t -i\n\(extra)"
        FileManager.default.createFile(atPath: cli.home + "/config/invites/config", contents: Data(text.utf8))
    }

    func run(_ arguments: [String], stdin: String = "") -> CLIHarness.Result {
        cli.run(["--calendar", vdir] + arguments, stdin: stdin)
    }

    func json(_ arguments: [String]) throws -> [String: Any] {
        let result = run(["--json"] + arguments)
        return try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
    }

    func listed(_ arguments: [String] = ["list", "--all"]) throws -> [[String: Any]] {
        try #require(try json(arguments)["invites"] as? [[String: Any]])
    }

    /// The organizer's mail of the invitation the server put in the calendar.
    func invitationMail(messageID: String) throws -> String {
        let calendar = try String(decoding: Fixture.data("ServerCopies/google-meeting.ics"), as: UTF8.self)
            .replacingOccurrences(of: "CALSCALE:GREGORIAN\r\n", with: "CALSCALE:GREGORIAN\r\nMETHOD:REQUEST\r\n")
        return "From: boss@example.org\r\nTo: me@example.org\r\nSubject: Invitation: Quarterly planning\r\n"
            + "Message-ID: <\(messageID)>\r\nMIME-Version: 1.0\r\n"
            + "Content-Type: text/calendar; method=REQUEST; charset=UTF-8\r\n\r\n" + calendar
    }

    var sent: Int { ((try? FileManager.default.contentsOfDirectory(atPath: sentFolder)) ?? []).count }

    func itemLines() throws -> [String] {
        try Data(contentsOf: URL(fileURLWithPath: item)).split(separator: 0x0A).map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    @Test func foundWithNoIngestAndCountedByStatus() throws {
        let invites = try listed(["list"])
        #expect(invites.count == 1)
        #expect(invites.first?["uid"] as? String == uid)
        #expect(invites.first?["status"] as? String == "pending")
        #expect(invites.first?["source"] as? String == "calendar")
        let found = try #require(invites.first?["calendarItem"] as? [String: Any])
        #expect(found["path"] as? String == item)
        #expect(found["gone"] as? Bool == false)
        #expect(run(["status"]).out == "1 pending\n")
        #expect(run(["list"]).out.contains("[in your calendar]"))
    }

    @Test func acceptedInPlaceTheServerReplies() throws {
        let before = try itemLines()
        let handle = try #require(try listed().first?["handle"] as? String)
        let result = run(["accept", handle])
        #expect(result.status == 0)
        #expect(result.out == "\(handle): accepted \"Quarterly planning\"; updated in \(item)\n")
        #expect(result.err.contains("the reply goes through your calendar server when it syncs"))
        #expect(result.err.contains("scheduling = client \(vdir)"))
        let after = try itemLines()
        #expect(zip(before, after).filter { $0 != $1 }.count == 2)
        #expect(after[10] == "ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=TRUE\r")
        #expect(try FileManager.default.contentsOfDirectory(atPath: vdir).count == 1)
        #expect(sent == 0)
        #expect(
            run(["outbox"]).out
                == "Nothing waits to be sent.\n\nThe reply goes through your calendar server when it syncs "
                + "(scheduling) for:\n\(handle)  accepted     Quarterly planning  (Sat 1 Jun 2024 12:00)\n")
        #expect(run(["history"]).out.contains("[reply through your calendar server]"))
        let entries = try #require(try json(["history"])["entries"] as? [[String: Any]])
        #expect(entries.first?["delivery"] as? String == "server")
        #expect(try listed().first?["status"] as? String == "accepted")
    }

    @Test func reviewAnswersInPlaceAndSaysWhoReplies() throws {
        let result = run(["review"], stdin: "a\n")
        #expect(result.status == 0)
        #expect(result.out.contains("accepted \"Quarterly planning\"; updated in \(item)"))
        #expect(result.out.contains("the reply goes through your calendar server when it syncs"))
        #expect(try String(contentsOfFile: item, encoding: .utf8).contains("PARTSTAT=ACCEPTED;RSVP="))
        #expect(sent == 0)
    }

    @Test("The same invitation by mail afterwards is one invitation and no second reply")
    func theSameInvitationByMailAfterwardsIsOneInvitationAndNoSecondReply() throws {
        let handle = try #require(try listed().first?["handle"] as? String)
        #expect(run(["accept", handle]).status == 0)
        let item = try Data(contentsOf: URL(fileURLWithPath: self.item))
        let mail = try invitationMail(messageID: "inv-1@google.com")
        let ingested = run(["ingest", "-"], stdin: mail)
        #expect(ingested.status == 0)
        #expect(ingested.out.hasPrefix("\(handle)  unchanged"))
        #expect(!ingested.err.contains("stale"))
        #expect(try listed().count == 1)
        #expect(try listed().first?["status"] as? String == "accepted")
        #expect(try Data(contentsOf: URL(fileURLWithPath: self.item)) == item)
        #expect(sent == 0)
    }

    @Test(arguments: [
        ("RSVP=\r\n TRUE;CN=me@example.org", "RSVP=\r\n TRUE;SCHEDULE-AGENT=CLIENT;CN=me@example.org"),
        ("ORGANIZER;CN=Boss Person:", "ORGANIZER;CN=Boss Person;SCHEDULE-AGENT=CLIENT:"),
        ("ORGANIZER;CN=Boss Person:", "ORGANIZER;SCHEDULE-AGENT=NONE;CN=Boss Person:"),
    ])
    func scheduleAgentClientMakesInvitesReplyOnce(_ replacing: (String, String)) throws {
        let text = try String(contentsOfFile: item, encoding: .utf8).replacingOccurrences(
            of: replacing.0, with: replacing.1)
        try Data(text.utf8).write(to: URL(fileURLWithPath: item))
        let handle = try #require(try listed().first?["handle"] as? String)
        let result = run(["decline", handle])
        #expect(result.status == 0)
        #expect(result.err.contains("invites replies to the organizer itself"))
        #expect(result.err.contains("SCHEDULE-AGENT=CLIENT"))
        #expect(sent == 1)
        #expect(try String(contentsOfFile: item, encoding: .utf8).contains("PARTSTAT=DECLINED"))
    }

    @Test(arguments: ["client", "client CALENDAR", "client CALENDAR/"])
    func schedulingClientSendsTheReplyItself(_ setting: String) throws {
        try config("scheduling = \(setting.replacingOccurrences(of: "CALENDAR", with: vdir))\n")
        let handle = try #require(try listed().first?["handle"] as? String)
        let answer = try json(["tentative", handle])
        let scheduling = try #require(answer["scheduling"] as? [String: Any])
        #expect(scheduling["mode"] as? String == "client")
        #expect(scheduling["setting"] as? String == "client")
        #expect(sent == 1)
        #expect(try String(contentsOfFile: item, encoding: .utf8).contains("PARTSTAT=TENTATIVE"))
    }

    @Test func aBadSchedulingValueStopsEveryCommand() throws {
        try config("scheduling = sometimes\n")
        let result = run(["list"])
        #expect(result.status == 2)
        #expect(result.err.contains("'scheduling' takes auto, server or client"))
    }

    @Test("The invitation follows the server's changes and says when it is gone")
    func theInvitationFollowsTheServersChangesAndSaysWhenItIsGone() throws {
        var text = try String(contentsOfFile: item, encoding: .utf8)
        #expect(run(["status"]).out == "1 pending\n")
        // Answered on your phone: the calendar says ACCEPTED.
        text = text.replacingOccurrences(of: "PARTSTAT=NEEDS-ACTION", with: "PARTSTAT=ACCEPTED")
        try Data(text.utf8).write(to: URL(fileURLWithPath: item))
        #expect(try listed().first?["status"] as? String == "accepted")
        #expect(run(["status"]).out == "")
        // The organizer moves it; the server puts your answer back to NEEDS-ACTION.
        text = text.replacingOccurrences(
            of: "PARTSTAT=ACCEPTED;RSVP=\r\n TRUE;CN=me", with: "PARTSTAT=NEEDS-ACTION;RSVP=\r\n TRUE;CN=me"
        )
        .replacingOccurrences(of: "SEQUENCE:0", with: "SEQUENCE:1")
        .replacingOccurrences(of: "DTSTART:20271214T150000Z", with: "DTSTART:20271215T090000Z")
        .replacingOccurrences(of: "DTEND:20271214T160000Z", with: "DTEND:20271215T100000Z")
        try Data(text.utf8).write(to: URL(fileURLWithPath: item))
        let moved = try #require(try listed().first)
        #expect(moved["status"] as? String == "pending")
        #expect(moved["start"] as? String == "2027-12-15T09:00:00Z")
        // Cancelled by the organizer.
        try Data(text.replacingOccurrences(of: "STATUS:CONFIRMED", with: "STATUS:CANCELLED").utf8)
            .write(to: URL(fileURLWithPath: item))
        #expect(try listed().first?["status"] as? String == "cancelled")
        // Deleted on the server.
        try FileManager.default.removeItem(atPath: item)
        let gone = try #require(try listed().first)
        #expect(gone["status"] as? String == "cancelled")
        #expect((gone["calendarItem"] as? [String: Any])?["gone"] as? Bool == true)
        #expect(run(["list", "--all"]).out.contains("[gone from your calendar]"))
    }

    /// Answered before invites ever saw it (or over, or cancelled): nothing waits, nothing is
    /// filed; a mail of it later is an invitation like any other.
    @Test("An item answered before it was seen is not taken in")
    func anItemAnsweredBeforeItWasSeenIsNotTakenIn() throws {
        let text = try String(contentsOfFile: item, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "PARTSTAT=NEEDS-ACTION", with: "PARTSTAT=ACCEPTED").utf8)
            .write(to: URL(fileURLWithPath: item))
        #expect(run(["status"]).out == "")
        #expect(try listed().isEmpty)
        // Back to NEEDS-ACTION (the organizer moved it): it waits again, and is found.
        try Data(text.replacingOccurrences(of: "SEQUENCE:0", with: "SEQUENCE:1").utf8)
            .write(to: URL(fileURLWithPath: item), options: .atomic)
        #expect(try listed().first?["status"] as? String == "pending")
    }

    /// Accepted on your phone before invites looked, then its mail ingested: the calendar is
    /// read again, and the invitation follows your answer there rather than waiting. The clock
    /// is past the item's writing, so that the look keeps it as seen and settled.
    @Test("The mail of an invitation answered in the calendar follows the answer")
    func theMailOfAnInvitationAnsweredInTheCalendarFollowsTheAnswer() throws {
        let text = try String(contentsOfFile: item, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "PARTSTAT=NEEDS-ACTION", with: "PARTSTAT=ACCEPTED").utf8)
            .write(to: URL(fileURLWithPath: item))
        var later = cli
        later.now = { Date().addingTimeInterval(120) }
        func run(_ arguments: [String], stdin: String = "") -> CLIHarness.Result {
            later.run(["--calendar", vdir] + arguments, stdin: stdin)
        }
        #expect(run(["status"]).out == "")
        let mail = try invitationMail(messageID: "inv-2@google.com")
        #expect(run(["ingest", "-"], stdin: mail).status == 0)
        #expect(run(["status"]).out == "")
        let listed = try JSONSerialization.jsonObject(with: Data(run(["--json", "list", "--all"]).out.utf8))
        let invites = try #require((listed as? [String: Any])?["invites"] as? [[String: Any]])
        #expect(invites.first?["status"] as? String == "accepted")
    }

    @Test("An item deleted before it was answered is removed, not pending")
    func anItemDeletedBeforeItWasAnsweredIsRemovedNotPending() throws {
        #expect(run(["status"]).out == "1 pending\n")
        try FileManager.default.removeItem(atPath: item)
        #expect(run(["status"]).out == "")
        #expect(try listed().first?["status"] as? String == "removed")
        let handle = try #require(try listed().first?["handle"] as? String)
        let shown = run(["show", "--width", "400", handle]).out
        #expect(shown.contains("answer     removed\n"))
        #expect(shown.contains("calendar   was in \(item) (gone since"))
    }

    @Test("An occurrence declined alone is an override in the item")
    func anOccurrenceDeclinedAloneIsAnOverrideInTheItem() throws {
        try FileManager.default.removeItem(atPath: item)
        let weekly = vdir + "/fastmail-7f1c.ics"
        try Fixture.data("ServerCopies/fastmail-weekly.ics").write(to: URL(fileURLWithPath: weekly))
        let invites = try listed(["list"])
        #expect(invites.count == 1)
        let handle = try #require(invites.first?["handle"] as? String)
        #expect(run(["list"]).out.contains("1 pending"))
        let result = run(["--tz", "Europe/Berlin", "decline", handle, "--occurrence", "2024-06-24 10:00"])
        #expect(result.status == 0)
        let text = try String(contentsOfFile: weekly, encoding: .utf8)
        #expect(text.contains("RECURRENCE-ID;TZID=Europe/Berlin:20240624T100000"))
        #expect(text.components(separatedBy: "BEGIN:VEVENT").count == 4)
        #expect(sent == 0)
    }

    @Test("A mailed invitation whose UID the vdir holds is written into that item")
    func aMailedInvitationWhoseUIDTheVdirHoldsIsWrittenIntoThatItem() throws {
        // No address of yours: the item is not found as an invitation, and the mail is ingested.
        var bare = cli
        bare.variables["INVITES_ME"] = nil
        let calendar = try String(decoding: Fixture.data("ServerCopies/google-meeting.ics"), as: UTF8.self)
            .replacingOccurrences(of: "CALSCALE:GREGORIAN\r\n", with: "CALSCALE:GREGORIAN\r\nMETHOD:REQUEST\r\n")
        let file = cli.write("invite.ics", calendar)
        #expect(bare.run(["--calendar", vdir, "ingest", file]).status == 0)
        let handle =
            try #require(
                (try JSONSerialization.jsonObject(
                    with: Data(bare.run(["--calendar", vdir, "--json", "list"]).out.utf8))
                    as? [String: Any])?["invites"] as? [[String: Any]]
            ).first?["handle"] as? String
        #expect(bare.run(["--calendar", vdir, "accept", try #require(handle)]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: vdir) == [(item as NSString).lastPathComponent])
    }
}
