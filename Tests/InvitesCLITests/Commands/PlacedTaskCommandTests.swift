import Foundation
import InvitesTestSupport
import Testing

/// A task a scheduling server put in your calendar, as a vdirsyncer user meets it: found with no
/// ingest, listed and shown as a task, answered in place, the reply left to the server.
@Suite struct PlacedTaskCommandTests {
    let cli: CLIHarness
    let vdir: String
    let options: [String]

    init() throws {
        cli = CLIHarness()
        vdir = cli.home + "/calendars/tasks"
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        for name in ["placed-task", "placed-task-answered", "placed-task-mine", "placed-task-huge-percent"] {
            try Fixture.data("ServerCopies/\(name).ics").write(to: URL(fileURLWithPath: "\(vdir)/\(name).ics"))
        }
        options = ["--calendar", vdir, "--tz", "UTC", "--me", "me@example.org"]
    }

    func run(_ arguments: [String]) -> CLIHarness.Result { cli.run(options + arguments) }

    /// The handle of the invitation with `uid`.
    func handle(_ uid: String) throws -> String {
        let json = try JSONSerialization.jsonObject(with: Data(run(["--json", "list", "--all"]).out.utf8))
        let invites = try #require((json as? [String: Any])?["invites"] as? [[String: Any]])
        return try #require(invites.first { $0["uid"] as? String == uid }?["handle"] as? String)
    }

    func item(_ name: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: "\(vdir)/\(name).ics")), as: UTF8.self)
    }

    /// The waiting task and the one with a stranger's huge percent wait; the answered one and
    /// yours are not invitations waiting.
    @Test func theWaitingTasksAreFoundAsTasks() throws {
        #expect(run(["status"]).out == "2 pending\n")
        let lines = run(["list", "--all"]).out.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(
            lines.allSatisfy { $0.contains("task, due Mon 1 Jun 2099 17:00") && $0.hasSuffix("[in your calendar]") })
        let shown = run(["show", try handle("placed-task-1@example.com")]).out
        #expect(shown.contains("due        Mon 1 Jun 2099 17:00"))
        #expect(shown.contains("A task takes no time in your calendar"))
        // The stranger's forty digits are no percent.
        #expect(!run(["show", try handle("placed-task-4@example.com")]).out.contains("progress"))
    }

    @Test func acceptChangesYourPartstatInPlaceAndQueuesNothing() throws {
        let before = try item("placed-task")
        let handle = try handle("placed-task-1@example.com")
        let result = run(["accept", handle])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.err.contains("the reply goes through your calendar server when it syncs"))
        let after = try item("placed-task")
        // Your line folded again at 75 octets; read unfolded, only its PARTSTAT changed.
        func unfolded(_ text: String) -> String { text.replacingOccurrences(of: "\r\n ", with: "") }
        #expect(
            unfolded(after)
                == unfolded(before).replacingOccurrences(
                    of: "PARTSTAT=NEEDS-ACTION;RSVP=TRUE", with: "PARTSTAT=ACCEPTED;RSVP=TRUE"))
        #expect(after.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 75 })
        #expect(run(["outbox"]).out.hasPrefix("Nothing waits to be sent."))
        #expect(run(["history"]).out.contains("[reply through your calendar server]"))
        #expect(run(["status"]).out == "1 pending\n")
    }

    @Test func progressAndDoneSetThePercentInPlace() throws {
        let progress = run(["progress", try handle("placed-task-1@example.com"), "50"])
        #expect(progress.status == 0, "\(progress.err)")
        let reported = try item("placed-task")
        #expect(reported.contains("PARTSTAT=IN-PROCESS;"))
        #expect(reported.contains("PERCENT-COMPLETE:50\r\nEND:VTODO\r\n"))
        let done = run(["done", try handle("placed-task-4@example.com")])
        #expect(done.status == 0, "\(done.err)")
        let finished = try item("placed-task-huge-percent")
        #expect(finished.contains("PRIORITY:1\r\nPERCENT-COMPLETE:100\r\nSTATUS:NEEDS-ACTION\r\n"))
        #expect(finished.contains("PARTSTAT=COMPLETED;"))
        // Both are taken on: the inbox holds them accepted, read back from the calendar too.
        // status says nothing when nothing waits.
        #expect(run(["status"]).out == "")
        let listed = run(["list", "--all"]).out
        #expect(listed.contains("[50% done]") && listed.contains("[done]"))
        #expect(run(["outbox"]).out.hasPrefix("Nothing waits to be sent."))
    }
}
