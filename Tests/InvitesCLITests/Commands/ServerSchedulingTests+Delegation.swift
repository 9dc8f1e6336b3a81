import Foundation
import InvitesKit
import InvitesTestSupport
import Testing

/// `invites delegate` on an invitation a scheduling server put in your calendar (the suite's
/// Google copy in a vdir, its sendmail stand-in): the delegation goes into that item in place
/// (your ATTENDEE DELEGATED-TO, the delegate's DELEGATED-FROM you), the server sends the REPLY
/// and the delegate's REQUEST, and invites queues nothing; where the `scheduling` setting leaves
/// replies to invites, the same item change and both messages queued.
extension ServerSchedulingTests {
    /// The item's content lines, unfolded.
    func unfoldedItem() throws -> [String] {
        try String(contentsOfFile: item, encoding: .utf8).replacingOccurrences(of: "\r\n ", with: "")
            .components(separatedBy: "\r\n")
    }

    @Test("Delegated in place: the server sends both messages, invites none")
    func delegatedInPlaceTheServerSendsBoth() throws {
        let handle = try #require(try listed().first?["handle"] as? String)
        let result = run(["delegate", handle, "erin@example.org"])
        #expect(result.status == 0, "\(result.err)")
        #expect(
            result.out
                == "\(handle): delegated \"Quarterly planning\" to erin@example.org; your calendar server tells the "
                + "organizer and invites erin@example.org when the calendar syncs; updated in \(item)\n")
        #expect(result.err.contains("goes through your calendar server when it syncs"), "\(result.err)")
        let lines = try unfoldedItem()
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
        let handle = try #require(try listed().first?["handle"] as? String)
        let result = run(["delegate", handle, "erin@example.org", "--no-send"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("to erin@example.org; the organizer is told; updated in \(item)"))
        let delegate = "DELEGATED-FROM=\"mailto:me@example.org\":mailto:erin@example.org"
        #expect(try unfoldedItem().contains { $0.hasSuffix(delegate) })
        let subjects = try InboxStore(home: cli.home).outbox().map(\.subject).sorted()
        #expect(subjects == ["Delegated: Quarterly planning", "Fwd: Invitation: Quarterly planning"])
        #expect(run(["history"]).out.contains("[delegation queued]"))
    }
}
