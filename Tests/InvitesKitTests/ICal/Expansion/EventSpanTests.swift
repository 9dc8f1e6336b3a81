import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesFormats
@testable import InvitesKit
@testable import InvitesModel

/// What an event spans when its producer wrote DTEND before DTSTART, or mixed DATE and DATE-TIME.
@Suite struct EventSpanTests {
    static func event(_ uid: String, _ lines: String...) -> [String] {
        ["BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20250101T000000Z"] + lines + ["END:VEVENT"]
    }

    // MARK: DTEND before DTSTART: the time between the two, with a warning

    @Test func aSwappedEventSpansTheTimeBetween() throws {
        let result = try CalendarText.occurrences(
            EventSpanTests.event(
                "swapped", "DTSTART;TZID=Europe/Berlin:20190304T083000", "DTEND;TZID=Europe/Berlin:20190304T080000"),
            from: "2019-03-04T00:00:00Z", to: "2019-03-05T00:00:00Z")
        #expect(CalendarText.spans(result) == ["2019-03-04T07:00:00Z/2019-03-04T07:30:00Z"])
        #expect(
            result.warnings.map(\.message) == [
                "DTEND is before DTSTART: the event is taken to span the time between them"
            ])
        #expect(result.warnings.map(\.line) == [4])
    }

    @Test("A swapped series spans back from each start and is found from before")
    func aSwappedSeriesSpansBackFromEachStartAndIsFoundFromBefore() throws {
        let lines = EventSpanTests.event(
            "swapped-daily", "DTSTART:20250601T103000Z", "DTEND:20250601T100000Z", "RRULE:FREQ=DAILY;COUNT=5")
        // A window that ends before the third instance's DTSTART-based start still meets it.
        let result = try CalendarText.occurrences(lines, from: "2025-06-03T09:00:00Z", to: "2025-06-03T10:15:00Z")
        #expect(CalendarText.spans(result) == ["2025-06-03T10:00:00Z/2025-06-03T10:30:00Z"])
        #expect(result.warnings.count == 1)
    }

    @Test("A swap of days is found in a window far before DTSTART")
    func aSwapOfDaysIsFoundInAWindowFarBeforeDTSTART() throws {
        // DTEND four days before DTSTART, further than the byte-level filter's margin of two days.
        let lines = EventSpanTests.event("long", "DTSTART:20150709T150000Z", "DTEND:20150705T160000Z")
        let result = try CalendarText.occurrences(lines, from: "2015-07-06T00:00:00Z", to: "2015-07-06T01:00:00Z")
        #expect(CalendarText.spans(result) == ["2015-07-05T16:00:00Z/2015-07-09T15:00:00Z"])
    }

    @Test func aSwappedAllDayEventCoversTheDatesBetween() throws {
        let lines = EventSpanTests.event("days", "DTSTART;VALUE=DATE:20250710", "DTEND;VALUE=DATE:20250708")
        let result = try CalendarText.occurrences(lines, from: "2025-07-08T00:00:00Z", to: "2025-07-11T00:00:00Z")
        #expect(CalendarText.spans(result) == ["2025-07-08/2025-07-10"])
    }

    @Test("A swapped invitation is ingested with its start first")
    func aSwappedInvitationIsIngestedWithItsStartFirst() throws {
        let data = CalendarText.data(
            EventSpanTests.event(
                "swapped-invite", "DTSTART:20231218T224500Z", "DTEND:20231218T223000Z",
                "ORGANIZER:mailto:a@example.org", "ATTENDEE:mailto:b@example.org"), calendar: ["METHOD:REQUEST"])
        var warnings: [String] = []
        let invites = try ITIPParser(display: .utc).parse(
            data, file: "x.ics", source: .itip, fallbackMethod: nil, warn: { warnings.append($0) })
        #expect(
            invites.map { "\(RFC3339.utc($0.start))/\(RFC3339.utc($0.end))" } == [
                "2023-12-18T22:30:00Z/2023-12-18T22:45:00Z"
            ])
        #expect(warnings == ["x.ics: DTEND is before DTSTART: the event is taken to span the time between them"])
    }

    // MARK: DATE and DATE-TIME mixed: DTSTART decides what the event is

    @Test("A date start with a timed end is all day through the date the end reaches into")
    func aDateStartWithATimedEndIsAllDayThroughTheDateTheEndReachesInto() throws {
        let lines =
            EventSpanTests.event("noon", "DTSTART;VALUE=DATE:20250701", "DTEND:20250702T120000")
            + EventSpanTests.event("midnight", "DTSTART;VALUE=DATE:20250701", "DTEND:20250702T000000")
            + EventSpanTests.event(
                "weekly", "DTSTART;VALUE=DATE:20250707", "DTEND:20250707T180000Z", "RRULE:FREQ=WEEKLY;COUNT=2")
        let result = try CalendarText.occurrences(lines, from: "2025-07-01T00:00:00Z", to: "2025-07-20T00:00:00Z")
        #expect(CalendarText.spans(result, uid: "noon") == ["2025-07-01/2025-07-03"])
        #expect(CalendarText.spans(result, uid: "midnight") == ["2025-07-01/2025-07-02"])
        #expect(CalendarText.spans(result, uid: "weekly") == ["2025-07-07/2025-07-08", "2025-07-14/2025-07-15"])
    }

    @Test("A timed start with a date end ends at that midnight in the start's zone")
    func aTimedStartWithADateEndEndsAtThatMidnightInTheStartsZone() throws {
        let lines =
            EventSpanTests.event("utc", "DTSTART:20250701T220000Z", "DTEND;VALUE=DATE:20250702")
            + EventSpanTests.event("berlin", "DTSTART;TZID=Europe/Berlin:20250701T200000", "DTEND;VALUE=DATE:20250702")
        let zone = try #require(DisplayZone(identifier: "America/New_York"))
        let result = try CalendarText.occurrences(
            lines, from: "2025-07-01T00:00:00Z", to: "2025-07-03T00:00:00Z", zone: zone)
        #expect(CalendarText.spans(result, uid: "utc") == ["2025-07-01T22:00:00Z/2025-07-02T00:00:00Z"])
        #expect(CalendarText.spans(result, uid: "berlin") == ["2025-07-01T18:00:00Z/2025-07-01T22:00:00Z"])
    }

    @Test("An override or exclusion of the other value type names that day's instance")
    func anOverrideOrExclusionOfTheOtherTypeNamesThatDaysInstance() throws {
        let lines =
            EventSpanTests.event(
                "timed", "DTSTART:20250602T090000Z", "DTEND:20250602T100000Z", "RRULE:FREQ=DAILY;COUNT=4",
                "EXDATE;VALUE=DATE:20250605")
            + EventSpanTests.event(
                "timed", "RECURRENCE-ID;VALUE=DATE:20250603", "DTSTART:20250603T150000Z", "DTEND:20250603T160000Z")
            + EventSpanTests.event(
                "days", "DTSTART;VALUE=DATE:20250609", "DTEND;VALUE=DATE:20250610", "RRULE:FREQ=DAILY;COUNT=3")
            + EventSpanTests.event(
                "days", "RECURRENCE-ID:20250610T000000Z", "DTSTART:20250610T130000Z", "DTEND:20250610T140000Z")
        let result = try CalendarText.occurrences(lines, from: "2025-06-01T00:00:00Z", to: "2025-06-15T00:00:00Z")
        #expect(
            CalendarText.spans(result, uid: "timed") == [
                "2025-06-02T09:00:00Z/2025-06-02T10:00:00Z", "2025-06-03T15:00:00Z/2025-06-03T16:00:00Z",
                "2025-06-04T09:00:00Z/2025-06-04T10:00:00Z",
            ])
        // The override of an all-day series is the timed event it says it is.
        #expect(
            CalendarText.spans(result, uid: "days") == [
                "2025-06-09/2025-06-10", "2025-06-10T13:00:00Z/2025-06-10T14:00:00Z", "2025-06-11/2025-06-12",
            ])
    }
}
