import Foundation
import InvitesKit
import InvitesTestSupport
import Testing

/// A delegation made before your server's copy comes waits for it as an answer does: made in
/// the copy in place when it comes (the server sends both messages), by mail past the wait.
extension HeldAnswerTests {
    @Test("A delegation before the server's copy is held, then made in it")
    func aDelegationBeforeTheServersCopyIsHeldThenMadeInIt() throws {
        let handle = String(run(["ingest", mail]).out.prefix { $0 != " " })
        let delegated = run(["delegate", handle, "erin@example.org", "--comment", "Erin goes"])
        #expect(delegated.status == 0)
        #expect(
            delegated.out
                == "\(handle): delegated \"Q3 review\" to erin@example.org; held for your calendar server's copy\n")
        #expect(delegated.err.contains("with no copy by Mon 1 Mar 2027 11:00"))
        #expect(items == ["earlier.ics"])
        #expect(sent.isEmpty)
        #expect(try deliveries(handle).contains("held"))
        #expect(run(["outbox"]).out.contains("Held for your calendar server's copy"))

        let (copy, written) = try theCopyComes(handle: handle, answer: "delegated to erin@example.org")
        let item = written.replacingOccurrences(of: "\r\n ", with: "").replacingOccurrences(of: "\n ", with: "")
        #expect(item.contains("PARTSTAT=DELEGATED"))
        #expect(item.contains("DELEGATED-TO=\"mailto:erin@example.org\""))
        #expect(item.contains("DELEGATED-FROM=\"mailto:me@example.org\""))
        #expect(item.contains("COMMENT:Erin goes"))
        #expect(items == ["7f3e9a.ics", "earlier.ics"])
        #expect(sent.isEmpty)
        #expect(try deliveries(handle).contains("server"))
        #expect(!(try deliveries(handle).contains("held")))
        // The copy came at NEEDS-ACTION: the delegation stands, the invitation is not pending.
        let listed = try #require(try json(["list", "--all"])["invites"] as? [[String: Any]])
        #expect(listed.first { $0["handle"] as? String == handle }?["status"] as? String == "declined")
        #expect(!run(["list"]).err.contains(handle))
        #expect(sent.isEmpty)
    }

    @Test("With no copy in time, invites sends both messages of a delegation once")
    func withNoCopyInTimeInvitesSendsBothMessagesOfADelegationOnce() throws {
        let handle = String(run(["ingest", mail]).out.prefix { $0 != " " })
        #expect(run(["delegate", handle, "erin@example.org"]).status == 0)
        clock.now = clock.now.addingTimeInterval(3_600)
        #expect(!run(["list"]).err.contains(handle))
        #expect(sent.isEmpty)
        clock.now = clock.now.addingTimeInterval(3_601)
        let look = run(["status"])
        #expect(look.err.contains("\(handle): no copy of \"Q3 review\" from your calendar server after 2h"))
        #expect(items == ["earlier.ics"])
        #expect(sent.count == 2)
        #expect(sent.contains { $0.contains("Subject: Fwd: Invitation: Q3 review") && $0.contains("erin@example.org") })
        #expect(sent.contains { $0.contains("Subject: Delegated: Q3 review") && $0.contains("To: Alice Example") })
        #expect(!(try deliveries(handle).contains("held")))
        _ = run(["list"])
        #expect(sent.count == 2)
    }

    @Test func aDelegationWithSendGoesAtOnce() throws {
        let handle = String(run(["ingest", mail]).out.prefix { $0 != " " })
        let delegated = run(["delegate", handle, "erin@example.org", "--send"])
        #expect(!delegated.out.contains("held for"))
        #expect(sent.count == 2)
    }

    @Test("A delegation the organizer moved before the copy came is not made in it")
    func aDelegationTheOrganizerMovedBeforeTheCopyCameIsNotMadeInIt() throws {
        let handle = String(run(["ingest", mail]).out.prefix { $0 != " " })
        #expect(run(["delegate", handle, "erin@example.org"]).status == 0)
        let path = vdir + "/7f3e9a.ics"
        FileManager.default.createFile(atPath: path, contents: Data(try moved(method: nil).utf8))
        let look = run(["list", "--all"])
        #expect(look.err.contains("\(handle): the organizer moved \"Q3 review\" before your calendar server's copy"))
        let item = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!item.contains("DELEGATED"))
        #expect(try deliveries(handle).contains("outdated"))
        let listed = try #require(try json(["list", "--all"])["invites"] as? [[String: Any]])
        #expect(listed.first { $0["handle"] as? String == handle }?["status"] as? String == "pending")
        #expect(sent.isEmpty)
    }

    @Test("A delegation to an invitation cancelled meanwhile is withdrawn")
    func aDelegationToAnInvitationCancelledMeanwhileIsWithdrawn() throws {
        let handle = String(run(["ingest", mail]).out.prefix { $0 != " " })
        #expect(run(["delegate", handle, "erin@example.org"]).status == 0)
        #expect(run(["ingest", try moved(method: "CANCEL")]).out.contains("cancelled"))
        clock.now = clock.now.addingTimeInterval(7_201)
        let look = run(["status"])
        #expect(
            look.err.contains("\(handle): the organizer cancelled \"Q3 review\" before your calendar server's copy"))
        #expect(items == ["earlier.ics"])
        #expect(sent.isEmpty)
        #expect(try deliveries(handle).contains("withdrawn"))
    }

    /// An accept given after a held delegation, before the copy, overtakes it: the copy says
    /// ACCEPTED, no delegate is added, and nothing goes by mail.
    @Test func anAnswerAfterAHeldDelegationOvertakesIt() throws {
        let handle = String(run(["ingest", mail]).out.prefix { $0 != " " })
        #expect(run(["delegate", handle, "erin@example.org"]).status == 0)
        #expect(run(["accept", handle]).out.hasSuffix("held for your calendar server's copy\n"))
        let copy = try serverPlacesItsCopy()
        _ = run(["list", "--all"])
        let item = try String(contentsOfFile: copy, encoding: .utf8)
        #expect(item.contains("PARTSTAT=ACCEPTED;RSVP=TRUE:mailto:me@example.org"))
        #expect(!item.contains("erin@example.org"))
        #expect(try deliveries(handle).contains("superseded"))
        #expect(!(try deliveries(handle).contains("held")))
        #expect(sent.isEmpty)
    }
}
