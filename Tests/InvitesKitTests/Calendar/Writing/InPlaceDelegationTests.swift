import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit
@testable import InvitesModel

/// A delegation written into a scheduling server's copy (RFC 6638 §3.2.2.1, RFC 5546 §4.2.5):
/// your ATTENDEE DELEGATED with DELEGATED-TO, the delegate's ATTENDEE added with
/// DELEGATED-FROM you, and no other byte changed.
@Suite struct InPlaceDelegationTests {
    let me = MyAddresses(["me@example.org"])

    func delegation(to: String = "erin@example.org", keys: [String]? = nil, comment: String? = nil, uid: String)
        -> InPlaceDelegation
    {
        InPlaceDelegation(uid: uid, me: me, to: to, keys: keys, comment: comment, display: .utc)
    }

    /// The content lines of an item, unfolded, without their line ends.
    func unfolded(_ data: Data) -> [String] {
        String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n ", with: "")
            .components(separatedBy: "\r\n")
    }

    @Test("The series: your line DELEGATED-TO, the delegate's line after it, nothing else")
    func theSeriesChangesYourLineAndAddsTheDelegatesAlone() throws {
        let before = try Fixture.data("ServerCopies/google-meeting.ics")
        let after = try delegation(uid: "0a1b2c3d4e5f@google.com").apply(to: before, path: "item.ics")
        let old = unfolded(before)
        var new = unfolded(after)
        let mine = try #require(old.firstIndex { $0.hasPrefix("ATTENDEE") && $0.hasSuffix(":mailto:me@example.org") })
        #expect(
            new[mine]
                == "ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=DELEGATED;RSVP=TRUE;CN=me@example.org;"
                + "X-NUM-GUESTS=0;DELEGATED-TO=\"mailto:erin@example.org\":mailto:me@example.org")
        #expect(
            new[mine + 1]
                == "ATTENDEE;PARTSTAT=NEEDS-ACTION;RSVP=TRUE;DELEGATED-FROM=\"mailto:me@example.org\":"
                + "mailto:erin@example.org")
        new.remove(at: mine + 1)
        new[mine] = old[mine]
        #expect(new == old)
        // Folded at 75 octets, in the file's line ends.
        let text = String(decoding: after, as: UTF8.self)
        #expect(text.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 75 })
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    }

    @Test func delegatingTwiceChangesNothingMore() throws {
        let before = try Fixture.data("ServerCopies/google-meeting.ics")
        let once = try delegation(uid: "0a1b2c3d4e5f@google.com").apply(to: before, path: "item.ics")
        let twice = try delegation(uid: "0a1b2c3d4e5f@google.com").apply(to: once, path: "item.ics")
        #expect(once == twice)
    }

    @Test("One occurrence never singled out: an override with the delegation, the series untouched")
    func oneOccurrenceGetsAnOverrideWithTheDelegation() throws {
        let before = try Fixture.data("ServerCopies/fastmail-weekly.ics")
        let after = try delegation(
            keys: ["2024-06-24T08:00:00Z"], comment: "Erin goes", uid: "2c1a7d0e-5b8f-4f7e-9c44-3d1e6f0a9b12"
        ).apply(to: before, path: "item.ics")
        let original = String(decoding: before, as: UTF8.self)
        let text = String(decoding: after, as: UTF8.self)
        let kept = try #require(original.range(of: "END:VCALENDAR"))
        #expect(text.hasPrefix(String(original[..<kept.lowerBound])))
        let added = unfolded(Data(text.dropFirst(original[..<kept.lowerBound].count).utf8))
        #expect(added.contains("RECURRENCE-ID;TZID=Europe/Berlin:20240624T100000"))
        // The override is made from the master (by libical: its parameters in its order).
        #expect(
            added.contains(
                "ATTENDEE;CN=Me Myself;RSVP=TRUE;SCHEDULE-STATUS=1.2;PARTSTAT=DELEGATED;"
                    + "DELEGATED-TO=\"mailto:erin@example.org\":mailto:me@example.org"), "\(added)")
        #expect(
            added.contains(
                "ATTENDEE;PARTSTAT=NEEDS-ACTION;RSVP=TRUE;DELEGATED-FROM=\"mailto:me@example.org\":"
                    + "mailto:erin@example.org"))
        #expect(added.contains("COMMENT:Erin goes"))
    }

    @Test("The override the server has is delegated where it stands")
    func theServersOverrideIsDelegatedWhereItStands() throws {
        let before = try Fixture.data("ServerCopies/fastmail-weekly.ics")
        let after = try delegation(keys: ["2024-06-17T08:00:00Z"], uid: "2c1a7d0e-5b8f-4f7e-9c44-3d1e6f0a9b12")
            .apply(to: before, path: "item.ics")
        let old = unfolded(before)
        let new = unfolded(after)
        #expect(new.count == old.count + 1)
        // The master keeps your ACCEPTED; the moved occurrence is delegated.
        #expect(new.filter { $0.contains("DELEGATED-TO") }.count == 1)
        #expect(
            new.contains("ATTENDEE;CN=Me Myself;PARTSTAT=ACCEPTED;RSVP=TRUE;SCHEDULE-STATUS=1.2:mailto:me@example.org"))
        let delegate = try #require(new.firstIndex { $0.hasSuffix(":mailto:erin@example.org") })
        #expect(new[delegate - 1].hasSuffix("DELEGATED-TO=\"mailto:erin@example.org\":mailto:me@example.org"))
        #expect(new[delegate + 1] == "END:VEVENT")
    }

    @Test("A later answer ends the delegation on your line; the delegate's line stays the organizer's")
    func aLaterAnswerEndsTheDelegationOnYourLine() throws {
        let before = try Fixture.data("ServerCopies/google-meeting.ics")
        let delegated = try delegation(uid: "0a1b2c3d4e5f@google.com").apply(to: before, path: "item.ics")
        let accepted = try InPlaceAnswer(
            uid: "0a1b2c3d4e5f@google.com", me: me, partstat: "ACCEPTED", keys: nil, comment: nil, display: .utc
        ).apply(to: delegated, path: "item.ics")
        let lines = unfolded(accepted)
        let mine = try #require(lines.first { $0.hasSuffix(":mailto:me@example.org") && $0.hasPrefix("ATTENDEE") })
        #expect(mine.contains("PARTSTAT=ACCEPTED") && !mine.contains("DELEGATED-TO"), "\(mine)")
        #expect(lines.contains { $0.hasSuffix(":mailto:erin@example.org") })
        #expect(
            InPlaceAnswer.setting(
                "DELEGATED-TO", to: nil, in: "ATTENDEE;DELEGATED-TO=\"mailto:a;b\";RSVP=TRUE:mailto:x")
                == "ATTENDEE;RSVP=TRUE:mailto:x")
    }

    @Test func anItemThatNoLongerHoldsTheUIDIsRefused() throws {
        let before = try Fixture.data("ServerCopies/google-meeting.ics")
        #expect(throws: CalendarError.invitationGone(path: "item.ics", uid: "another")) {
            try delegation(uid: "another").apply(to: before, path: "item.ics")
        }
    }

    @Test("A quote or a control character in an address is percent-encoded in the parameter")
    func aQuoteOrAControlCharacterIsPercentEncoded() {
        #expect(InPlaceDelegation.quoted("\"erin x\"@example.org") == "\"mailto:%22erin x%22@example.org\"")
        #expect(InPlaceDelegation.quoted("MAILTO:me@example.org") == "\"MAILTO:me@example.org\"")
        #expect(InPlaceDelegation.uri("olga\u{9B}@example.org") == "mailto:olga%C2%9B@example.org")
    }
}
