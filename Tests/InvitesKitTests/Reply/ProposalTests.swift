import CLibical
import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesFormats
@testable import InvitesKit
@testable import InvitesModel

/// Proposals of a new time: the COUNTER as libical reads it back, the outbox beside replies,
/// the refusals, and the organizer's DECLINECOUNTER filed on the invitation.
@Suite struct ProposalTests {
    let folder: String
    let store: InboxStore
    let now = Date.utc("2024-06-01T12:00:00Z")
    let me = MyAddresses(["bob@example.org"])

    init() throws {
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("invites-proposal-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        store = try InboxStore(home: folder + "/home")
    }

    /// A weekly REQUEST from Ann to Bob; `extra` goes into its VEVENT.
    func ingest(_ extra: [String] = [], method: String = "REQUEST") throws -> StoredInvite {
        let lines =
            [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "METHOD:\(method)", "BEGIN:VTIMEZONE",
                "TZID:Europe/Berlin", "BEGIN:STANDARD", "DTSTART:19701025T030000", "TZOFFSETFROM:+0200",
                "TZOFFSETTO:+0100", "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "END:STANDARD", "BEGIN:DAYLIGHT",
                "DTSTART:19700329T020000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200",
                "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "END:DAYLIGHT", "END:VTIMEZONE", "BEGIN:VEVENT",
                "UID:review@example.org", "SEQUENCE:3", "DTSTAMP:20240601T080000Z",
                "DTSTART;TZID=Europe/Berlin:20240610T100000", "DTEND;TZID=Europe/Berlin:20240610T110000",
                "RRULE:FREQ=WEEKLY;COUNT=5", "EXDATE;TZID=Europe/Berlin:20240617T100000", "SUMMARY:Review",
                "ORGANIZER;CN=Ann:mailto:ann@example.org",
                "ATTENDEE;CN=Bob;RSVP=TRUE;PARTSTAT=NEEDS-ACTION:mailto:bob@example.org",
                "ATTENDEE;CN=Cem;PARTSTAT=ACCEPTED:mailto:cem@example.org", "BEGIN:VALARM", "ACTION:DISPLAY",
                "TRIGGER:-PT15M", "END:VALARM",
            ] + extra + ["END:VEVENT", "END:VCALENDAR", ""]
        let invites = try InviteReader(display: .utc).read(Data(lines.joined(separator: "\r\n").utf8), file: "t.ics")
        return try #require(try InvitationFiler(store: store).file(invites, now: now).first).stored
    }

    func calendar(of draft: OutboxDraft) throws -> ICalComponent {
        let mail = String(decoding: draft.body, as: UTF8.self)
        let message = try #require(try MIMEMessage.parse(Data(mail.utf8)))
        let part = try #require(message.calendarParts.first)
        #expect(part.method?.uppercased() == "COUNTER")
        return try #require(part.data.withUnsafeBytes { ICalComponent.parse($0) })
    }

    @Test("The COUNTER is the organizer's event at the new time")
    func theCounterIsTheOrganizersEventAtTheNewTime() throws {
        let stored = try ingest()
        let proposal = Proposal(
            recurrenceID: nil, start: .utc("2024-06-10T13:00:00Z"), end: .utc("2024-06-10T14:00:00Z"),
            comment: "Later?\nATTENDEE:mailto:evil@example.org")
        let draft = try proposal.draft(
            for: stored, was: DateInterval(start: stored.invite.start, end: stored.invite.end), me: me, name: nil,
            now: now, display: .utc)
        #expect(draft.kind == .counter && draft.recipient == "ann@example.org")
        #expect(draft.subject == "New time proposed: Review")
        let root = try calendar(of: draft)
        #expect(root.text(ICAL_METHOD_PROPERTY) == "COUNTER")
        let events = root.children(ICAL_VEVENT_COMPONENT)
        try #require(events.count == 1)
        let event = events[0]
        #expect(event.text(ICAL_UID_PROPERTY) == "review@example.org")
        #expect(event.firstProperty(ICAL_SEQUENCE_PROPERTY).map { icalproperty_get_sequence($0.raw) } == 3)
        #expect(event.firstProperty(ICAL_DTSTART_PROPERTY)?.value == "20240610T130000Z")
        #expect(event.firstProperty(ICAL_DTEND_PROPERTY)?.value == "20240610T140000Z")
        #expect(event.properties(ICAL_ATTENDEE_PROPERTY).map(\.value) == ["mailto:bob@example.org"])
        #expect(event.properties(ICAL_ATTENDEE_PROPERTY).first?.parameter(ICAL_PARTSTAT_PARAMETER) == "NEEDS-ACTION")
        #expect(event.properties(ICAL_COMMENT_PROPERTY).map(\.value) == ["Later?\nATTENDEE:mailto:evil@example.org"])
        #expect(event.firstProperty(ICAL_RRULE_PROPERTY) != nil)
        #expect(event.firstProperty(ICAL_EXDATE_PROPERTY) == nil)
        #expect(event.children(ICAL_VALARM_COMPONENT).isEmpty)
    }

    @Test("One occurrence's COUNTER names it and drops the rule")
    func oneOccurrencesCounterNamesItAndDropsTheRule() throws {
        let stored = try ingest()
        let proposal = Proposal(
            recurrenceID: "2024-06-24T08:00:00Z", start: .utc("2024-06-25T08:00:00Z"),
            end: .utc("2024-06-25T09:00:00Z"))
        let draft = try proposal.draft(
            for: stored, was: DateInterval(start: .utc("2024-06-24T08:00:00Z"), duration: 3_600), me: me, name: "Bob B",
            now: now, display: .utc)
        let event = try #require(try calendar(of: draft).children(ICAL_VEVENT_COMPONENT).first)
        #expect(event.firstProperty(ICAL_RECURRENCEID_PROPERTY) != nil)
        #expect(event.firstProperty(ICAL_RRULE_PROPERTY) == nil)
        #expect(event.firstProperty(ICAL_ATTENDEE_PROPERTY)?.parameter(ICAL_CN_PARAMETER) == "Bob B")
    }

    @Test func refusals() throws {
        let disallowed = try ingest(["X-MICROSOFT-DISALLOW-COUNTER:TRUE"])
        #expect(throws: ProposalError.disallowed(handle: disallowed.handle)) {
            try Proposal.check(
                disallowed, details: EventProperties.read(disallowed.invite.raw, uid: disallowed.invite.uid))
        }
        let push = try #require(
            try InvitationFiler(store: store).file(
                try InviteReader(display: .utc).read(
                    Data(
                        #"{"title":"Dinner","start":"2024-06-10T18:00:00Z","end":"2024-06-10T20:00:00Z","id":7}"#.utf8),
                    file: "p.json"), now: now
            ).first?.stored)
        #expect(throws: ProposalError.push(handle: push.handle)) { try Proposal.check(push, details: nil) }
    }

    /// A proposal goes through the outbox beside the reply: neither supersedes the other; a
    /// newer proposal supersedes the older one.
    @Test func proposalsAndRepliesKeepTheirOwnMessages() throws {
        let stored = try ingest()
        let responder = Responder(
            store: store, calendar: CalendarSource.defaultCalendar(folder + "/calendar.ics"), me: me, display: .utc,
            lockFolder: folder + "/home/locks")
        _ = try responder.answer(stored, action: .tentative, comment: nil, addToCalendar: false, now: now)
        for hour in [13, 14] {
            let proposal = Proposal(
                recurrenceID: nil, start: .utc("2024-06-10T\(hour):00:00Z"), end: .utc("2024-06-10T\(hour + 1):00:00Z"))
            let current = try store.resolve(stored.handle)
            let draft = try proposal.draft(
                for: current, was: DateInterval(start: stored.invite.start, end: stored.invite.end), me: me,
                name: nil, now: now, display: .utc)
            let entry = try store.record(
                apart: proposal.entry(for: current, now: now), for: current, draft: draft, now: now)
            #expect(entry.action == .proposed && entry.delivery == .queued)
        }
        let open = try store.outbox()
        #expect(open.map(\.subject).sorted() == ["New time proposed: Review", "Tentative: Review"])
        #expect(try store.outbox(states: [.superseded]).map(\.subject) == ["New time proposed: Review"])
        let reply = try Reply.make(
            for: try store.resolve(stored.handle), history: try store.history(handle: stored.handle), me: me,
            name: nil, mime: false, now: now, display: .utc)
        #expect(reply.subject == "Tentative: Review")
        let counter = String(decoding: try #require(open.first { $0.subject.hasPrefix("New") }).body, as: UTF8.self)
        #expect(counter.contains("DTSTART:20240610T140000Z"))
    }

    @Test("A DECLINECOUNTER is filed once, on its invitation")
    func aDeclineCounterIsFiledOnceOnItsInvitation() throws {
        let stored = try ingest()
        let text = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "METHOD:DECLINECOUNTER", "BEGIN:VEVENT",
            "UID:review@example.org", "RECURRENCE-ID:20240624T080000Z", "DTSTAMP:20240602T080000Z", "SEQUENCE:3",
            "ORGANIZER:mailto:ann@example.org", "ATTENDEE:mailto:bob@example.org", "COMMENT:No room\\, sorry",
            "END:VEVENT", "END:VCALENDAR", "",
        ].joined(separator: "\r\n")
        let reader = InviteReader(display: .utc)
        #expect(throws: IngestError.notForAttendee(file: "d.ics", method: "DECLINECOUNTER")) {
            try reader.read(Data(text.utf8), file: "d.ics")
        }
        let declined = try reader.declinedProposals(Data(text.utf8), file: "d.ics")
        #expect(
            declined == [
                DeclinedProposal(
                    uid: "review@example.org", organizer: Invite.Person(name: nil, email: "ann@example.org"),
                    recurrenceID: "2024-06-24T08:00:00Z", comment: "No room, sorry",
                    sequence: 3, dtstamp: .utc("2024-06-02T08:00:00Z"))
            ])
        let entry = try #require(try store.recordDeclinedProposal(declined[0], for: stored, now: now))
        #expect(entry.action == .proposalDeclined && entry.delivery == .none)
        #expect(try store.recordDeclinedProposal(declined[0], for: stored, now: now) == nil)
        #expect(try store.history(handle: stored.handle).count == 1)
        let mail =
            "From: ann@example.org\r\nSubject: Declined\r\nContent-Type: text/calendar; method=DECLINECOUNTER\r\n\r\n"
        #expect(try reader.declinedProposals(Data((mail + text).utf8), file: "d.eml").count == 1)
    }
}
