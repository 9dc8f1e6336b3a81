import Foundation
import InvitesKit
import InvitesTestSupport
import Testing

/// `invites delegate` on an invitation a scheduling server put in your calendar: the delegation
/// goes into that item in place (your ATTENDEE DELEGATED-TO, the delegate's DELEGATED-FROM you),
/// the server sends the REPLY and the delegate's REQUEST, and invites queues nothing; where the
/// `scheduling` setting leaves replies to invites, the same item change and both messages queued.
@Suite struct ServerDelegationTests {
    let cli: CLIHarness
    let vdir: String
    let item: String
    let sentFolder: String

    init() throws {
        var cli = CLIHarness()
        cli.variables["INVITES_ME"] = "me@example.org"
        self.cli = cli
        vdir = cli.home + "/calendars/work"
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        item = vdir + "/5f3a9c2e-7d41-4c1b-9f3e-0b6f2a9d8c11.ics"
        try Fixture.data("ServerCopies/google-meeting.ics").write(to: URL(fileURLWithPath: item))
        sentFolder = cli.home + "/sent"
    }

    /// A config with a sendmail stand-in that keeps what it is given, `send = always`, and more.
    func config(_ extra: String) throws {
        let script = cli.write("sendmail", "#!/bin/sh\nmkdir -p \"\(sentFolder)\"\ncat > \"\(sentFolder)/$$.eml\"\n")
        try FileManager.default.createDirectory(atPath: cli.home + "/config/invites", withIntermediateDirectories: true)
        let text = "send = always\nsendmail = /bin/sh \(script) -t -i\n\(extra)"
        FileManager.default.createFile(atPath: cli.home + "/config/invites/config", contents: Data(text.utf8))
    }

    func run(_ arguments: [String]) -> CLIHarness.Result {
        cli.run(["--calendar", vdir] + arguments)
    }

    var sent: Int { ((try? FileManager.default.contentsOfDirectory(atPath: sentFolder)) ?? []).count }

    func handle() throws -> String {
        let document = try JSONSerialization.jsonObject(with: Data(run(["--json", "list"]).out.utf8))
        let invites = try #require((document as? [String: Any])?["invites"] as? [[String: Any]])
        return try #require(invites.first?["handle"] as? String)
    }

    /// The item's content lines, unfolded.
    func itemLines() throws -> [String] {
        try String(contentsOfFile: item, encoding: .utf8).replacingOccurrences(of: "\r\n ", with: "")
            .components(separatedBy: "\r\n")
    }

    @Test("Delegated in place: the server sends both messages, invites none")
    func delegatedInPlaceTheServerSendsBoth() throws {
        try config("")
        let handle = try handle()
        let result = run(["delegate", handle, "erin@example.org"])
        #expect(result.status == 0, "\(result.err)")
        #expect(
            result.out
                == "\(handle): delegated \"Quarterly planning\" to erin@example.org; your calendar server tells the "
                + "organizer and invites erin@example.org when the calendar syncs; updated in \(item)\n")
        #expect(result.err.contains("goes through your calendar server when it syncs"), "\(result.err)")
        let lines = try itemLines()
        #expect(lines.filter { $0.contains("PARTSTAT=DELEGATED;") && $0.contains("DELEGATED-TO=") }.count == 1)
        #expect(
            lines.contains(
                "ATTENDEE;PARTSTAT=NEEDS-ACTION;RSVP=TRUE;DELEGATED-FROM=\"mailto:me@example.org\":"
                    + "mailto:erin@example.org"))
        #expect(!lines.contains { $0.contains("DECLINED") })
        #expect(try FileManager.default.contentsOfDirectory(atPath: vdir).count == 1)
        #expect(sent == 0)
        #expect(try InboxStore(home: cli.home).outbox().isEmpty)
        let outbox = run(["outbox"]).out
        #expect(outbox.contains("The reply goes through your calendar server when it syncs"))
        #expect(outbox.contains("\(handle)  delegated"), "\(outbox)")
        let history = run(["history"]).out
        let said = (result.out + result.err + outbox + history).replacingOccurrences(of: cli.home, with: "~")
        try Snapshot.assert(said, named: "server-delegation")
        #expect(history.contains("delegated  Quarterly planning"))
        #expect(history.contains("[delegation through your calendar server]"), "\(history)")
        // The next look follows the item (DELEGATED counts as declined): still delegated.
        let listed = run(["list", "--all"]).out
        #expect(listed.contains("declined") && listed.contains("[delegated to erin@example.org]"), "\(listed)")
        let json = run(["--json", "history"]).out
        #expect(json.contains("\"delivery\":\"server\""))
    }

    @Test("scheduling = client: the item changes the same way and invites sends both messages")
    func clientSchedulingQueuesBoth() throws {
        try config("scheduling = client\n")
        let handle = try handle()
        let result = run(["delegate", handle, "erin@example.org", "--no-send"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("to erin@example.org; the organizer is told; updated in \(item)"))
        let delegate = "DELEGATED-FROM=\"mailto:me@example.org\":mailto:erin@example.org"
        #expect(try itemLines().contains { $0.hasSuffix(delegate) })
        let subjects = try InboxStore(home: cli.home).outbox().map(\.subject).sorted()
        #expect(subjects == ["Delegated: Quarterly planning", "Fwd: Invitation: Quarterly planning"])
        #expect(run(["history"]).out.contains("[delegation queued]"))
    }
}
