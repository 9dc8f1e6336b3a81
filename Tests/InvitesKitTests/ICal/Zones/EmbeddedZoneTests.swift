import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesFormats
@testable import InvitesKit
@testable import InvitesModel

/// A VTIMEZONE for an IANA name the system knows holds over the stretch its transitions cover;
/// the system's zone data holds around it (``ICalZone``), and a disagreement inside is warned of.
@Suite struct EmbeddedZoneTests {
    /// Europe/Berlin as WordPress (ai1ec) exports it: the changes of 2018–2020 and nothing else.
    static let shortBerlin = [
        "BEGIN:VTIMEZONE", "TZID:Europe/Berlin",
        "BEGIN:STANDARD", "DTSTART:20181028T030000", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100",
        "RDATE:20191027T030000", "TZNAME:CET", "END:STANDARD",
        "BEGIN:DAYLIGHT", "DTSTART:20190331T020000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200",
        "RDATE:20200329T020000", "TZNAME:CEST", "END:DAYLIGHT",
        "END:VTIMEZONE",
    ]

    static func event(_ uid: String, _ tzid: String, _ start: String, _ end: String, _ more: String...) -> [String] {
        [
            "BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20250101T000000Z", "DTSTART;TZID=\(tzid):\(start)",
            "DTEND;TZID=\(tzid):\(end)",
        ] + more + ["END:VEVENT"]
    }

    @Test("A definition that stops short gives way to the system's after its last change")
    func aDefinitionThatStopsShortGivesWayToTheSystemsAfterItsLastChange() throws {
        let lines =
            EmbeddedZoneTests.shortBerlin
            + EmbeddedZoneTests.event(
                "weekly", "Europe/Berlin", "20281206T140000", "20281206T150000", "RRULE:FREQ=WEEKLY;COUNT=3")
        let result = try CalendarText.occurrences(lines, from: "2028-12-01T00:00:00Z", to: "2029-01-01T00:00:00Z")
        // December is winter time (+01:00); the file's last change (March 2020) was to summer time.
        #expect(
            CalendarText.spans(result) == [
                "2028-12-06T13:00:00Z/2028-12-06T14:00:00Z", "2028-12-13T13:00:00Z/2028-12-13T14:00:00Z",
                "2028-12-20T13:00:00Z/2028-12-20T14:00:00Z",
            ])
        #expect(result.warnings.isEmpty)
    }

    @Test func beforeItsFirstChangeTheSystemsHoldsToo() throws {
        let lines =
            EmbeddedZoneTests.shortBerlin
            + EmbeddedZoneTests.event("early", "Europe/Berlin", "20161203T140000", "20161203T190000")
            + EmbeddedZoneTests.event("inside", "Europe/Berlin", "20190710T140000", "20190710T150000")
        let early = try CalendarText.occurrences(lines, from: "2016-12-03T00:00:00Z", to: "2016-12-04T00:00:00Z")
        #expect(CalendarText.spans(early) == ["2016-12-03T13:00:00Z/2016-12-03T18:00:00Z"])
        let inside = try CalendarText.occurrences(lines, from: "2019-07-10T00:00:00Z", to: "2019-07-11T00:00:00Z")
        #expect(CalendarText.spans(inside) == ["2019-07-10T12:00:00Z/2019-07-10T13:00:00Z"])
    }

    @Test func aVendorPrefixedIANANameIsTheSystemsToo() throws {
        let tzid = "/mozilla.org/20050126_1/Europe/Berlin"
        let lines =
            EmbeddedZoneTests.shortBerlin.map { $0 == "TZID:Europe/Berlin" ? "TZID:\(tzid)" : $0 }
            + EmbeddedZoneTests.event("prefixed", tzid, "20281206T140000", "20281206T150000")
        let result = try CalendarText.occurrences(lines, from: "2028-12-06T00:00:00Z", to: "2028-12-07T00:00:00Z")
        #expect(CalendarText.spans(result) == ["2028-12-06T13:00:00Z/2028-12-06T14:00:00Z"])
    }

    @Test("A name the system does not know keeps its own definition for all time")
    func aNameTheSystemDoesNotKnowKeepsItsOwnDefinitionForAllTime() throws {
        let lines =
            EmbeddedZoneTests.shortBerlin.map { $0 == "TZID:Europe/Berlin" ? "TZID:Berlin Office" : $0 }
            + EmbeddedZoneTests.event("custom", "Berlin Office", "20281206T140000", "20281206T150000")
        let result = try CalendarText.occurrences(lines, from: "2028-12-06T00:00:00Z", to: "2028-12-07T00:00:00Z")
        // Nothing else knows the zone: its last offset goes on, as RFC 5545 has it.
        #expect(CalendarText.spans(result) == ["2028-12-06T12:00:00Z/2028-12-06T13:00:00Z"])
        #expect(result.warnings.isEmpty)
    }

    @Test("A fixed offset covers only the instant it starts at")
    func aFixedOffsetCoversOnlyTheInstantItStartsAt() throws {
        // Apple wrote Moscow's local mean time of 1880 (+02:30:17) as the zone's offset from 2001.
        let lines =
            [
                "BEGIN:VTIMEZONE", "TZID:Europe/Moscow", "BEGIN:STANDARD", "TZOFFSETFROM:+023017",
                "DTSTART:20010101T000000", "TZNAME:GMT+3", "TZOFFSETTO:+023017", "END:STANDARD", "END:VTIMEZONE",
            ] + EmbeddedZoneTests.event("moscow", "Europe/Moscow", "20180420T120000", "20180420T130000")
        let result = try CalendarText.occurrences(lines, from: "2018-04-20T00:00:00Z", to: "2018-04-21T00:00:00Z")
        #expect(CalendarText.spans(result) == ["2018-04-20T09:00:00Z/2018-04-20T10:00:00Z"])
        #expect(result.warnings.isEmpty)
    }

    /// America/New_York with the rules of before 2007 (April to October), as old Outlook wrote
    /// them, from 1987 without end.
    static let oldNewYork = [
        "BEGIN:VTIMEZONE", "TZID:America/New_York",
        "BEGIN:DAYLIGHT", "DTSTART:19870405T020000", "TZOFFSETFROM:-0500", "TZOFFSETTO:-0400",
        "RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU", "END:DAYLIGHT",
        "BEGIN:STANDARD", "DTSTART:19871025T020000", "TZOFFSETFROM:-0400", "TZOFFSETTO:-0500",
        "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "END:STANDARD",
        "END:VTIMEZONE",
    ]

    @Test("Within its span a disagreeing definition holds and is warned of once")
    func withinItsSpanADisagreeingDefinitionHoldsAndIsWarnedOfOnce() throws {
        let lines =
            EmbeddedZoneTests.oldNewYork
            + EmbeddedZoneTests.event(
                "old-rules", "America/New_York", "20250306T100000", "20250306T110000", "RRULE:FREQ=WEEKLY;COUNT=6")
        let result = try CalendarText.occurrences(lines, from: "2025-03-01T00:00:00Z", to: "2025-04-30T00:00:00Z")
        // 13 March to 3 April: the file says EST (-05:00), the system EDT (-04:00); the file's holds.
        #expect(
            CalendarText.spans(result).map { String($0.prefix(20)) } == [
                "2025-03-06T15:00:00Z", "2025-03-13T15:00:00Z", "2025-03-20T15:00:00Z", "2025-03-27T15:00:00Z",
                "2025-04-03T15:00:00Z", "2025-04-10T14:00:00Z",
            ])
        #expect(result.warnings.count == 1)
        let warning = try #require(result.warnings.first)
        #expect(warning.line == 19)
        #expect(
            warning.message == "an instance of \"old-rules\": TZID \"America/New_York\": the file's VTIMEZONE gives "
                + "-05:00 at 2025-03-13T15:00:00Z, the system's zone data -04:00; the file's is used where its "
                + "transitions reach: correct its VTIMEZONE if the system is right")
    }

    @Test("A disagreeing DTSTART is warned of where the invite is ingested")
    func aDisagreeingDTSTARTIsWarnedOfWhereTheInviteIsIngested() throws {
        let data = CalendarText.data(
            EmbeddedZoneTests.oldNewYork
                + EmbeddedZoneTests.event(
                    "old-rules", "America/New_York", "20250313T100000", "20250313T110000",
                    "ORGANIZER:mailto:a@example.org", "ATTENDEE:mailto:b@example.org"),
            calendar: ["METHOD:REQUEST"])
        var warnings: [String] = []
        let invites = try ITIPParser(display: .utc).parse(
            data, file: "old.ics", source: .itip, fallbackMethod: nil, warn: { warnings.append($0) })
        #expect(invites.map { RFC3339.utc($0.start) } == ["2025-03-13T15:00:00Z"])
        #expect(warnings.count == 1)
        #expect(
            warnings.first?.hasPrefix("old.ics: TZID \"America/New_York\": the file's VTIMEZONE gives -05:00") == true)
    }

    @Test("An invite whose zone stops short is ingested at the system's offset")
    func anInviteWhoseZoneStopsShortIsIngestedAtTheSystemsOffset() throws {
        let data = CalendarText.data(
            EmbeddedZoneTests.shortBerlin
                + EmbeddedZoneTests.event(
                    "short", "Europe/Berlin", "20281206T140000", "20281206T150000", "ORGANIZER:mailto:a@example.org",
                    "ATTENDEE:mailto:b@example.org"),
            calendar: ["METHOD:REQUEST"])
        let invites = try ITIPParser(display: .utc).parse(data, file: "short.ics", source: .itip, fallbackMethod: nil)
        #expect(invites.map { RFC3339.utc($0.start) } == ["2028-12-06T13:00:00Z"])
    }

    @Test("The span runs from the first onset to the last, or on for ever")
    func theSpanRunsFromTheFirstOnsetToTheLastOrOnForEver() throws {
        func span(_ lines: [String]) -> ClosedRange<Int>? {
            let text = lines.map { $0 + "\r\n" }.joined()
            return ICalComponent.parse(text).flatMap(VTimezoneSpan.of)
        }
        // 2018-10-28T01:00Z (03:00 at +02:00) to 2020-03-29T01:00Z (02:00 at +01:00).
        #expect(span(EmbeddedZoneTests.shortBerlin) == 1_540_688_400...1_585_443_600)
        #expect(span(EmbeddedZoneTests.oldNewYork)?.upperBound == Int.max)
        let counted = EmbeddedZoneTests.oldNewYork.map {
            $0.hasPrefix("RRULE") ? $0 + ";COUNT=3" : $0
        }
        // The third last Sunday of October from 1987 is 1989-10-29, 02:00 at -04:00.
        #expect(span(counted)?.upperBound == 625_644_000)
    }
}
