import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit

/// An instance at a wall time that occurs twice (02:30 on the night Berlin's clocks go back, 26
/// October 2025) starts at the first of the two (RFC 5545 §3.3.5) and lasts the series' exact
/// length with DTEND, its nominal one with DURATION (§3.8.5.3): every way of writing it.
@Suite struct AmbiguousTimeTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var lines: [String]
        /// The occurrences that meet 26 October, start/end in UTC.
        var expected: [String]
        var testDescription: String { name }
    }

    static let berlin = "TZID=Europe/Berlin"

    static func event(_ lines: String...) -> [String] {
        ["BEGIN:VEVENT", "UID:fold", "DTSTAMP:20250101T000000Z"] + lines + ["END:VEVENT"]
    }

    static let cases: [Case] = [
        Case(
            name: "single, DTEND in the same zone",
            lines: event("DTSTART;\(berlin):20251026T023000", "DTEND;\(berlin):20251026T033000"),
            // 02:30 CEST is 00:30Z; 03:30 exists once, in CET: 02:30Z.
            expected: ["2025-10-26T00:30:00Z/2025-10-26T02:30:00Z"]),
        Case(
            name: "single, DURATION",
            lines: event("DTSTART;\(berlin):20251026T023000", "DURATION:PT1H"),
            expected: ["2025-10-26T00:30:00Z/2025-10-26T01:30:00Z"]),
        Case(
            name: "single, DTEND in another zone",
            lines: event("DTSTART;\(berlin):20251026T023000", "DTEND;TZID=America/New_York:20251025T220000"),
            expected: ["2025-10-26T00:30:00Z/2025-10-26T02:00:00Z"]),
        Case(
            name: "single, DTEND at the ambiguous time",
            lines: event("DTSTART;\(berlin):20251026T010000", "DTEND;\(berlin):20251026T023000"),
            expected: ["2025-10-25T23:00:00Z/2025-10-26T00:30:00Z"]),
        Case(
            name: "recurring, DTEND (exact 30 minutes)",
            lines: event(
                "DTSTART;\(berlin):20251025T023000", "DTEND;\(berlin):20251025T030000", "RRULE:FREQ=DAILY;COUNT=3"),
            expected: ["2025-10-26T00:30:00Z/2025-10-26T01:00:00Z"]),
        Case(
            name: "recurring, DURATION of minutes (exact)",
            lines: event("DTSTART;\(berlin):20251025T023000", "DURATION:PT30M", "RRULE:FREQ=DAILY;COUNT=3"),
            expected: ["2025-10-26T00:30:00Z/2025-10-26T01:00:00Z"]),
        Case(
            name: "recurring, DURATION of a day (nominal: 02:30 the next day, in CET)",
            lines: event("DTSTART;\(berlin):20251025T023000", "DURATION:P1D", "RRULE:FREQ=DAILY;COUNT=3"),
            // The day before ends at the first 02:30 of the 26th too.
            expected: ["2025-10-25T00:30:00Z/2025-10-26T00:30:00Z", "2025-10-26T00:30:00Z/2025-10-27T01:30:00Z"]),
        Case(
            name: "recurring, DTEND in another zone",
            lines: event(
                "DTSTART;\(berlin):20251025T023000", "DTEND;TZID=Europe/London:20251025T020000",
                "RRULE:FREQ=DAILY;COUNT=3"),
            expected: ["2025-10-26T00:30:00Z/2025-10-26T01:00:00Z"]),
        Case(
            name: "recurring, the instance given by RDATE",
            lines: event(
                "DTSTART;\(berlin):20251024T023000", "DTEND;\(berlin):20251024T030000",
                "RDATE;\(berlin):20251026T023000"),
            expected: ["2025-10-26T00:30:00Z/2025-10-26T01:00:00Z"]),
        Case(
            name: "override whose RECURRENCE-ID is the ambiguous time",
            lines: event(
                "DTSTART;\(berlin):20251025T023000", "DTEND;\(berlin):20251025T030000", "RRULE:FREQ=DAILY;COUNT=3")
                + event(
                    "RECURRENCE-ID;\(berlin):20251026T023000", "DTSTART;\(berlin):20251026T090000",
                    "DTEND;\(berlin):20251026T093000"),
            expected: ["2025-10-26T08:00:00Z/2025-10-26T08:30:00Z"]),
    ]

    @Test(arguments: cases)
    func theFirstOfTheTwoForTheSeriesLength(_ testCase: Case) throws {
        let result = try CalendarText.occurrences(
            testCase.lines, from: "2025-10-25T22:00:00Z", to: "2025-10-26T22:00:00Z")
        #expect(CalendarText.spans(result) == testCase.expected)
        #expect(result.warnings.isEmpty)
    }

    @Test("An instance in the skipped hour takes the offset before it and the exact length")
    func anInstanceInTheSkippedHourTakesTheOffsetBeforeItAndTheExactLength() throws {
        let result = try CalendarText.occurrences(
            AmbiguousTimeTests.event(
                "DTSTART;TZID=Europe/Berlin:20250329T023000", "DTEND;TZID=Europe/Berlin:20250329T033000",
                "RRULE:FREQ=DAILY;COUNT=3"),
            from: "2025-03-30T00:00:00Z", to: "2025-03-31T00:00:00Z")
        #expect(CalendarText.spans(result) == ["2025-03-30T01:30:00Z/2025-03-30T02:30:00Z"])
    }
}
