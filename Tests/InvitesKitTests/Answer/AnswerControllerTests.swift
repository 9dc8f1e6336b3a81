import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit
@testable import InvitesModel

/// Answering as a library call, against a real store, a real calendar file and a real command
/// standing in for sendmail: the notes a command words, the reply queued or not, and the `send`
/// setting applied after.
@Suite struct AnswerControllerTests {
    let home: AnsweringHome
    var now: Date { home.now }

    init() throws {
        home = try AnsweringHome()
    }

    func ingest(_ text: String = AnsweringHome.invitation()) throws -> StoredInvite {
        try home.ingest(text)
    }

    func controller(send: SendPolicy = .never, me: [String] = ["bob@example.org"]) -> AnswerController {
        home.answering(send: send, me: MyAddresses(me))
    }

    func sent() -> Int { home.sent() }

    @Test("An accept goes into the calendar and its reply waits when send is never")
    func anAcceptGoesIntoTheCalendarAndItsReplyWaitsWhenSendIsNever() throws {
        let stored = try ingest()
        let report = try controller().answer(AnswerController.Request(stored, action: .accepted, now: now))
        #expect(report.outcome.calendar == .added(home.folder + "/calendar.ics"))
        #expect(report.notes.isEmpty)
        guard case .queued? = report.sending else { throw Unexpected.sending(report.sending) }
        #expect(try home.store.outbox(states: [.queued]).count == 1)
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
        let run = try controller.dispatcher.send(handles: [stored.handle])
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
        let stored = try ingest(AnsweringHome.invitation(attendee: "ATTENDEE;RSVP=FALSE:mailto:bob@example.org"))
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
        let stored = try ingest(AnsweringHome.invitation(attendee: "ATTENDEE:mailto:team@example.org"))
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

    @Test("A cancelled invitation is declined with a note and not accepted")
    func aCancelledInvitationIsDeclinedWithANoteAndNotAccepted() throws {
        _ = try ingest()
        let cancelled = try ingest(AnsweringHome.invitation(method: "CANCEL", sequence: 2))
        let declined = try controller().answer(
            AnswerController.Request(cancelled, action: .declined, addToCalendar: false, now: now))
        #expect(declined.notes == [.cancelled])
        #expect(throws: AnswerError.self) {
            try controller().answer(AnswerController.Request(cancelled, action: .accepted, now: now))
        }
    }

    @Test func occurrencesAreFoundAsTyped() throws {
        let stored = try ingest(AnsweringHome.invitation(rule: "RRULE:FREQ=WEEKLY;COUNT=4\r\n"))
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
        case sending(Dispatcher.Sending?)
    }
}
