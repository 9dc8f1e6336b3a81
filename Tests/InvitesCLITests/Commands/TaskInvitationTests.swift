import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit

/// Task invitations (a VTODO with ORGANIZER and ATTENDEE, RFC 5546 §3.4) with the RFC's own
/// examples (§4.5): filed like a meeting, listed and shown by when they are due, answered in a
/// VTODO REPLY, put into the calendar as VTODOs (a single file and a vdir) and taken out again
/// with every other byte kept.
@Suite struct TaskInvitationTests {
    static func fixture(_ name: String) -> String {
        CLIHarness.repositoryFile("Tests/InvitesCLITests/Fixtures/itip/\(name)")
    }

    static let request = "rfc5546-4.5.1-vtodo-request.ics"
    static let recurring = "task-quarterly-series.ics"
    static let uid = "calsrv.example.com-873970198738777-00@example.com"
    static let seriesUID = "calsrv.example.com-873970198738777-02@example.com"
    static let empty = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:test\r\nEND:VCALENDAR\r\n"

    func harness(vdir: Bool = false, _ fixtures: [String] = [request]) -> (CLIHarness, [String], String) {
        let cli = CLIHarness()
        let calendar: String
        if vdir {
            calendar = (cli.home as NSString).appendingPathComponent("tasks")
            try? FileManager.default.createDirectory(atPath: calendar, withIntermediateDirectories: true)
        } else {
            calendar = cli.write("calendar.ics", Self.empty)
        }
        let options = ["--calendar", calendar, "--tz", "UTC", "--me", "b@example.com"]
        for fixture in fixtures {
            let ingested = cli.run(options + ["ingest", Self.fixture(fixture)])
            #expect(ingested.status == 0, "\(ingested.err)")
        }
        return (cli, options, calendar)
    }

    /// The components of the only REPLY queued last, unfolded, each as its lines.
    static func replied(_ cli: CLIHarness, _ options: [String], handle: String) -> [[String]] {
        let text = cli.run(options + ["reply", handle]).out.replacingOccurrences(of: "\r\n ", with: "")
        return text.components(separatedBy: "BEGIN:VTODO\r\n").dropFirst().map {
            let lines: [String] = $0.components(separatedBy: "\r\n")
            return Array(lines.prefix(while: { $0 != "END:VTODO" }))
        }
    }

    @Test("A VTODO REQUEST is filed as a task and listed by when it is due")
    func aTaskRequestIsFiledAndListedByItsDueDate() throws {
        let (cli, options, _) = harness()
        let listed = cli.run(options + ["list", "--all"])
        #expect(listed.status == 0)
        try Snapshot.assert(listed.out, named: "list-task")
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(cli.run(options + ["list", "--all", "--json"]).out.utf8))
                as? [String: Any])
        let validator = try JSONSchemaValidator(path: CLIHarness.repositoryFile("docs/json-schema.json"))
        #expect(validator.problems(json) == [])
        let shown = try JSONSerialization.jsonObject(
            with: Data(cli.run(options + ["show", "--json", Self.uid]).out.utf8))
        #expect(validator.problems(shown) == [])
        let invite = try #require((json["invites"] as? [[String: Any]])?.first)
        #expect(invite["kind"] as? String == "task")
        let task = try #require(invite["task"] as? [String: Any])
        #expect(task["due"] as? String == "1997-07-22T17:00:00Z")
        #expect(task["priority"] as? Int == 1)
        #expect(task["status"] as? String == "NEEDS-ACTION")
    }

    @Test("show gives DUE, PRIORITY, STATUS and the description, and no timeline")
    func showGivesTheTasksFacts() throws {
        let (cli, options, _) = harness(vdir: false, [Self.request, Self.recurring])
        let shown = cli.run(options + ["show", Self.uid])
        #expect(shown.status == 0, "\(shown.err)")
        try Snapshot.assert(shown.out, named: "show-task")
        let series = cli.run(options + ["show", Self.seriesUID])
        #expect(series.status == 0, "\(series.err)")
        try Snapshot.assert(series.out, named: "show-task-series")
    }

    @Test("A meeting keeps its kind in --json")
    func aMeetingIsAMeeting() throws {
        let cli = CLIHarness()
        let options = ["--tz", "UTC", "--me", "b@example.com"]
        #expect(cli.run(options + ["ingest", SeriesTests.fixture("rfc5546-4.4.1-series.ics")]).status == 0)
        let out = cli.run(options + ["list", "--all", "--json"]).out
        #expect(out.contains("\"kind\":\"meeting\""), "\(out)")
        #expect(out.contains("\"task\":null"))
    }

    @Test("accept, tentative and decline reply in a VTODO with your ATTENDEE and PARTSTAT")
    func answersReplyInAVTODO() throws {
        let (cli, options, _) = harness()
        for (verb, partstat) in [("accept", "ACCEPTED"), ("tentative", "TENTATIVE"), ("decline", "DECLINED")] {
            let answered = cli.run(options + [verb, Self.uid, "--no-send"])
            #expect(answered.status == 0, "\(answered.err)")
            let todos = Self.replied(cli, options, handle: Self.uid)
            #expect(todos.count == 1)
            let todo = try #require(todos.first)
            #expect(todo.filter { $0.hasPrefix("ATTENDEE") } == ["ATTENDEE;PARTSTAT=\(partstat):mailto:b@example.com"])
            #expect(todo.contains("ORGANIZER:mailto:a@example.com"))
            #expect(todo.contains("UID:\(Self.uid)"))
            #expect(todo.contains("DUE:19970722T170000Z"))
            #expect(!todo.contains { $0.hasPrefix("DTEND") })
        }
    }

    @Test("An accepted task goes into a calendar file as a VTODO, and declining takes it out byte for byte")
    func anAcceptedTaskGoesIntoAFileAndComesOut() throws {
        let (cli, options, calendar) = harness()
        let before = try Data(contentsOf: URL(fileURLWithPath: calendar))
        #expect(cli.run(options + ["accept", Self.uid, "--no-send"]).status == 0)
        let written = try String(contentsOfFile: calendar, encoding: .utf8)
        #expect(written.contains("BEGIN:VTODO\r\n"))
        #expect(written.contains("ATTENDEE;PARTSTAT=ACCEPTED:mailto:b@example.com"))
        #expect(!written.contains("BEGIN:VEVENT"))
        #expect(cli.run(options + ["tentative", Self.uid, "--no-send"]).status == 0)
        let rewritten = try String(contentsOfFile: calendar, encoding: .utf8)
        #expect(rewritten.components(separatedBy: "BEGIN:VTODO").count == 2, "one item per UID")
        #expect(rewritten.contains("PARTSTAT=TENTATIVE:mailto:b@example.com"))
        #expect(cli.run(options + ["decline", Self.uid, "--no-send"]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: calendar)) == before)
    }

    @Test("A task series goes into a vdir as one item of VTODOs, answered per occurrence")
    func aTaskSeriesGoesIntoAVdir() throws {
        let (cli, options, calendar) = harness(vdir: true, [Self.recurring])
        #expect(cli.run(options + ["accept", Self.seriesUID, "--no-send"]).status == 0)
        let declined = cli.run(options + ["decline", Self.seriesUID, "--occurrence", "1998-03-27", "--no-send"])
        #expect(declined.status == 0, "\(declined.err)")
        let items = try FileManager.default.contentsOfDirectory(atPath: calendar)
        #expect(items.count == 1, "\(items)")
        let item = try String(contentsOfFile: calendar + "/" + (items.first ?? ""), encoding: .utf8)
        #expect(item.components(separatedBy: "BEGIN:VTODO").count == 3)
        #expect(item.contains("RECURRENCE-ID:19980327T100000Z"))
        #expect(item.contains("DUE:19980329T100000Z"))
        let todos = Self.replied(cli, options, handle: Self.seriesUID)
        #expect(todos.count == 2)
        #expect(todos.last?.contains("ATTENDEE;PARTSTAT=DECLINED:mailto:b@example.com") == true)
        // Declining the whole series takes the item out.
        #expect(cli.run(options + ["decline", Self.seriesUID, "--no-send"]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: calendar).isEmpty)
    }

    @Test("progress replies IN-PROCESS with PERCENT-COMPLETE and marks your copy; done replies COMPLETED")
    func progressAndDoneReportOnTheTask() throws {
        let (cli, options, calendar) = harness()
        let progressed = cli.run(options + ["progress", Self.uid, "75", "--no-send"])
        #expect(progressed.status == 0, "\(progressed.err)")
        #expect(progressed.out.hasPrefix("u4sz: in-process \"Create the requirements document\" (75% done); added to"))
        var todo = try #require(Self.replied(cli, options, handle: Self.uid).first)
        #expect(todo.contains("ATTENDEE;PARTSTAT=IN-PROCESS:mailto:b@example.com"))
        #expect(todo.contains("PERCENT-COMPLETE:75"))
        var copy = try String(contentsOfFile: calendar, encoding: .utf8)
        #expect(copy.contains("ATTENDEE;PARTSTAT=IN-PROCESS:mailto:b@example.com\r\n"))
        #expect(copy.contains("PERCENT-COMPLETE:75\r\n"))
        #expect(cli.run(options + ["list", "--all"]).out.contains("accepted   task, due Tue 22 Jul 1997 17:00"))
        #expect(cli.run(options + ["list", "--all"]).out.contains("[75% done]"))
        let done = cli.run(options + ["done", Self.uid, "--comment", "Sent it", "--no-send"])
        #expect(done.status == 0, "\(done.err)")
        todo = try #require(Self.replied(cli, options, handle: Self.uid).first)
        #expect(todo.contains("ATTENDEE;PARTSTAT=COMPLETED:mailto:b@example.com"))
        #expect(todo.contains("PERCENT-COMPLETE:100"))
        #expect(todo.contains("COMMENT:Sent it"))
        copy = try String(contentsOfFile: calendar, encoding: .utf8)
        #expect(copy.contains("STATUS:COMPLETED\r\n"))
        #expect(copy.contains("COMPLETED:20240601T120000Z\r\n"))
        #expect(copy.components(separatedBy: "BEGIN:VTODO").count == 2)
        let history = cli.run(options + ["history", Self.uid]).out
        #expect(history.contains("in-process  Create the requirements document"), "\(history)")
        #expect(history.contains("75% done"))
        #expect(history.contains("completed  Create the requirements document"))
        // A later accept puts the organizer's copy back, PERCENT-COMPLETE and all.
        #expect(cli.run(options + ["accept", Self.uid, "--no-send"]).status == 0)
        copy = try String(contentsOfFile: calendar, encoding: .utf8)
        #expect(!copy.contains("PERCENT-COMPLETE"))
        #expect(copy.contains("STATUS:NEEDS-ACTION\r\n"))
    }

    @Test("progress and done report on one occurrence of a task series")
    func progressPerOccurrence() throws {
        let (cli, options, _) = harness(vdir: true, [Self.recurring])
        #expect(cli.run(options + ["accept", Self.seriesUID, "--no-send"]).status == 0)
        let progressed = cli.run(
            options + ["progress", Self.seriesUID, "50%", "--occurrence", "1998-01-30", "--no-send"])
        #expect(progressed.status == 0, "\(progressed.err)")
        #expect(cli.run(options + ["done", Self.seriesUID, "--occurrence", "1998-02-27", "--no-send"]).status == 0)
        let todos = Self.replied(cli, options, handle: Self.seriesUID)
        #expect(todos.count == 3)
        #expect(todos[0].contains("ATTENDEE;PARTSTAT=ACCEPTED:mailto:b@example.com"))
        #expect(todos[1].contains("RECURRENCE-ID:19980130T100000Z") && todos[1].contains("PERCENT-COMPLETE:50"))
        #expect(todos[1].contains("ATTENDEE;PARTSTAT=IN-PROCESS:mailto:b@example.com"))
        #expect(todos[2].contains("RECURRENCE-ID:19980227T100000Z") && todos[2].contains("PERCENT-COMPLETE:100"))
        #expect(todos[2].contains("ATTENDEE;PARTSTAT=COMPLETED:mailto:b@example.com"))
    }

    @Test("progress and done on a meeting, or a PERCENT out of 0-100, are usage errors that record nothing")
    func progressIsRefusedWhereItMakesNoSense() throws {
        let (cli, options, _) = harness()
        #expect(cli.run(options + ["ingest", SeriesTests.fixture("rfc5546-4.4.1-series.ics")]).status == 0)
        for arguments in [["progress", "123456789", "10"], ["done", "123456789"]] {
            let refused = cli.run(options + arguments)
            #expect(refused.status == 2)
            #expect(refused.err.contains("is a meeting, not a task"), "\(refused.err)")
        }
        for percent in ["101", "ten", "99999999999999999999999", "4.5", ""] {
            let refused = cli.run(options + ["progress", Self.uid, percent])
            #expect(refused.status == 2, "\(percent)")
            #expect(refused.err.contains("a whole number from 0 to 100"), "\(refused.err)")
        }
        #expect(cli.run(options + ["progress", Self.uid]).status == 2)
        #expect(cli.run(options + ["history"]).out == "No answers yet.\n")
    }

    /// A home with the RFC's task request moved to June 2024, after the harness's clock: a task
    /// still to do, which waits for an answer.
    func upcoming() throws -> (CLIHarness, [String]) {
        let cli = CLIHarness()
        let options = ["--tz", "UTC", "--me", "b@example.com", "--calendar", cli.write("calendar.ics", Self.empty)]
        let text = try String(contentsOfFile: Self.fixture(Self.request), encoding: .utf8)
            .replacingOccurrences(of: "DTSTART:19970701T170000Z", with: "DTSTART:20240610T170000Z")
            .replacingOccurrences(of: "DUE:19970722T170000Z", with: "DUE:20240622T170000Z")
        #expect(cli.run(options + ["ingest", cli.write("task.ics", text)]).status == 0)
        return (cli, options)
    }

    @Test("A task reported on is answered: status no longer counts it pending")
    func aReportedTaskIsAnswered() throws {
        let (cli, options) = try upcoming()
        #expect(cli.run(options + ["status"]).out == "1 pending\n")
        #expect(cli.run(options + ["progress", Self.uid, "10", "--no-send"]).status == 0)
        #expect(cli.run(options + ["status"]).out.isEmpty, "nothing pending: status prints nothing")
    }

    /// The lines of the first VTODO of the queued message with this subject, unfolded and
    /// decoded from quoted-printable.
    func todo(_ cli: CLIHarness, subject: String) throws -> [String] {
        let store = try InboxStore(home: cli.home)
        let message = try #require(try store.outbox().first { $0.subject == subject })
        let text = String(decoding: message.body, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
            .replacingOccurrences(of: "=\n", with: "").replacingOccurrences(of: "=3D", with: "=")
            .replacingOccurrences(of: "\n ", with: "")
        let todo = try #require(text.components(separatedBy: "BEGIN:VTODO\n").dropFirst().first)
        let lines: [String] = todo.components(separatedBy: "\n")
        return Array(lines.prefix(while: { $0 != "END:VTODO" }))
    }

    @Test("delegate answers a task: DELEGATED to the organizer, the VTODO REQUEST to the delegate")
    func delegatingATask() throws {
        let (cli, options, calendar) = harness()
        #expect(cli.run(options + ["accept", Self.uid, "--no-send"]).status == 0)
        let delegated = cli.run(options + ["delegate", Self.uid, "e@example.com", "--no-send"])
        #expect(delegated.status == 0, "\(delegated.err)")
        let reply = try todo(cli, subject: "Delegated: Create the requirements document")
        #expect(
            reply.filter { $0.hasPrefix("ATTENDEE") } == [
                "ATTENDEE;PARTSTAT=DELEGATED;DELEGATED-TO=\"mailto:e@example.com\":mailto:b@example.com",
                "ATTENDEE;PARTSTAT=NEEDS-ACTION;DELEGATED-FROM=\"mailto:b@example.com\":mailto:e@example.com",
            ])
        let request = try todo(cli, subject: "Fwd: Invitation: Create the requirements document")
        #expect(request.contains("DUE:19970722T170000Z"))
        #expect(request.contains { $0.hasPrefix("ATTENDEE") && $0.hasSuffix("mailto:e@example.com") })
        #expect(try Data(contentsOf: URL(fileURLWithPath: calendar)) == Data(Self.empty.utf8))
    }

    @Test("An update follows into the calendar copy; a CANCEL marks it cancelled and refuses reports")
    func updatesAndCancellationsFollow() throws {
        let (cli, options, calendar) = harness()
        #expect(cli.run(options + ["accept", Self.uid, "--no-send"]).status == 0)
        let raw = try String(contentsOfFile: Self.fixture(Self.request), encoding: .utf8)
        let update = cli.write(
            "update.ics",
            raw.replacingOccurrences(of: "SEQUENCE:0", with: "SEQUENCE:1")
                .replacingOccurrences(of: "DUE:19970722T170000Z", with: "DUE:19970725T170000Z"))
        let updated = cli.run(options + ["ingest", update])
        #expect(updated.out.contains("updated    Create the requirements document  task, due Fri 25 Jul 1997 17:00"))
        var copy = try String(contentsOfFile: calendar, encoding: .utf8)
        #expect(copy.contains("DUE:19970725T170000Z\r\nPRIORITY"))
        #expect(copy.components(separatedBy: "BEGIN:VTODO").count == 2)
        let cancel = cli.write(
            "cancel.ics",
            raw.replacingOccurrences(of: "SEQUENCE:0", with: "SEQUENCE:2")
                .replacingOccurrences(of: "METHOD:REQUEST", with: "METHOD:CANCEL"))
        #expect(cli.run(options + ["ingest", cancel]).status == 0)
        copy = try String(contentsOfFile: calendar, encoding: .utf8)
        #expect(copy.contains("STATUS:CANCELLED\r\n"))
        let refused = cli.run(options + ["done", Self.uid])
        #expect(refused.status == 1)
        #expect(refused.err.contains("was cancelled by the organizer: it cannot be completed"))
    }

    @Test("The RFC's task updates: a request for status (§4.5.3) asks again, the update (§4.5.6) is filed")
    func theRFCsTaskUpdatesAreFollowed() throws {
        let (cli, options, _) = harness()
        #expect(cli.run(options + ["accept", Self.uid, "--no-send"]).status == 0)
        // §4.5.3 resends the task with a later DTSTAMP and no DUE: asked again, said as a due date.
        let asked = cli.run(options + ["ingest", Self.fixture("rfc5546-4.5.3-vtodo-request-status.ics")])
        #expect(asked.status == 0, "\(asked.err)")
        #expect(asked.err.contains("the due date changed: your earlier answer (accepted) is back to pending"))
        #expect(cli.run(options + ["list"]).out.contains("pending    task, no due date"))
        let reported = cli.run(options + ["progress", Self.uid, "75", "--no-send"])
        #expect(reported.status == 0, "\(reported.err)")
        // §4.5.6: SEQUENCE 1, DUE again, the organizer's overall 40% and IN-PROCESS.
        let updated = cli.run(options + ["ingest", Self.fixture("rfc5546-4.5.6-vtodo-updated-request.ics")])
        #expect(updated.status == 0, "\(updated.err)")
        let shown = cli.run(options + ["show", Self.uid]).out
        #expect(shown.contains("due        Tue 22 Jul 1997 17:00"), "\(shown)")
        #expect(shown.contains("progress   40% done"))
        #expect(shown.contains("status     in-process"))
        #expect(shown.contains("since you answered (in-process): there was no due date"))
        #expect(shown.contains("answer     pending, 75% done"))
    }

    @Test("refresh asks for a task in a VTODO")
    func refreshAsksInAVTODO() throws {
        let (cli, options, _) = harness()
        #expect(cli.run(options + ["refresh", Self.uid, "--no-send"]).status == 0)
        let body = String(decoding: try #require(try InboxStore(home: cli.home).outbox().last).body, as: UTF8.self)
        #expect(body.contains("BEGIN:VTODO") && !body.contains("BEGIN:VEVENT"))
    }

    @Test("A task holds no time: check finds it free, day leaves it out, propose refuses it")
    func aTaskHoldsNoTime() throws {
        let cli = CLIHarness()
        let busy =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:test\r\nBEGIN:VEVENT\r\nUID:busy\r\n"
            + "DTSTART:19970710T100000Z\r\nDTEND:19970710T110000Z\r\nSUMMARY:Busy\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let options = ["--calendar", cli.write("calendar.ics", busy), "--tz", "UTC", "--me", "b@example.com"]
        #expect(cli.run(options + ["ingest", Self.fixture(Self.request)]).status == 0)
        let checked = cli.run(options + ["check", Self.uid])
        #expect(checked.status == 0, "\(checked.out)")
        #expect(cli.run(options + ["day", "1997-07-10"]).out.contains("0 invitations waiting"))
        let proposed = cli.run(options + ["propose", Self.uid, "--at", "2024-07-01 10:00", "--no-send"])
        #expect(proposed.status == 1)
        #expect(proposed.err.contains("is a task: it holds no time to move"))
    }

    @Test("review shows a task as show does and answers it with a key")
    func reviewAnswersATask() throws {
        let (cli, options) = try upcoming()
        let review = cli.run(options + ["review", "--width", "80"], stdin: "a\n")
        #expect(review.status == 0, "\(review.err)")
        #expect(review.out.contains("  due        Sat 22 Jun 2024 17:00"))
        #expect(review.out.contains("A task takes no time in your calendar: nothing collides with it"))
        #expect(review.out.contains("accepted \"Create the requirements document\""))
        #expect(
            Self.replied(cli, options, handle: Self.uid).first?.contains(
                "ATTENDEE;PARTSTAT=ACCEPTED:mailto:b@example.com") == true)
    }

    @Test("A stranger's task text is neutralised where it is printed; a task with no dates waits")
    func hostileTaskTextIsNeutralised() throws {
        let cli = CLIHarness()
        let lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:t", "METHOD:REQUEST", "BEGIN:VTODO", "UID:nodate@x",
            "DTSTAMP:20240501T080000Z", "ORGANIZER:mailto:o@x.org", "ATTENDEE:mailto:b@example.com",
            "SUMMARY:Fix the \u{1B}[31mprinter", "STATUS:X-\u{1B}]0;pwned\u{07}", "PRIORITY:7",
            "PERCENT-COMPLETE:250", "END:VTODO", "END:VCALENDAR",
        ]
        let options = ["--tz", "UTC", "--me", "b@example.com"]
        #expect(
            cli.run(options + ["ingest", cli.write("t.ics", lines.joined(separator: "\r\n") + "\r\n")]).status == 0)
        let listed = cli.run(options + ["list"]).out
        #expect(listed.contains("pending    task, no due date  Fix the ^[[31mprinter  (o@x.org)"), "\(listed)")
        let shown = cli.run(options + ["show", "nodate"]).out
        #expect(!shown.contains("\u{1B}") && !shown.contains("\u{07}"))
        #expect(shown.contains("  status     x-^[]0;pwned^G"))
        #expect(!shown.contains("progress"), "PERCENT-COMPLETE:250 is out of range: none")
    }

    @Test("A task series under way is listed by its next due date, and waits until its last")
    func aTaskSeriesUnderWayIsPending() throws {
        let cli = CLIHarness()
        let options = ["--tz", "UTC", "--me", "b@example.com"]
        let text = try String(contentsOfFile: Self.fixture(Self.recurring), encoding: .utf8)
            .replacingOccurrences(of: "DTSTART:19980101T100000Z", with: "DTSTART:20240101T100000Z")
            .replacingOccurrences(of: "DUE:19980103T100000Z", with: "DUE:20240103T100000Z")
        #expect(cli.run(options + ["ingest", cli.write("monthly.ics", text)]).status == 0)
        let listed = cli.run(options + ["list"]).out
        #expect(
            listed.contains("pending    task, next due Sun 2 Jun 2024 10:00, monthly on Fri (BYSETPOS=-1), 10 times"),
            "\(listed)")
        #expect(cli.run(options + ["status"]).out == "1 pending\n")
    }
}
