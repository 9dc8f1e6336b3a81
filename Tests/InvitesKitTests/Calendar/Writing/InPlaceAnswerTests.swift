import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit
@testable import InvitesModel

/// An answer written into a scheduling server's copy changes your PARTSTAT (an override for one
/// occurrence, your COMMENT) and no other byte.
@Suite struct InPlaceAnswerTests {
    let me = MyAddresses(["me@example.org"])

    func answer(_ partstat: String, keys: [String]? = nil, comment: String? = nil, uid: String) -> InPlaceAnswer {
        InPlaceAnswer(uid: uid, me: me, partstat: partstat, keys: keys, comment: comment, display: .utc)
    }

    /// The lines of a text with their line ends, for comparing what changed.
    func lines(_ data: Data) -> [String] {
        // By bytes: to Swift a CRLF is one Character, which "\n" never matches.
        data.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("Accepting Google's copy changes only your folded ATTENDEE line")
    func acceptingGooglesCopyChangesOnlyYourFoldedAttendeeLine() throws {
        let before = try Fixture.data("ServerCopies/google-meeting.ics")
        let after = try answer("ACCEPTED", uid: "0a1b2c3d4e5f@google.com").apply(to: before, path: "item.ics")
        let old = lines(before)
        let new = lines(after)
        #expect(old.count == new.count)
        let changed = zip(old, new).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(changed == [10, 11])
        #expect(new[10] == "ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=TRUE\r")
        #expect(new[11] == " ;CN=me@example.org;X-NUM-GUESTS=0:mailto:me@example.org\r")
        // Folded again at 75 octets in the file's own line ends.
        #expect(new.allSatisfy { $0.utf8.count <= 76 })
        #expect(String(decoding: after, as: UTF8.self).contains("PARTSTAT=ACCEPTED;RSVP=TRUE\r\n ;CN="))
    }

    @Test func theSameAnswerAgainChangesNothing() throws {
        let before = try Fixture.data("ServerCopies/google-meeting.ics")
        let once = try answer("TENTATIVE", uid: "0a1b2c3d4e5f@google.com").apply(to: before, path: "item.ics")
        let twice = try answer("TENTATIVE", uid: "0a1b2c3d4e5f@google.com").apply(to: once, path: "item.ics")
        #expect(once == twice)
        #expect(once != before)
    }

    @Test func aCommentIsEscapedAndGoesOnTheMasterAlone() throws {
        let before = try Fixture.data("ServerCopies/fastmail-weekly.ics")
        let after = try answer(
            "DECLINED", comment: "Away; back on the 20th,\nsorry", uid: "2c1a7d0e-5b8f-4f7e-9c44-3d1e6f0a9b12"
        ).apply(to: before, path: "item.ics")
        let text = String(decoding: after, as: UTF8.self)
        #expect(text.components(separatedBy: "COMMENT:").count == 2)
        #expect(text.contains("COMMENT:Away\\; back on the 20th\\,\\nsorry\r\nEND:VEVENT"))
        // A series answer is for every instance: the moved occurrence's PARTSTAT follows it.
        #expect(text.components(separatedBy: "PARTSTAT=DECLINED").count == 3)
        #expect(!text.contains("PARTSTAT=NEEDS-ACTION"))
        // Your alarm and Fastmail's own properties stay.
        #expect(text.contains("TRIGGER:-PT10M") && text.contains("SCHEDULE-STATUS=1.2"))
    }

    @Test("An override at NEEDS-ACTION is answered alone where it stands")
    func anOverrideAtNeedsActionIsAnsweredAloneWhereItStands() throws {
        let before = try Fixture.data("ServerCopies/fastmail-weekly.ics")
        let after = try answer(
            "ACCEPTED", keys: ["2024-06-17T08:00:00Z"], uid: "2c1a7d0e-5b8f-4f7e-9c44-3d1e6f0a9b12"
        ).apply(to: before, path: "item.ics")
        let old = lines(before)
        let new = lines(after)
        #expect(old.count == new.count)
        let changed = zip(old, new).filter { $0 != $1 }
        #expect(changed.count == 1)
        #expect(changed.first?.1 == "ATTENDEE;CN=Me Myself;PARTSTAT=ACCEPTED;RSVP=TRUE:mailto:me@example.org\r")
    }

    @Test("An occurrence never singled out gets an override after the series")
    func anOccurrenceNeverSingledOutGetsAnOverrideAfterTheSeries() throws {
        let before = try Fixture.data("ServerCopies/fastmail-weekly.ics")
        let after = try answer(
            "DECLINED", keys: ["2024-06-24T08:00:00Z"], comment: "Dentist", uid: "2c1a7d0e-5b8f-4f7e-9c44-3d1e6f0a9b12"
        ).apply(to: before, path: "item.ics")
        let text = String(decoding: after, as: UTF8.self)
        // Every byte of the item is still there, in order, before the new VEVENT.
        let end = try #require(text.range(of: "END:VCALENDAR"))
        let original = String(decoding: before, as: UTF8.self)
        let kept = try #require(original.range(of: "END:VCALENDAR"))
        #expect(text.hasPrefix(String(original[..<kept.lowerBound])))
        let added = String(text[original[..<kept.lowerBound].endIndex..<end.lowerBound])
        #expect(added.hasPrefix("BEGIN:VEVENT\r\n"))
        #expect(added.contains("RECURRENCE-ID;TZID=Europe/Berlin:20240624T100000\r\n"))
        #expect(added.contains("DTSTART;TZID=Europe/Berlin:20240624T100000\r\n"))
        #expect(added.contains("PARTSTAT=DECLINED"))
        #expect(added.contains("COMMENT:Dentist"))
        #expect(!added.contains("RRULE"))
        #expect(text.hasSuffix("END:VCALENDAR\r\n"))
    }

    @Test func anItemThatNoLongerHoldsTheUIDIsRefused() throws {
        let before = try Fixture.data("ServerCopies/google-meeting.ics")
        #expect(throws: CalendarError.invitationGone(path: "item.ics", uid: "another")) {
            try answer("ACCEPTED", uid: "another").apply(to: before, path: "item.ics")
        }
    }

    @Test("An event listing none of your addresses gets your ATTENDEE added")
    func aListedUnderNoneOfYourAddressesGetsYourAttendee() {
        let block =
            "BEGIN:VEVENT\nUID:x\nORGANIZER:mailto:boss@example.org\nATTENDEE:mailto:team@example.org\nEND:VEVENT\n"
        let edited = String(
            decoding: Data(block.utf8).withUnsafeBytes {
                answer("ACCEPTED", uid: "x").edit($0, withComment: false, "\n")
            },
            as: UTF8.self)
        #expect(edited.hasSuffix("ATTENDEE;PARTSTAT=ACCEPTED:mailto:me@example.org\nEND:VEVENT\n"))
        #expect(edited.hasPrefix(String(block.dropLast("END:VEVENT\n".count))))
    }

    @Test("PARTSTAT is set in place or added, and quoted colons are not the value")
    func partstatIsSetInPlaceOrAddedAndQuotedColonsAreNotTheValue() {
        #expect(
            InPlaceAnswer.settingPartstat("DECLINED", in: "ATTENDEE;CN=\"A: B;C\";partstat=needs-action:mailto:a@b")
                == "ATTENDEE;CN=\"A: B;C\";PARTSTAT=DECLINED:mailto:a@b")
        #expect(
            InPlaceAnswer.settingPartstat("ACCEPTED", in: "ATTENDEE;RSVP=TRUE:mailto:a@b")
                == "ATTENDEE;RSVP=TRUE;PARTSTAT=ACCEPTED:mailto:a@b")
    }

    @Test func foldingNeverSplitsACharacter() {
        let line = "ATTENDEE;PARTSTAT=ACCEPTED;CN=" + String(repeating: "日本", count: 30) + ":mailto:me@example.org"
        let folded = InPlaceAnswer.fold(line, "\r\n")
        let physical = Data(folded.utf8).split(separator: 0x0A).map { String(decoding: $0.dropLast(), as: UTF8.self) }
        #expect(physical.allSatisfy { $0.utf8.count <= 75 })
        #expect(Data(folded.utf8).withUnsafeBytes { InPlaceAnswer.logicalLines($0).map(\.text) } == [line])
    }

    /// A server may fold inside a UTF-8 sequence (it counts octets): your line is rewritten
    /// from its unfolded bytes, whole, and every other line keeps its bytes, split sequence and
    /// all.
    @Test("A fold inside a character is kept or mended, never mangled")
    func aFoldInsideACharacterIsKeptOrMendedNeverMangled() throws {
        let text =
            "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:u\r\nSUMMARY:Gr\u{C3}\r\n \u{B6}\u{C3}\u{9F}e\r\n"
            + "ORGANIZER:mailto:boss@example.org\r\nATTENDEE;CN=M\u{C3}\r\n \u{A9};PARTSTAT=NEEDS-ACTION:mailto:me@ex\r\n"
            + " ample.org\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        // The escapes above are code points; the file holds the bytes they name.
        let bytes = Data(text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) })
        let after = try answer("ACCEPTED", uid: "u").apply(to: bytes, path: "item.ics")
        let summary = Data(
            "SUMMARY:Gr\u{C3}\r\n \u{B6}\u{C3}\u{9F}e\r\n".unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) })
        #expect(after.range(of: summary) != nil)
        #expect(after.range(of: Data("ATTENDEE;CN=Mé;PARTSTAT=ACCEPTED:mailto:me@example.org\r\n".utf8)) != nil)
        // Shorter by the answer's length and your line's two folds, longer by nothing else.
        #expect(after.count == bytes.count - ("NEEDS-ACTION".count - "ACCEPTED".count) - 2 * 3)
    }
}
