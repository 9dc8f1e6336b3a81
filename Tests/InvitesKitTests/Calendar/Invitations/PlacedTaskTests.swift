import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit
@testable import InvitesModel

/// A task (VTODO) a scheduling server put in your calendar is found as a meeting is, passed over
/// on its bytes when it cannot wait for you, and answered in place: your PARTSTAT and, for a
/// report, its PERCENT-COMPLETE, no other byte.
@Suite struct PlacedTaskTests {
    let me = MyAddresses(["me@example.org"])
    /// 2025-01-01T00:00:00Z.
    let now = 1_735_689_600

    func keeps(_ data: Data) -> Bool {
        data.withUnsafeBytes { InvitationPrefilter(me: me, now: now, held: []).mayWait(item: $0) }
    }

    func found(_ data: Data) -> [FoundInvitation] {
        CalendarInvitationScanner(me: me, display: .utc, cache: nil, now: Date())
            .invitations(in: data, item: CalendarItem(calendar: "/vdir", path: "/vdir/item.ics"))
    }

    /// The unfolded content lines of a text, by bytes (a CRLF is one Character to Swift).
    func contentLines(_ data: Data) -> [String] {
        data.withUnsafeBytes { InPlaceAnswer.logicalLines($0).map(\.text) }
    }

    @Test(
        "Each placed task: kept by the prefilter, and found, as a meeting would be",
        arguments: [
            ("placed-task.ics", true, "NEEDS-ACTION"),
            ("placed-task-huge-percent.ics", true, "NEEDS-ACTION"),
            ("placed-task-answered.ics", false, "ACCEPTED"),
        ])
    func eachPlacedTask(_ name: String, kept: Bool, partstat: String) throws {
        let data = try Fixture.data("ServerCopies/" + name)
        #expect(keeps(data) == kept)
        let invitation = try #require(found(data).first)
        #expect(invitation.partstats[nil] == partstat)
    }

    @Test func aTaskYouOrganizeIsNoInvitation() throws {
        let data = try Fixture.data("ServerCopies/placed-task-mine.ics")
        #expect(!keeps(data))
        #expect(found(data).isEmpty)
    }

    /// What `progress` and `done` leave in the copy answers it: passed over, as the follower files
    /// it accepted. On a meeting the same words are no answer RFC 5545 knows, and keep it.
    @Test func aTaskReportedOnIsAnsweredAMeetingSoMarkedIsNot() throws {
        let text = String(decoding: try Fixture.data("ServerCopies/placed-task.ics"), as: UTF8.self)
        for partstat in ["IN-PROCESS", "completed"] {
            let reported = text.replacingOccurrences(of: "PARTSTAT=NEEDS-ACTION", with: "PARTSTAT=" + partstat)
            #expect(!keeps(Data(reported.utf8)), "\(partstat)")
            let meeting = reported.replacingOccurrences(of: "VTODO", with: "VEVENT")
                .replacingOccurrences(of: "DUE:", with: "DTEND:")
            #expect(keeps(Data(meeting.utf8)), "\(partstat)")
        }
        #expect(InvitationFiler.status(ofPartstat: "IN-PROCESS", task: true) == .accepted)
        #expect(InvitationFiler.status(ofPartstat: "COMPLETED", task: true) == .accepted)
        #expect(InvitationFiler.status(ofPartstat: "IN-PROCESS") == .pending)
        #expect(InvitationFiler.status(ofPartstat: "COMPLETED") == .pending)
    }

    /// In a single calendar file, a task beside a meeting is its own invitation.
    @Test func aTaskInACalendarFileBesideAMeeting() throws {
        let task = String(decoding: try Fixture.data("ServerCopies/placed-task.ics"), as: UTF8.self)
        let meeting = String(decoding: try Fixture.data("ServerCopies/google-meeting.ics"), as: UTF8.self)
        let todo = try #require(task.range(of: "BEGIN:VTODO")).lowerBound
        let end = try #require(task.range(of: "END:VCALENDAR")).lowerBound
        let vtodo = task[todo..<end]
        let file = meeting.replacingOccurrences(of: "END:VCALENDAR", with: vtodo + "END:VCALENDAR")
        let scanner = CalendarInvitationScanner(me: me, display: .utc, cache: nil, now: Date())
        let filter = InvitationPrefilter(me: me, now: now, held: [])
        let result = scanner.invitations(
            inCalendarFile: Data(file.utf8), item: CalendarItem(calendar: "/cal.ics", path: "/cal.ics"), filter: filter)
        #expect(Set(result.found.map(\.uid)) == ["placed-task-1@example.com", "0a1b2c3d4e5f@google.com"])
    }

    @Test(
        "The percent a report writes into the copy",
        arguments: [
            (AnswerAction.inProcess, 40, 40), (.inProcess, nil, 0), (.inProcess, 400, 100), (.completed, nil, 100),
            (.completed, 30, 100), (.accepted, 40, nil), (.declined, nil, nil),
        ] as [(AnswerAction, Int?, Int?)])
    func thePercentAReportWrites(_ action: AnswerAction, reported: Int?, written: Int?) {
        #expect(InPlaceAnswer.percent(after: action, reported: reported) == written)
    }

    /// The fixture `name` before and after an answer in place to `uid`.
    func answered(_ name: String, uid: String, _ partstat: String, percent: Int?) throws -> (before: Data, after: Data)
    {
        let before = try Fixture.data("ServerCopies/" + name)
        let answer = InPlaceAnswer(
            uid: uid, me: me, partstat: partstat, keys: nil, comment: nil, display: .utc, percent: percent)
        return (before, try answer.apply(to: before, path: "item.ics"))
    }

    @Test func progressSetsYourPartstatAndAddsThePercentNothingElse() throws {
        let (before, after) = try answered(
            "placed-task.ics", uid: "placed-task-1@example.com", "IN-PROCESS", percent: 50)
        var old = contentLines(before)
        let new = contentLines(after)
        let mine = try #require(old.firstIndex { $0.hasSuffix("mailto:me@example.org") })
        old[mine] = InPlaceAnswer.settingPartstat("IN-PROCESS", in: old[mine])
        old.insert("PERCENT-COMPLETE:50", at: try #require(old.firstIndex(of: "END:VTODO")))
        #expect(new == old)
        #expect(String(decoding: after, as: UTF8.self).contains("PERCENT-COMPLETE:50\r\nEND:VTODO\r\n"))
    }

    /// A stranger's number, forty digits long, is replaced whole where it stands.
    @Test func doneReplacesAHugePercentInPlace() throws {
        let (before, after) = try answered(
            "placed-task-huge-percent.ics", uid: "placed-task-4@example.com", "COMPLETED", percent: 100)
        let old = contentLines(before)
        let new = contentLines(after)
        #expect(old.count == new.count)
        let changed = zip(old, new).filter { $0 != $1 }
        #expect(changed.count == 2)
        #expect(changed.contains { $0.0.hasPrefix("PERCENT-COMPLETE:9999") && $0.1 == "PERCENT-COMPLETE:100" })
        #expect(changed.contains { $0.1.contains("PARTSTAT=COMPLETED") && $0.1.hasSuffix("mailto:me@example.org") })
    }

    /// A meeting takes no percent: an answer with one changes what one without it changes.
    @Test func aMeetingTakesNoPercent() throws {
        let uid = "0a1b2c3d4e5f@google.com"
        let plain = try answered("google-meeting.ics", uid: uid, "ACCEPTED", percent: nil)
        let withPercent = try answered("google-meeting.ics", uid: uid, "ACCEPTED", percent: 50)
        #expect(plain.after == withPercent.after)
        #expect(plain.after != plain.before)
    }
}
