import Foundation
import InvitesModel
import Testing

@testable import InvitesFormats
@testable import InvitesKit

/// How a task invitation (VTODO, RFC 5546 §3.4) is read: one invite per UID like a meeting,
/// its DUE, PRIORITY, PERCENT-COMPLETE and STATUS kept, a stranger's numbers out of range
/// dropped, a task without DUE never over, and its blocks found in a calendar by UID but never
/// taken for busy time.
@Suite struct TaskParsingTests {
    static func request(_ lines: [String], uid: String = "t1@example.org") -> Data {
        let body =
            [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:test", "METHOD:REQUEST", "BEGIN:VTODO", "UID:\(uid)",
                "DTSTAMP:20240601T080000Z", "ORGANIZER:mailto:o@example.org", "ATTENDEE:mailto:b@example.org",
                "SUMMARY:Write it",
            ] + lines + ["END:VTODO", "END:VCALENDAR"]
        return Data((body.joined(separator: "\r\n") + "\r\n").utf8)
    }

    func parse(_ data: Data) throws -> [Invite] {
        try ITIPParser(display: .utc).parse(data, file: "task.ics", source: .itip, fallbackMethod: nil)
    }

    @Test("DUE, PRIORITY, PERCENT-COMPLETE and STATUS are kept")
    func theTasksFactsAreKept() throws {
        let invites = try parse(
            Self.request([
                "DTSTART:20240610T080000Z", "DUE:20240612T170000Z", "PRIORITY:5", "PERCENT-COMPLETE:40",
                "STATUS:IN-PROCESS",
            ]))
        let invite = try #require(invites.first)
        #expect(invites.count == 1)
        let task = try #require(invite.properties?.task)
        #expect(task.due == ISO8601DateFormatter().date(from: "2024-06-12T17:00:00Z"))
        #expect(task.priority == 5)
        #expect(task.percent == 40)
        #expect(task.status == "IN-PROCESS")
        #expect(invite.start == ISO8601DateFormatter().date(from: "2024-06-10T08:00:00Z"))
        #expect(invite.end == task.due)
    }

    @Test("A stranger's PRIORITY and PERCENT-COMPLETE out of range are dropped")
    func numbersOutOfRangeAreDropped() throws {
        let invite = try #require(
            try parse(Self.request(["DUE:20240612T170000Z", "PRIORITY:99", "PERCENT-COMPLETE:4000000000"])).first)
        let task = try #require(invite.properties?.task)
        #expect(task.priority == nil)
        #expect(task.percent == nil)
        #expect(TaskFacts.percent(-1) == nil && TaskFacts.percent(100) == 100)
        #expect(TaskFacts.priority(0) == nil && TaskFacts.priority(9) == 9)
    }

    @Test("A task due on a date keeps the date; one due without DTSTART starts when it is due")
    func aDateDueTask() throws {
        let invite = try #require(try parse(Self.request(["DUE;VALUE=DATE:20240612"])).first)
        #expect(invite.properties?.task?.dueDay == "2024-06-12")
        #expect(invite.dates?.first.description == "2024-06-12")
    }

    @Test("A task with neither DTSTART nor DUE is never over")
    func aTaskWithoutDatesIsNeverOver() throws {
        let invite = try #require(try parse(Self.request([])).first)
        #expect(invite.properties?.task?.due == nil)
        #expect(invite.end.timeIntervalSince1970 >= StorableTime.seconds.upperBound - 1)
        #expect(invite.start == ISO8601DateFormatter().date(from: "2024-06-01T08:00:00Z"))
    }

    @Test("A meeting has no task facts")
    func aMeetingIsNoTask() throws {
        let text = String(decoding: Self.request(["DTSTART:20240610T080000Z"]), as: UTF8.self)
            .replacingOccurrences(of: "VTODO", with: "VEVENT")
        let invite = try #require(try parse(Data(text.utf8)).first)
        #expect(invite.properties?.task == nil)
    }

    @Test("VTODOs count towards the bound on components in a message")
    func vtodosAreCounted() {
        let text = String(repeating: "BEGIN:VTODO\r\nEND:VTODO\r\n", count: 3) + "BEGIN:VEVENT\r\n"
        #expect(Data(text.utf8).withUnsafeBytes { ICalComponent.eventCount(in: $0) } == 4)
    }

    @Test("A calendar's VTODO blocks are found by UID but hold no time")
    func aCalendarsTasksAreFoundButNotExpanded() {
        let text =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:t1\r\nDUE:20240612T170000Z\r\nEND:VTODO\r\n"
            + "BEGIN:VEVENT\r\nUID:e1\r\nDTSTART:20240612T170000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let data = Data(text.utf8)
        data.withUnsafeBytes { bytes in
            let scan = ICSBlockScanner.scan(bytes)
            #expect(scan.blocks.map(\.kind) == [.task, .event])
            #expect(CalendarWriter.eventBlocks(uid: "t1", in: bytes, scan: scan).count == 1)
            let index = FileIndex.build(bytes, stamp: nil)
            #expect(index.entries.filter { $0.kind == .event }.count == 1)
        }
    }

    @Test("A task's times read as a meeting's for its occurrences: DTSTART to DUE")
    func aTaskReadsAsAnEvent() throws {
        let invites = try parse(
            Self.request(["DTSTART:20240603T080000Z", "DUE:20240603T170000Z", "RRULE:FREQ=DAILY;COUNT=3"]))
        let stored = StoredInvite(
            handle: "t", invite: try #require(invites.first), status: .pending, receivedAt: Date(), updatedAt: Date())
        let copy = ITIPComposer.organizerCopy(of: stored, display: .utc)
        let query = CalendarQuery(sources: [], display: .utc, me: MyAddresses([]), clock: { Date() })
        let found = query.occurrences(of: copy, uid: "t1@example.org", in: StorableTime.interval)
        #expect(found.count == 3)
        #expect(found.first.map { Int($0.end.timeIntervalSince($0.start).rounded()) } == 9 * 3_600)
    }
}
