import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit
@testable import InvitesModel

/// The invitation prefilter passes over only what cannot wait for you: every form of your
/// ATTENDEE line libical reads as yours and unanswered keeps its item.
@Suite struct InvitationPrefilterTests {
    /// 2025-01-01T00:00:00Z.
    let now = 1_735_689_600
    let me = MyAddresses(["me@example.org"])

    func item(_ lines: [String], overrides: [[String]] = [], head: [String] = []) -> String {
        let blocks = [lines] + overrides
        return
            (["BEGIN:VCALENDAR", "VERSION:2.0"] + head
            + blocks.flatMap { ["BEGIN:VEVENT"] + $0 + ["END:VEVENT"] } + ["END:VCALENDAR", ""])
            .joined(separator: "\r\n")
    }

    func event(
        uid: String = "u1", start: String = "20250310T090000Z",
        attendee: String = "ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:me@example.org",
        extra: [String] = []
    ) -> [String] {
        [
            "UID:" + uid, "DTSTART:" + start, "DTEND:" + start.replacingOccurrences(of: "T09", with: "T10"),
            "ORGANIZER;CN=Boss:mailto:boss@example.com", attendee,
        ] + extra
    }

    func keeps(_ text: String, held: Set<String> = []) -> Bool {
        Data(text.utf8).withUnsafeBytes { InvitationPrefilter(me: me, now: now, held: held).mayWait(item: $0) }
    }

    @Test func anUnansweredInvitationToComeIsKept() {
        #expect(keeps(item(event())))
    }

    @Test("An answered invitation is passed over whatever the answer")
    func anAnsweredOneIsPassedOverWhateverTheAnswer() {
        for answer in ["ACCEPTED", "declined", "Delegated", "TENTATIVE"] {
            #expect(!keeps(item(event(attendee: "ATTENDEE;PARTSTAT=\(answer):mailto:me@example.org"))), "\(answer)")
        }
    }

    @Test func noPartstatIsNeedsAction() {
        #expect(keeps(item(event(attendee: "ATTENDEE;CN=Me:mailto:me@example.org"))))
        #expect(keeps(item(event(attendee: "ATTENDEE:me@example.org"))))
    }

    @Test func anUnknownOrQuotedPartstatIsUnanswered() {
        #expect(keeps(item(event(attendee: "ATTENDEE;PARTSTAT=X-MAYBE:mailto:me@example.org"))))
        #expect(keeps(item(event(attendee: "ATTENDEE;PARTSTAT=\"ACCEPTED\":mailto:me@example.org"))))
        #expect(keeps(item(event(attendee: "ATTENDEE;PARTSTAT=ACCEPTED;PARTSTAT=NEEDS-ACTION:mailto:me@example.org"))))
    }

    @Test func yourAddressInAnyCaseWithOrWithoutMailto() {
        for value in ["MAILTO:ME@EXAMPLE.ORG", "mailto:Me@Example.Org", "Me@example.org", " mailto:me@example.org "] {
            #expect(keeps(item(event(attendee: "ATTENDEE;PARTSTAT=NEEDS-ACTION:" + value))), "\(value)")
            #expect(!keeps(item(event(attendee: "ATTENDEE;PARTSTAT=ACCEPTED:" + value))), "\(value)")
        }
    }

    /// Folded at 75 octets as servers do, inside the address or the PARTSTAT itself.
    @Test func aFoldedAttendeeLineIsReadUnfolded() {
        let line = "ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;CN=Me:mailto:me@example.org"
        for at in stride(from: 2, to: line.count - 1, by: 7) {
            let index = line.index(line.startIndex, offsetBy: at)
            let folded = String(line[..<index]) + "\r\n " + String(line[index...])
            #expect(keeps(item(event(attendee: folded))), "folded at \(at)")
            let answered = folded.replacingOccurrences(of: "NEEDS-ACTION", with: "ACCEPTED")
            if answered != folded { #expect(!keeps(item(event(attendee: answered))), "folded at \(at)") }
        }
        let tabbed = "ATTENDEE;PARTSTAT=ACC\r\n\tEPTED:mailto:me@exa\r\n mple.org"
        #expect(!keeps(item(event(attendee: tabbed))))
        #expect(
            keeps(item(event(attendee: tabbed.replacingOccurrences(of: "ACC\r\n\tEPTED", with: "NEEDS-AC\r\n\tTION")))))
    }

    @Test("Someone else's ATTENDEE line or your own meeting is no invitation")
    func someoneElsesAttendeeLineOrYourOwnMeetingIsNoInvitation() {
        #expect(!keeps(item(event(attendee: "ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:notme@example.org"))))
        let own = event().map { $0.hasPrefix("ORGANIZER") ? "ORGANIZER:mailto:ME@example.org" : $0 }
        #expect(!keeps(item(own)))
        // An alarm that mails you is no invitation.
        let alarm = event(
            attendee: "ATTENDEE;PARTSTAT=ACCEPTED:mailto:me@example.org",
            extra: [
                "BEGIN:VALARM", "ACTION:EMAIL", "ATTENDEE:mailto:me@example.org", "END:VALARM",
            ])
        #expect(!keeps(item(alarm)))
    }

    @Test("A meeting that is over is passed over, but a series with an open rule is not")
    func aMeetingOverIsPassedOverButASeriesWithAnOpenRuleIsNot() {
        #expect(!keeps(item(event(start: "20230310T090000Z"))))
        #expect(keeps(item(event(start: "20230310T090000Z", extra: ["RRULE:FREQ=WEEKLY"]))))
        #expect(keeps(item(event(start: "20230310T090000Z", extra: ["RRULE:FREQ=WEEKLY;UNTIL=20260101T000000Z"]))))
        #expect(!keeps(item(event(start: "20230310T090000Z", extra: ["RRULE:FREQ=WEEKLY;UNTIL=20230601T000000Z"]))))
        #expect(!keeps(item(event(start: "20230310T090000Z", extra: ["RRULE:FREQ=DAILY;COUNT=10"]))))
        #expect(keeps(item(event(start: "20230310T090000Z", extra: ["RRULE:FREQ=DAILY;COUNT=1000"]))))
        // An RDATE ahead, or a rule the bytes cannot bound.
        #expect(keeps(item(event(start: "20230310T090000Z", extra: ["RDATE:20250601T090000Z"]))))
        #expect(keeps(item(event(start: "20230310T090000Z", extra: ["RRULE:FREQ=MONTHLY;BYSETPOS=-1;COUNT=40"]))))
        // Within two days of now, in a zone of any offset: kept.
        #expect(keeps(item(event(start: "20241231T200000"))))
        let zoned = event(start: "20241231T200000").map {
            $0.replacingOccurrences(of: "DTSTART:", with: "DTSTART;TZID=Pacific/Kiritimati:")
                .replacingOccurrences(of: "DTEND:", with: "DTEND;TZID=Pacific/Kiritimati:")
        }
        #expect(keeps(item(zoned)))
        #expect(!keeps(item(event(start: "20241228T200000"))))
    }

    @Test("An override moved ahead keeps a series whose rule is over")
    func anOverrideMovedAheadKeepsASeriesOverItsRule() {
        let master = event(start: "20230310T090000Z", extra: ["RRULE:FREQ=WEEKLY;COUNT=3"])
        let moved = [
            "UID:u1", "RECURRENCE-ID:20230317T090000Z", "DTSTART:20250317T090000Z", "DTEND:20250317T100000Z",
            "ORGANIZER:mailto:boss@example.com", "ATTENDEE;PARTSTAT=ACCEPTED:mailto:me@example.org",
        ]
        #expect(keeps(item(master, overrides: [moved])))
        #expect(!keeps(item(master)))
    }

    @Test("An override waiting under an answered master is kept")
    func anOverrideWaitingUnderAnAnsweredMasterIsKept() {
        let master = event(attendee: "ATTENDEE;PARTSTAT=ACCEPTED:mailto:me@example.org", extra: ["RRULE:FREQ=WEEKLY"])
        let waiting = [
            "UID:u1", "RECURRENCE-ID:20250317T090000Z", "DTSTART:20250317T140000Z", "DTEND:20250317T150000Z",
            "ORGANIZER:mailto:boss@example.com", "ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:me@example.org",
        ]
        #expect(keeps(item(master, overrides: [waiting])))
        let answered = waiting.map { $0.replacingOccurrences(of: "NEEDS-ACTION", with: "DECLINED") }
        #expect(!keeps(item(master, overrides: [answered])))
    }

    /// The series of a master that does not name you, or of overrides alone, waits as a whole.
    @Test func aSeriesWithoutYourAnswerOnItsMasterWaits() {
        let master = event(attendee: "ATTENDEE;PARTSTAT=ACCEPTED:mailto:other@example.com")
        let invited = [
            "UID:u1", "RECURRENCE-ID:20250317T090000Z", "DTSTART:20250317T140000Z", "DTEND:20250317T150000Z",
            "ORGANIZER:mailto:boss@example.com", "ATTENDEE;PARTSTAT=ACCEPTED:mailto:me@example.org",
        ]
        #expect(keeps(item(master, overrides: [invited])))
        #expect(keeps(item(invited)))
    }

    @Test("A cancelled meeting is passed over unless an instance still waits")
    func aCancelledMeetingIsPassedOverUnlessAnInstanceStillWaits() {
        #expect(!keeps(item(event(extra: ["STATUS:CANCELLED"]))))
        #expect(keeps(item(event(extra: ["STATUS:cancelled"]))))
        let waiting = [
            "UID:u1", "RECURRENCE-ID:20250317T090000Z", "DTSTART:20250317T140000Z",
            "ORGANIZER:mailto:boss@example.com", "ATTENDEE:mailto:me@example.org",
        ]
        #expect(keeps(item(event(extra: ["STATUS:CANCELLED", "RRULE:FREQ=WEEKLY"]), overrides: [waiting])))
    }

    @Test func aUIDTheInboxHoldsIsAlwaysKept() {
        let answered = item(event(attendee: "ATTENDEE;PARTSTAT=ACCEPTED:mailto:me@example.org"))
        #expect(!keeps(answered))
        #expect(keeps(answered, held: ["u1"]))
        #expect(keeps(item(event(uid: "a\\,b", attendee: "ATTENDEE;PARTSTAT=ACCEPTED:mailto:me@example.org"))))
    }

    @Test func oneWaitingUIDOfSeveralKeepsTheItem() {
        let answered = event(uid: "u2", attendee: "ATTENDEE;PARTSTAT=ACCEPTED:mailto:me@example.org")
        #expect(keeps(item(answered, overrides: [event(uid: "u3")])))
        #expect(!keeps(item(answered)))
    }

    @Test func whatTheScannerCannotSplitIsKept() {
        let open = item(event(attendee: "ATTENDEE;PARTSTAT=ACCEPTED:mailto:me@example.org"))
            .replacingOccurrences(of: "END:VEVENT\r\n", with: "")
        #expect(keeps(open))
    }
}
