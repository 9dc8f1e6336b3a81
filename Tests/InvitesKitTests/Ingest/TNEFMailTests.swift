import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesFormats
@testable import InvitesKit
@testable import InvitesModel

/// Outlook's meetings sent as winmail.dat (TNEF), read from the spec-built mails of
/// Fixtures/tnef (made by its make_tnef.py): what they become, and what is refused and why.
@Suite struct TNEFMailTests {
    func invites(_ name: String) throws -> [Invite] {
        try InviteReader(display: .utc).read(Fixture.data("tnef/" + name), file: name)
    }

    func refusal(_ name: String) throws -> String {
        let data = try Fixture.data("tnef/" + name)
        do {
            _ = try InviteReader(display: .utc).read(data, file: name)
        } catch {
            return error.description
        }
        Issue.record("\(name) was read as an invitation")
        return ""
    }

    @Test func aMeetingRequestIsAnInvitation() throws {
        let invites = try invites("request.eml")
        try #require(invites.count == 1)
        let invite = invites[0]
        #expect(invite.method == .request)
        #expect(invite.source == .email)
        #expect(invite.title == "Infoveranstaltung Umbau")
        #expect(invite.location == "Raum 4, Haus B")
        #expect(invite.start == .utc("2025-03-18T09:00:00Z"))
        #expect(invite.end == .utc("2025-03-18T10:30:00Z"))
        #expect(invite.timeZone == "Europe/Berlin")
        #expect(invite.description == "Wir besprechen den Umbau.\nBitte Pläne mitbringen.")
        #expect(invite.organizer == Invite.Person(name: "Oda Organizer", email: "organizer@example.org"))
        #expect(invite.attendees.map(\.address) == ["kim@example.com", "lou@example.com", "room-4@example.org"])
        #expect(invite.mail?.messageID == "request@tnef.example.org")
        // Exchange's UID for the GlobalObjectId: its bytes in hexadecimal, instance date zeroed.
        #expect(invite.uid.hasPrefix("040000008200E00074C5B7101A82E00800000000"))
        #expect(invite.uid.count == 2 * 56)
    }

    @Test func theAttendeesKeepTheirRoles() throws {
        let text = String(decoding: try #require(try invites("request.eml").first).raw, as: UTF8.self)
        let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.contains("ROLE=REQ-PARTICIPANT"))
        #expect(unfolded.contains("ROLE=OPT-PARTICIPANT"))
        #expect(unfolded.contains("CUTYPE=RESOURCE"))
        #expect(unfolded.contains("DTSTART;TZID=Europe/Berlin:20250318T100000"))
        // RFC 5545 wants a VTIMEZONE for every TZID: libical's, under the IANA name.
        #expect(unfolded.contains("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\n"))
    }

    @Test func aLaterITIPUpdateIsTheSameInvitation() throws {
        let request = try #require(try invites("request.eml").first)
        let update = try ITIPParser(display: .utc).parse(
            Fixture.data("tnef/request-update.ics"), file: "request-update.ics", source: .itip, fallbackMethod: nil)
        #expect(update.map(\.uid) == [request.uid])
        #expect(update.map(\.sequence) == [1])
    }

    @Test func aWinmailDatUnderAnyTypeAndAloneIsRead() throws {
        let request = try invites("request.eml").map(\.uid)
        #expect(try invites("request-octet.eml").map(\.uid) == request)
        #expect(try invites("request.dat").map(\.uid) == request)
    }

    @Test func aCancellationCancelsTheSameMeeting() throws {
        let cancel = try invites("cancel.eml")
        #expect(cancel.map(\.method) == [.cancel])
        #expect(cancel.map(\.uid) == (try invites("request.eml").map(\.uid)))
        #expect(cancel.map(\.title) == ["Infoveranstaltung Umbau"])
        #expect(cancel.map(\.sequence) == [2])
    }

    @Test("A weekly meeting keeps its rule, its skipped day and its RTF description")
    func aWeeklyMeetingKeepsItsRuleItsSkippedDayAndItsRTFDescription() throws {
        let invite = try #require(try invites("weekly.eml").first)
        let text = String(decoding: invite.raw, as: UTF8.self).replacingOccurrences(of: "\r\n ", with: "")
        #expect(text.contains("RRULE:FREQ=WEEKLY;COUNT=6;BYDAY=TU\r\n"))
        #expect(text.contains("EXDATE;TZID=Europe/Berlin:20250318T150000"))
        // 11 March moved to 17:00 and renamed (its ExceptionInfo): an instance, not an EXDATE.
        #expect(!text.contains("EXDATE;TZID=Europe/Berlin:20250311"))
        #expect(invite.instances.map(\.title) == ["Weekly sync (late)"])
        #expect(invite.instances.map(\.start) == [.utc("2025-03-11T16:00:00Z")])
        #expect(invite.instances.map(\.end) == [.utc("2025-03-11T17:00:00Z")])
        #expect(text.contains("RECURRENCE-ID;TZID=Europe/Berlin:20250311T150000\r\n"))
        #expect(
            invite.description
                == "Weekly sync on the rollout.\nAgenda: status, risks, next steps \u{2013} bring numbers.")
    }

    /// The second Tuesday of each month in New York until 9 December: MonthNth ([MS-OXOCAL]
    /// PatternType 0x0003), its end the last moment of that day there, in UTC.
    @Test("A monthly series on the nth weekday ends on its day")
    func aMonthlySeriesOnTheNthWeekdayEndsOnItsDay() throws {
        let invite = try #require(try invites("monthly.dat").first)
        let text = String(decoding: invite.raw, as: UTF8.self).replacingOccurrences(of: "\r\n ", with: "")
        #expect(text.contains("RRULE:FREQ=MONTHLY;UNTIL=20251210T045959Z;BYDAY=TU;BYSETPOS=2\r\n"))
        #expect(text.contains("DTSTART;TZID=America/New_York:20250311T083000\r\n"))
        #expect(invite.timeZone == "America/New_York")
    }

    /// A request about one occurrence: the series' UID, the occurrence's original start as
    /// RECURRENCE-ID, filed as that instance of the series.
    @Test func aMovedOccurrenceIsAnInstanceOfItsSeries() throws {
        let series = try #require(try invites("weekly.eml").first)
        let moved = try #require(try invites("weekly-moved.eml").first)
        #expect(moved.uid == series.uid)
        let text = String(decoding: moved.raw, as: UTF8.self).replacingOccurrences(of: "\r\n ", with: "")
        #expect(text.contains("RECURRENCE-ID;TZID=Europe/Berlin:20250325T150000\r\n"))
        #expect(text.contains("DTSTART;TZID=Europe/Berlin:20250325T160000\r\n"))
        #expect(text.components(separatedBy: "BEGIN:VEVENT").last?.contains("RRULE") == false)
        #expect(moved.recurrenceID != nil)
    }

    @Test func anAllDayMeetingIsADate() throws {
        let invite = try #require(try invites("all-day.eml").first)
        let text = String(decoding: invite.raw, as: UTF8.self)
        #expect(text.contains("DTSTART;VALUE=DATE:20250401\r\n"))
        #expect(text.contains("DTEND;VALUE=DATE:20250402\r\n"))
        #expect(invite.dates != nil)
    }

    @Test func anAnswerSaysWhoseAndWhat() throws {
        #expect(
            try refusal("accepted.eml")
                == "accepted.eml: not an invite: its winmail.dat is an answer: Jens Meier accepted \"Infoveranstaltung Umbau\""
        )
    }

    @Test func aTaskRequestAndANoteAreNamed() throws {
        #expect(try refusal("task.eml").contains("an Outlook task request (IPM.TaskRequest) \"Quarterly report\""))
        #expect(
            try refusal("note.eml").hasSuffix(
                "its winmail.dat is an Outlook \"IPM.Microsoft Mail.Note\", not a meeting request"))
    }

    @Test func brokenStreamsSayWhatIsWrong() throws {
        #expect(try refusal("cut.eml").contains("its winmail.dat cannot be read: the TNEF stream's attribute at byte"))
        #expect(try refusal("lying-length.eml").contains("claims a length of 2147483632, more than it holds"))
    }

    /// Outlook writes wrong checksums now and then; they protect nothing the reader keeps.
    @Test func aWrongChecksumIsNoReasonToRefuse() throws {
        #expect(try invites("bad-checksum.eml").map(\.title) == ["Infoveranstaltung Umbau"])
    }

    @Test func nestedAttachmentsAreNotFollowed() throws {
        #expect(try invites("nested.eml").map(\.title) == ["Infoveranstaltung Umbau"])
    }

    @Test("A huge compressed RTF is cut to the description's bound")
    func aHugeCompressedRTFIsCutToTheDescriptionsBound() throws {
        let invite = try #require(try invites("huge-rtf.eml").first)
        let description = try #require(invite.description)
        #expect(description.count == TNEFLimits.descriptionCharacters)
        #expect(description.hasPrefix("Agenda, agendas. Agenda, agendas. "))
    }

    @Test func exchangesSilenceNamesTheMailboxSetting() throws {
        let reason = try refusal("exchange-link.eml")
        #expect(reason.contains("Set-CASMailbox -Identity YOU -ImapForceICalForCalendarRetrievalOption $true"))
        #expect(reason.contains("present meeting requests in iCalendar format"))
    }

    /// A real Exchange meeting mail from the corpus, its calendar part turned into plain text:
    /// what a mailbox that gives meetings as links delivers.
    @Test func exchangesSilenceInARealExchangeMail() throws {
        guard let corpus = Fixture.corpus else { return }
        let path = corpus + "/mail/outlook/zimbra_TestMailRaw_invite1.eml"
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        let silent = text.replacingOccurrences(of: "Content-Type: text/calendar", with: "Content-Type: text/plain")
            .replacingOccurrences(of: "meeting.ics", with: "meeting.txt")
        #expect(silent != text)
        #expect(throws: IngestError.notAnInvite(file: "exchange.eml", reason: MailParser.exchangeSilence)) {
            try InviteReader(display: .utc).read(Data(silent.utf8), file: "exchange.eml")
        }
    }
}
