import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesFormats
@testable import InvitesKit
@testable import InvitesModel

/// The details `show` adds: the join link wherever producers put it, the repeat rule in words,
/// a readable description and the other attendees' answers.
@Suite struct InvitationDetailsTests {
    /// One REQUEST whose VEVENT carries `lines` besides its UID, times and organizer.
    func invite(_ lines: [String]) throws -> Invite {
        let text =
            ([
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:t", "METHOD:REQUEST", "BEGIN:VEVENT", "UID:u@example.org",
                "DTSTAMP:20240520T080000Z", "DTSTART:20240603T073000Z", "DTEND:20240603T080000Z", "SUMMARY:Sync",
                "ORGANIZER:mailto:ann@example.org", "ATTENDEE:mailto:me@example.org",
            ]
            + lines + ["END:VEVENT", "END:VCALENDAR", ""]).joined(separator: "\r\n")
        return try #require(try InviteReader(display: .utc).read(Data(text.utf8), file: "t.ics").first)
    }

    func link(_ lines: [String]) throws -> JoinLink? {
        let invite = try invite(lines)
        return JoinLink.find(in: invite, properties: EventProperties.read(invite.raw, uid: invite.uid))
    }

    @Test func teamsPropertyComesFirst() throws {
        let found = try link([
            "DESCRIPTION:Join: https://zoom.us/j/123",
            "X-MICROSOFT-SKYPETEAMSMEETINGURL:https://teams.microsoft.com/l/meetup-join/19%3am%40thread.v2/0",
        ])
        #expect(found?.provider == "Teams")
        #expect(found?.source == "X-MICROSOFT-SKYPETEAMSMEETINGURL")
        #expect(found?.url == "https://teams.microsoft.com/l/meetup-join/19%3am%40thread.v2/0")
    }

    @Test func googleConferenceProperty() throws {
        let found = try link(["X-GOOGLE-CONFERENCE:https://meet.google.com/abc-defg-hij"])
        #expect(
            found
                == JoinLink(
                    url: "https://meet.google.com/abc-defg-hij", provider: "Google Meet", source: "X-GOOGLE-CONFERENCE")
        )
    }

    @Test func conferenceWithVideoBeforeAudio() throws {
        let found = try link([
            "CONFERENCE;VALUE=URI;FEATURE=PHONE:tel:+1-412-555-0123,,,654321",
            "CONFERENCE;VALUE=URI;FEATURE=VIDEO;LABEL=Room:https://chat.example.org/room/42",
        ])
        #expect(
            found == JoinLink(url: "https://chat.example.org/room/42", provider: "video call", source: "CONFERENCE"))
    }

    @Test func zoomInLocationAndMeetInDescription() throws {
        #expect(try link(["LOCATION:https://us02web.zoom.us/j/8812345678?pwd=abc"])?.provider == "Zoom")
        let meet = try link(["DESCRIPTION:Join with Google Meet: https://meet.google.com/xyz-abcd-efg."])
        #expect(meet?.url == "https://meet.google.com/xyz-abcd-efg")
        #expect(meet?.source == "DESCRIPTION")
        #expect(try link(["URL:https://zoom.us/j/99"])?.source == "URL")
    }

    @Test func addressesThatDoNotJoinAreNotOffered() throws {
        #expect(try link(["LOCATION:https://maps.example.org/?q=Room 4"]) == nil)
        #expect(
            try link(["DESCRIPTION:Options <https://teams.microsoft.com/meetingOptions/?organizerId=1>"]) == nil)
        #expect(try link(["DESCRIPTION:help at https://zoom.us/u/abc"]) == nil)
        #expect(try link(["X-GOOGLE-CONFERENCE:javascript:alert(1)"]) == nil)
        #expect(try link(["X-GOOGLE-CONFERENCE:https://user@evil.example/"]) == nil)
    }

    @Test func aLinkEndsAtWhatNoURLHolds() {
        #expect(
            JoinLink.urls(in: "here<https://zoom.us/j/1>, or (https://meet.google.com/a-b-c).") == [
                "https://zoom.us/j/1", "https://meet.google.com/a-b-c",
            ])
        #expect(JoinLink.urls(in: "https://zoom.us/j/1\u{1B}]8;;evil") == ["https://zoom.us/j/1"])
    }

    @Test(arguments: [
        ("FREQ=WEEKLY;BYDAY=MO;COUNT=10", "weekly on Monday, 10 times"),
        (
            "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;UNTIL=20241007T080000Z",
            "every 2 weeks on Monday and Thursday, until Mon 7 Oct 2024"
        ),
        ("FREQ=WEEKLY", "weekly on Monday"),
        ("FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR", "daily on weekdays"),
        ("FREQ=DAILY;INTERVAL=3;COUNT=1", "every 3 days, once"),
        ("FREQ=MONTHLY;BYDAY=-1FR", "monthly on the last Friday"),
        ("FREQ=MONTHLY;BYDAY=TU;BYSETPOS=2", "monthly on the second Tuesday"),
        ("FREQ=MONTHLY", "monthly on day 3"),
        ("FREQ=MONTHLY;BYMONTHDAY=-1", "monthly on the last day"),
        ("FREQ=YEARLY", "yearly on 3 June"),
        ("FREQ=HOURLY;INTERVAL=4", "repeats (FREQ=HOURLY;INTERVAL=4)"),
        ("FREQ=WEEKLY;BYHOUR=9,17", "repeats (FREQ=WEEKLY;BYHOUR=9,17)"),
    ])
    func repeatRulesInWords(rule: String, words: String) throws {
        let invite = try invite(["RRULE:" + rule])
        let properties = try #require(EventProperties.read(invite.raw, uid: invite.uid))
        #expect(Repetition(properties, start: invite.start, time: HumanTime(zone: .utc))?.summary == words)
    }

    @Test func addedAndSkippedDatesAreCounted() throws {
        let invite = try invite([
            "RRULE:FREQ=DAILY;COUNT=5", "RDATE:20240620T073000Z", "EXDATE:20240604T073000Z",
            "EXDATE:20240605T073000Z",
        ])
        let properties = try #require(EventProperties.read(invite.raw, uid: invite.uid))
        #expect(
            Repetition(properties, start: invite.start, time: HumanTime(zone: .utc))?.summary
                == "daily, 5 times, and 1 more date, 2 skipped")
    }

    @Test func htmlDescriptionsReadAsText() {
        let lines = DescriptionText.lines(
            "This is a test. <b>Bold</b>.&nbsp;<br><br>Mail &lt;a@b.c&gt; &amp; more&#33;\n-::~:~::~:~::-\nLast")
        #expect(lines == ["This is a test. Bold.", "Mail <a@b.c> & more!", "Last"])
    }

    @Test func separatorsAndControlsLeaveTheDescription() {
        let lines = DescriptionText.lines("\n\n____________\nMicrosoft Teams meeting\n\u{1B}[31mred\n_____")
        #expect(lines == ["Microsoft Teams meeting", "^[[31mred"])
    }

    @Test func theOtherAttendeesAnswers() throws {
        let invite = try invite([
            "ATTENDEE;PARTSTAT=ACCEPTED:mailto:a@example.org", "ATTENDEE;PARTSTAT=DECLINED:mailto:b@example.org",
            "ATTENDEE;PARTSTAT=TENTATIVE:mailto:c@example.org", "ATTENDEE;PARTSTAT=X-ODD:mailto:d@example.org",
        ])
        let details = InvitationDetails(invite, me: MyAddresses(["me@example.org"]), time: HumanTime(zone: .utc))
        #expect(details.answers.summary == "1 accepted, 1 tentative, 1 declined, 1 no answer")
        #expect(details.answers.total == 4)
        #expect(details.counterAllowed)
    }

    @Test func disallowedCounterIsRead() throws {
        let details = InvitationDetails(
            try invite(["X-MICROSOFT-DISALLOW-COUNTER:TRUE"]), me: MyAddresses([]), time: HumanTime(zone: .utc))
        #expect(!details.counterAllowed)
    }
}
