import CLibical
import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesFormats
@testable import InvitesKit
@testable import InvitesModel

/// Answers against real files: the calendar keeps every byte it was not meant to lose.
@Suite struct ResponderTests {
    let folder: String
    let store: InboxStore
    let now = Date.utc("2024-06-01T12:00:00Z")
    let me = MyAddresses(["mailto:Bob@Example.org"])

    init() throws {
        folder =
            FileManager.default.temporaryDirectory.appendingPathComponent("invites-answer-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        store = try InboxStore(home: folder + "/home")
    }

    static let invitation = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//test//EN\r
        METHOD:REQUEST\r
        BEGIN:VTIMEZONE\r
        TZID:Custom/Zone\r
        BEGIN:STANDARD\r
        DTSTART:19700101T000000\r
        TZOFFSETFROM:+0300\r
        TZOFFSETTO:+0300\r
        END:STANDARD\r
        END:VTIMEZONE\r
        BEGIN:VEVENT\r
        UID:review@example.org\r
        SEQUENCE:2\r
        DTSTAMP:20240601T080000Z\r
        DTSTART;TZID=Custom/Zone:20240610T100000\r
        DTEND;TZID=Custom/Zone:20240610T110000\r
        SUMMARY:Review\r
        ORGANIZER;CN=Ann:mailto:ann@example.org\r
        ATTENDEE;CN=Bob;RSVP=TRUE;PARTSTAT=NEEDS-ACTION:mailto:bob@example.org\r
        ATTENDEE;CN=Cy;RSVP=TRUE;PARTSTAT=NEEDS-ACTION:mailto:cy@example.org\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    func ingest(_ text: String = invitation) throws -> StoredInvite {
        let invites = try ITIPParser(display: .utc).parse(
            Data(text.utf8), file: "invite.ics", source: .itip, fallbackMethod: nil)
        return try #require(try InvitationFiler(store: store).file(invites, now: now).first).stored
    }

    func responder(_ calendar: CalendarSource) -> Responder {
        Responder(store: store, calendar: calendar, me: me, display: .utc, lockFolder: folder + "/home/locks")
    }

    func copy(_ path: String) throws -> String {
        let target = folder + "/" + (path as NSString).lastPathComponent
        try? FileManager.default.removeItem(atPath: target)
        try FileManager.default.copyItem(atPath: path, toPath: target)
        return target
    }

    func latest(_ stored: StoredInvite) throws -> StoredInvite {
        try store.resolve(stored.handle)
    }

    @Test func acceptThenDeclineGivesBackTheSameBytes() throws {
        let path = try copy(Fixture.path("calendars/edges.ics"))
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let stored = try ingest()
        let calendar = try CalendarSource.named(path)
        let accepted = try responder(calendar).answer(
            stored, action: .accepted, comment: nil, addToCalendar: true, now: now)
        #expect(accepted.calendar == .added(path))
        let during = try Data(contentsOf: URL(fileURLWithPath: path))
        let text = String(decoding: during, as: UTF8.self)
        #expect(text.contains("UID:review@example.org"))
        #expect(text.contains("TZID:Custom/Zone"))
        #expect(text.contains("PARTSTAT=ACCEPTED"))
        let kept = before.count - "END:VCALENDAR\r\n".utf8.count
        #expect(during.prefix(kept) == before.prefix(kept), "the bytes before END:VCALENDAR changed")
        #expect(during.suffix(15) == Data("END:VCALENDAR\r\n".utf8))
        let declined = try responder(calendar).answer(
            try latest(stored), action: .declined, comment: "sorry", addToCalendar: true, now: now)
        #expect(declined.calendar == .removed(path))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func theSameAnswerTwiceLeavesTheCalendarAlone() throws {
        let path = try copy(Fixture.path("calendars/edges.ics"))
        let stored = try ingest()
        let calendar = try CalendarSource.named(path)
        _ = try responder(calendar).answer(stored, action: .accepted, comment: nil, addToCalendar: true, now: now)
        let once = try Data(contentsOf: URL(fileURLWithPath: path))
        let again = try responder(calendar).answer(
            try latest(stored), action: .accepted, comment: "see you", addToCalendar: true, now: now)
        #expect(again.calendar == .unchanged)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == once)
        #expect(try store.history(handle: stored.handle).map(\.comment) == ["see you", nil])
    }

    @Test func noAddRecordsWithoutWriting() throws {
        let path = try copy(Fixture.path("calendars/edges.ics"))
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let stored = try ingest()
        _ = try responder(try CalendarSource.named(path)).answer(
            stored, action: .accepted, comment: nil, addToCalendar: false, now: now)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try latest(stored).status == .accepted)
    }

    @Test("A cancellation and an update follow into the calendar")
    func cancellationAndUpdateFollowIntoTheCalendar() throws {
        let path = try copy(Fixture.path("calendars/edges.ics"))
        let calendar = try CalendarSource.named(path)
        let stored = try ingest()
        _ = try responder(calendar).answer(stored, action: .accepted, comment: nil, addToCalendar: true, now: now)
        let updated = ResponderTests.invitation.replacingOccurrences(of: "SEQUENCE:2", with: "SEQUENCE:3")
            .replacingOccurrences(of: "SUMMARY:Review", with: "SUMMARY:Review (room 4)")
        let invites = try ITIPParser(display: .utc).parse(
            Data(updated.utf8), file: "u.ics", source: .itip, fallbackMethod: nil)
        let update = try #require(try InvitationFiler(store: store).file(invites, now: now).first)
        #expect(try responder(calendar).follow(update, now: now) == .rewritten(path))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("SUMMARY:Review (room 4)"))
        #expect(text.components(separatedBy: "UID:review@example.org").count == 2)
        let cancel = updated.replacingOccurrences(of: "METHOD:REQUEST", with: "METHOD:CANCEL").replacingOccurrences(
            of: "SEQUENCE:3", with: "SEQUENCE:4")
        let cancelled = try ITIPParser(display: .utc).parse(
            Data(cancel.utf8), file: "c.ics", source: .itip, fallbackMethod: nil)
        let outcome = try #require(try InvitationFiler(store: store).file(cancelled, now: now).first)
        #expect(try responder(calendar).follow(outcome, now: now) == .rewritten(path))
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("STATUS:CANCELLED"))
        #expect(try store.history(handle: stored.handle).first?.action == .cancelled)
    }

    @Test func vdirGetsOneFileNamedAfterTheUID() throws {
        let vdir = folder + "/vdir"
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        let hostile = ResponderTests.invitation.replacingOccurrences(
            of: "UID:review@example.org", with: "UID:../../etc/passwd")
        let stored = try ingest(hostile)
        let calendar = try CalendarSource.named(vdir)
        _ = try responder(calendar).answer(stored, action: .tentative, comment: nil, addToCalendar: true, now: now)
        let names = try FileManager.default.contentsOfDirectory(atPath: vdir)
        #expect(names.count == 1)
        #expect(names.allSatisfy { !$0.contains("/") && !$0.hasPrefix(".") && $0.hasSuffix(".ics") })
        let query = CalendarQuery(sources: [calendar], display: .utc, me: me)
        let found = try query.occurrences(
            in: DateInterval(start: .utc("2024-06-10T00:00:00Z"), end: .utc("2024-06-11T00:00:00Z")))
        #expect(found.occurrences.map(\.uid) == ["../../etc/passwd"])
        _ = try responder(calendar).answer(
            try latest(stored), action: .declined, comment: nil, addToCalendar: true, now: now)
        #expect(try FileManager.default.contentsOfDirectory(atPath: vdir).isEmpty)
    }

    @Test func lfCalendarsKeepTheirLineEnds() throws {
        let path = folder + "/lf.ics"
        let original =
            "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:x\nBEGIN:VEVENT\nUID:a\nDTSTART:20240610T090000Z\nEND:VEVENT\nEND:VCALENDAR\n"
        try Data(original.utf8).write(to: URL(fileURLWithPath: path))
        let stored = try ingest()
        _ = try responder(try CalendarSource.named(path)).answer(
            stored, action: .accepted, comment: nil, addToCalendar: true, now: now)
        let written = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(!written.contains(0x0D))
        _ = try responder(try CalendarSource.named(path)).answer(
            try latest(stored), action: .declined, comment: nil, addToCalendar: true, now: now)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == original)
    }

    @Test("The reply has exactly my ATTENDEE and an escaped comment")
    func replyHasExactlyMyAttendeeAndAnEscapedComment() throws {
        let stored = try ingest()
        let comment = "Yes, but; late\nATTENDEE:mailto:evil@example.org"
        _ = try responder(CalendarSource.defaultCalendar(folder + "/none.ics")).answer(
            stored, action: .accepted, comment: comment, addToCalendar: false, now: now)
        let reply = try Reply.make(
            for: try latest(stored), history: try store.history(handle: stored.handle), me: me, name: nil, mime: false,
            now: now, display: .utc)
        let parsed = try #require(ICalComponent.parse(reply.text))
        let event = try #require(
            parsed.selfOrChildren(ICAL_VCALENDAR_COMPONENT).first?.children(ICAL_VEVENT_COMPONENT).first)
        #expect(parsed.text(ICAL_METHOD_PROPERTY) == "REPLY")
        let attendees = event.properties(ICAL_ATTENDEE_PROPERTY)
        #expect(attendees.count == 1)
        #expect(attendees.first?.value == "mailto:bob@example.org")
        #expect(attendees.first?.parameter(ICAL_PARTSTAT_PARAMETER) == "ACCEPTED")
        #expect(attendees.first?.parameter(ICAL_RSVP_PARAMETER) == nil)
        #expect(event.text(ICAL_COMMENT_PROPERTY) == comment)
        #expect(event.text(ICAL_UID_PROPERTY) == "review@example.org")
        #expect(event.firstProperty(ICAL_SEQUENCE_PROPERTY)?.value == "2")
        #expect(reply.text.contains("TZID:Custom/Zone"))
        #expect(!reply.text.contains("\nATTENDEE:mailto:evil"))
    }

    @Test func pushInvitesReplyWithJSON() throws {
        let push = Invite(
            uid: "push-12@invites", senderID: "12", title: "Family Reunion", start: now, end: now, source: .push,
            raw: Data("p".utf8))
        let stored = try #require(try InvitationFiler(store: store).file([push], now: now).first).stored
        _ = try responder(CalendarSource.defaultCalendar(folder + "/none.ics")).answer(
            stored, action: .declined, comment: "away", addToCalendar: true, now: now)
        let reply = try Reply.make(
            for: try latest(stored), history: try store.history(handle: stored.handle), me: me,
            name: nil, mime: false, now: now, display: .utc)
        #expect(reply.kind == .json)
        #expect(reply.text == #"{"comment":"away","id":12,"response":"declined"}"# + "\n")
    }
}

/// Byte preservation on every real calendar of the shared corpus.
@Suite struct CorpusByteTests {
    static var calendars: [String] {
        guard let corpus = Fixture.corpus else { return [] }
        let root = corpus + "/calendars"
        let files = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
        return files.filter { $0.hasSuffix(".ics") }.sorted()
    }

    @Test(.enabled(if: Fixture.corpus != nil, "../shared/corpus is not here"), arguments: calendars)
    func acceptThenDeclineRestoresEveryByte(calendar relative: String) throws {
        guard let corpus = Fixture.corpus else { return }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invites-bytes-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/calendar.ics"
        try FileManager.default.copyItem(atPath: corpus + "/calendars/" + relative, toPath: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let store = try InboxStore(home: folder + "/home")
        let invites = try ITIPParser(display: .utc).parse(
            Data(ResponderTests.invitation.utf8), file: "i.ics", source: .itip, fallbackMethod: nil)
        let stored = try #require(try InvitationFiler(store: store).file(invites, now: Date()).first).stored
        let responder = Responder(
            store: store, calendar: try CalendarSource.named(path), me: MyAddresses(["bob@example.org"]),
            display: .utc, lockFolder: folder + "/home/locks")
        do {
            _ = try responder.answer(stored, action: .accepted, comment: nil, addToCalendar: true, now: Date())
        } catch CalendarError.notACalendar {
            #expect(!String(decoding: before, as: UTF8.self).uppercased().contains("END:VCALENDAR"))
            return
        }
        let during = try Data(contentsOf: URL(fileURLWithPath: path))
        let inserted = during.count - before.count
        #expect(inserted > 0)
        let common = (0..<min(before.count, during.count)).first { before[$0] != during[$0] } ?? before.count
        #expect(
            before.suffix(before.count - common) == during.suffix(before.count - common),
            "bytes after the insertion changed")
        _ = try responder.answer(
            try store.resolve(stored.handle), action: .declined, comment: nil, addToCalendar: true, now: Date())
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }
}

/// A reply for every corpus invitation parses back through libical with exactly one ATTENDEE.
@Suite struct CorpusReplyTests {
    @Test(.enabled(if: Fixture.corpus != nil, "../shared/corpus is not here"))
    func everyReplyParsesWithOneAttendee() throws {
        let invites = CorpusTimelineTests.invites.filter { $0.method == .request && $0.organizer?.email != nil }
        #expect(invites.count > 30)
        let now = Date.utc("2024-06-01T12:00:00Z")
        for invite in invites {
            let me = invite.attendees.first?.address ?? "someone@example.org"
            let stored = StoredInvite(
                handle: "test", invite: invite, status: .accepted, receivedAt: now, updatedAt: now,
                instances: invite.instances.map {
                    StoredInstance(recurrenceID: $0.recurrenceID, organizer: $0, message: invite.raw, answer: nil)
                })
            let answers = Reply.reported(stored, history: [], comment: nil).map {
                (key: $0.key, action: $0.action, comment: Optional("ok, but:\nATTENDEE:mailto:x@y"))
            }
            let text = ITIPComposer.reply(for: stored, answers: answers, me: me, name: nil, now: now, display: .utc)
            let parsed = try #require(ICalComponent.parse(text), "\(invite.uid): reply does not parse")
            let calendar = try #require(parsed.selfOrChildren(ICAL_VCALENDAR_COMPONENT).first)
            #expect(calendar.text(ICAL_METHOD_PROPERTY) == "REPLY")
            let events = calendar.children(ICAL_VEVENT_COMPONENT)
            #expect(events.count == answers.count && !events.isEmpty, "\(invite.uid)")
            for event in events {
                #expect(event.properties(ICAL_ATTENDEE_PROPERTY).count == 1, "\(invite.uid)")
                #expect(event.text(ICAL_UID_PROPERTY) == invite.uid)
            }
            let keys = events.compactMap { event in
                stored.instances.first {
                    ICalDocument.recurrenceID(of: event, resolver: ZoneResolver(display: .utc)) == $0.recurrenceID
                }
            }
            #expect(keys.count == events.count - (invite.recurrenceID == nil ? 1 : 0), "\(invite.uid): RECURRENCE-IDs")
            #expect(events.first?.firstProperty(ICAL_XLICERROR_PROPERTY) == nil, "\(invite.uid): \(text)")
        }
    }
}
