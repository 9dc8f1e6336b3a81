import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit

/// Answering as a library call, against a real store, a real calendar file and a real command
/// standing in for sendmail: the notes a command words, the reply queued or not, and the `send`
/// setting applied after.
@Suite struct AnswerControllerTests {
    let folder: String
    let store: InboxStore
    let now = Date.utc("2024-06-01T12:00:00Z")

    init() throws {
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("invites-answering-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        store = try InboxStore(home: folder + "/home")
    }

    static func invitation(
        uid: String = "planning@example.org", method: String = "REQUEST", sequence: Int = 1,
        attendee: String = "ATTENDEE;CN=Bob;RSVP=TRUE:mailto:bob@example.org",
        rule: String = ""
    ) -> String {
        """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//test//EN\r
        METHOD:\(method)\r
        BEGIN:VEVENT\r
        UID:\(uid)\r
        SEQUENCE:\(sequence)\r
        DTSTAMP:20240601T080000Z\r
        DTSTART:20240610T100000Z\r
        DTEND:20240610T110000Z\r
        \(rule)SUMMARY:Planning\r
        ORGANIZER;CN=Ann:mailto:ann@example.org\r
        \(attendee)\r
        END:VEVENT\r
        END:VCALENDAR\r

        """
    }

    func ingest(_ text: String = invitation()) throws -> StoredInvite {
        let invites = try ITIPParser(display: .utc).parse(
            Data(text.utf8), file: "invite.ics", source: .itip, fallbackMethod: nil)
        return try #require(try store.ingest(invites, now: now).last).stored
    }

    /// A sendmail stand-in that keeps each message in `folder/sent/`; run through `/bin/sh`, as
    /// in ``OutboxTests``, so that no test executes a file still open for writing elsewhere.
    func sendmail() -> [String] {
        let script = folder + "/sendmail"
        let text = "#!/bin/sh\nmkdir -p \"\(folder)/sent\"\ncat > \"\(folder)/sent/$$.eml\"\n"
        FileManager.default.createFile(atPath: script, contents: Data(text.utf8))
        return ["/bin/sh", script, "-t", "-i"]
    }

    func sent() -> Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder + "/sent")) ?? []).count
    }

    func controller(send: SendPolicy = .never, me: [String] = ["bob@example.org"]) -> AnswerController {
        AnswerController(
            store: store,
            settings: AnswerController.Settings(
                calendar: CalendarSource.defaultCalendar(folder + "/calendar.ics"), me: MyAddresses(me),
                display: .utc, lockFolder: folder + "/home/locks", name: nil, scheduling: SchedulingPolicy(),
                send: send, routes: Courier.Routes(sendmail: sendmail(), respondURL: nil)),
            clock: { Date.utc("2024-06-01T12:00:00Z") })
    }

    @Test func anAcceptGoesIntoTheCalendarAndItsReplyWaitsWhenSendIsNever() throws {
        let stored = try ingest()
        let report = try controller().answer(AnswerController.Request(stored, action: .accepted, now: now))
        #expect(report.outcome.calendar == .added(folder + "/calendar.ics"))
        #expect(report.notes.isEmpty)
        guard case .queued? = report.sending else { throw Unexpected.sending(report.sending) }
        #expect(try store.outbox(states: [.queued]).count == 1)
        #expect(sent() == 0)
    }

    @Test func sendAlwaysHandsTheReplyOverAtOnce() throws {
        let stored = try ingest()
        let report = try controller(send: .always).answer(
            AnswerController.Request(stored, action: .tentative, now: now))
        guard case .sent(let run)? = report.sending else { throw Unexpected.sending(report.sending) }
        #expect(run.reports.map(\.handover) == [.sent])
        #expect(run.allSent && sent() == 1)
    }

    @Test func askLeavesTheReplyForTheCallerToSend() throws {
        let stored = try ingest()
        let controller = controller(send: .ask)
        let report = try controller.answer(AnswerController.Request(stored, action: .accepted, now: now))
        guard case .ask? = report.sending else { throw Unexpected.sending(report.sending) }
        #expect(sent() == 0)
        let run = try controller.delivery.send(handles: [stored.handle])
        #expect(run.reports.map(\.handover) == [.sent] && sent() == 1)
    }

    @Test func noSendWinsOverTheSetting() throws {
        let stored = try ingest()
        let report = try controller(send: .always).answer(
            AnswerController.Request(stored, action: .accepted, send: false, now: now))
        guard case .queued? = report.sending else { throw Unexpected.sending(report.sending) }
        #expect(sent() == 0)
    }

    @Test func rsvpFalseQueuesNoReplyUnlessSendAsks() throws {
        let stored = try ingest(Self.invitation(attendee: "ATTENDEE;RSVP=FALSE:mailto:bob@example.org"))
        let quiet = try controller().answer(
            AnswerController.Request(stored, action: .accepted, addToCalendar: false, now: now))
        #expect(quiet.notes == [.noReplyAsked])
        #expect(quiet.sending == nil && quiet.outcome.queued == nil)
        let anyway = try controller().answer(
            AnswerController.Request(stored, action: .declined, addToCalendar: false, send: true, now: now))
        #expect(anyway.notes.isEmpty)
        guard case .sent(let run)? = anyway.sending else { throw Unexpected.sending(anyway.sending) }
        #expect(run.reports.map(\.handover) == [.sent])
    }

    @Test func anAddressTheInvitationDoesNotListIsSaid() throws {
        let stored = try ingest(Self.invitation(attendee: "ATTENDEE:mailto:team@example.org"))
        let report = try controller().answer(
            AnswerController.Request(stored, action: .accepted, addToCalendar: false, now: now))
        #expect(report.notes == [.notAnAttendee(address: "bob@example.org")])
        #expect(report.outcome.queued != nil)
    }

    @Test func noAddressIsSaidAndNoReplyCanBeMade() throws {
        let stored = try ingest()
        let report = try controller(me: []).answer(AnswerController.Request(stored, action: .accepted, now: now))
        #expect(report.notes == [.noAddress])
        #expect(report.outcome.notQueued == .noAddress && report.sending == nil)
    }

    @Test func aCancelledInvitationIsDeclinedWithANoteAndNotAccepted() throws {
        _ = try ingest()
        let cancelled = try ingest(Self.invitation(method: "CANCEL", sequence: 2))
        let declined = try controller().answer(
            AnswerController.Request(cancelled, action: .declined, addToCalendar: false, now: now))
        #expect(declined.notes == [.cancelled])
        #expect(throws: AnswerError.self) {
            try controller().answer(AnswerController.Request(cancelled, action: .accepted, now: now))
        }
    }

    @Test func occurrencesAreFoundAsTyped() throws {
        let stored = try ingest(Self.invitation(rule: "RRULE:FREQ=WEEKLY;COUNT=4\r\n"))
        let report = try controller().answer(
            AnswerController.Request(
                stored, action: .declined, occurrences: .named(["2024-06-17"]), addToCalendar: false, now: now))
        #expect(report.occurrences == ["2024-06-17T10:00:00Z"])
        #expect(report.outcome.entries.map(\.recurrenceID) == ["2024-06-17T10:00:00Z"])
        #expect(
            throws: OccurrenceError.noSuch(
                when: "2024-06-18", nearest: ["2024-06-10 10:00", "2024-06-17 10:00", "2024-06-24 10:00"])
        ) {
            try controller().answer(
                AnswerController.Request(stored, action: .declined, occurrences: .named(["2024-06-18"]), now: now))
        }
    }

    enum Unexpected: Error {
        case sending(DeliveryController.Sending?)
    }
}
