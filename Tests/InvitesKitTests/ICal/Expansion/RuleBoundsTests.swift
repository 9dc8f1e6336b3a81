import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesFormats
@testable import InvitesKit
@testable import InvitesModel

/// No rule a stranger writes keeps an expansion busy: the steps taken are counted in the
/// expansion's budget, whichever way a rule is stepped through (``RuleSteps``), so these tests
/// give each rule a budget of a few steps and check both the answer and that the budget held.
/// A rule that never matches takes no step at all; a rare one (a leap day, a Monday that is one)
/// jumps from one day it allows to the next.
@Suite struct RuleBoundsTests {
    struct Expansion {
        var starts: [String]
        var warnings: [String]
        /// Whether the budget ran out (the answer would say it was cut short).
        var ranOut: Bool
    }

    final class Warnings: @unchecked Sendable {
        var messages: [String] = []
    }

    /// The occurrences of the fixture `rules/NAME.ics` in `[from, to)`, with `steps` steps and
    /// at most `limit` instances.
    func expand(_ name: String, steps: Int, from: String, to: String, limit: Int = 5_000) throws -> Expansion {
        let resolver = ZoneResolver(display: .utc)
        let data = try Fixture.data("rules/\(name).ics")
        let event = try #require(
            data.withUnsafeBytes { ICalEvent.parse($0, resolver: resolver, line: 1, warn: { _ in }) })
        var series = EventSeries()
        series.add(event)
        let warnings = Warnings()
        let budget = ExpansionBudget(steps: steps)
        let context = EventSeries.Context(
            display: resolver.display, me: [], source: "\(name).ics", budget: budget, instanceLimit: limit,
            warn: { _, message in warnings.messages.append(message) })
        let window = Int(Date.utc(from).timeIntervalSince1970)..<Int(Date.utc(to).timeIntervalSince1970)
        let found = series.occurrences(in: window, context: context)
        return Expansion(
            starts: found.map { RFC3339.utc($0.start) }.sorted(), warnings: warnings.messages, ranOut: budget.ranOut)
    }

    /// Each rule that never matches: its first start alone, a warning that says why, and not
    /// one step of the budget, over eighty years.
    @Test(arguments: [
        ("never-secondly-feb-30", "no day is BYMONTH=2 and BYMONTHDAY=30"),
        ("never-minutely-feb-31", "no day is BYMONTH=2 and BYMONTHDAY=31"),
        ("never-secondly-yearday-366-feb", "no day is BYMONTH=2 and BYYEARDAY=366"),
        ("never-hourly-31st-from-end", "no day is BYMONTH=4,6,9,11 and BYMONTHDAY=-31"),
        ("never-daily-every-second-feb-30", "no day is BYMONTH=2 and BYMONTHDAY=30"),
        ("never-weekly-month-13", "BYMONTH=13 names no month of a year"),
        ("never-monthly-sixth-monday", "BYSETPOS=6 is beyond the 5 days a month of it has at most"),
        ("never-yearly-week-53-in-june", "no day of BYWEEKNO=53 is in BYMONTH=6"),
        ("never-secondly-odd-minute", "its steps of 120 seconds from 17:00:00 never fall on BYMINUTE=1"),
        ("never-daily-weekly-steps", "its steps of 7 days from 2018-04-10 never reach a day that is BYDAY=MO"),
        ("never-secondly-leap-second", "BYSECOND=60 names only a leap second, which no clock here shows"),
    ])
    func neverMatchingRulesTakeNoStep(name: String, reason: String) throws {
        let found = try expand(name, steps: 0, from: "2018-01-01T00:00:00Z", to: "2100-01-01T00:00:00Z")
        #expect(found.starts == ["2018-04-10T17:00:00Z"])
        #expect(found.warnings == ["RRULE of \"\(name)@example.org\" never matches (\(reason)), only DTSTART is used"])
        #expect(!found.ranOut)
    }

    /// Rules that match rarely find their days at once: their first hundred instances after
    /// DTSTART, over eighty years, in a thousand steps (a leap day's seconds take one step; a
    /// February of Mondays, the weeks of a year between them; 03:04:05 every seven days, a
    /// step a day).
    @Test(arguments: [
        ("rare-secondly-leap-day", ["2020-02-29T00:00:00Z", "2020-02-29T00:00:01Z", "2020-02-29T00:00:02Z"]),
        (
            "rare-secondly-last-day-of-leap-year",
            ["2020-12-31T00:00:00Z", "2020-12-31T00:00:01Z", "2020-12-31T00:00:02Z"]
        ),
        ("rare-daily-every-second-leap-day", ["2020-02-29T00:00:00Z", "2020-02-29T00:00:01Z", "2020-02-29T00:00:02Z"]),
        ("rare-hourly-leap-monday", ["2044-02-29T09:00:00Z", "2072-02-29T09:00:00Z"]),
        ("rare-monthly-fifth-monday-of-february", ["2044-02-29T17:00:00Z", "2072-02-29T17:00:00Z"]),
        ("rare-weekly-february-mornings", ["2019-02-04T09:30:00Z", "2019-02-04T17:30:00Z", "2019-02-11T09:30:00Z"]),
        ("rare-secondly-weekly-steps", ["2018-04-17T03:04:05Z", "2018-04-24T03:04:05Z", "2018-05-01T03:04:05Z"]),
    ])
    func rareRulesFindTheirDays(name: String, first: [String]) throws {
        let found = try expand(name, steps: 1_000, from: "2018-04-11T00:00:00Z", to: "2100-01-01T00:00:00Z", limit: 100)
        #expect(Array(found.starts.prefix(first.count)) == first)
        #expect(!found.ranOut, "\(found.warnings)")
        // Every second of a day is more than a window may take, and says so; nothing else.
        #expect(
            found.warnings.allSatisfy {
                $0.hasSuffix("has more than 100 instances near the window; the rest are left out")
            })
    }

    /// Every second of each leap day until 2029 ends there: day 366 of 2028 is the last, and
    /// a window of that day has its 86,400 seconds, taken in steps of the day alone.
    @Test func untilEndsARareRule() throws {
        let day = try expand(
            "rare-secondly-last-day-of-leap-year", steps: 10, from: "2028-12-31T00:00:00Z",
            to: "2029-01-01T00:00:00Z", limit: 100_000)
        #expect(day.starts.count == 86_400)
        #expect(!day.ranOut)
        // (An instance lasts half an hour: those of 31 December's last half hour reach 2029.)
        let after = try expand(
            "rare-secondly-last-day-of-leap-year", steps: 10, from: "2029-01-01T00:30:00Z", to: "2100-01-01T00:00:00Z")
        #expect(after.starts.count == 0)
        #expect(!after.ranOut)
    }

    /// A rule that matches once a week but would be looked at every day for a millennium runs
    /// out of steps and says so, rather than going on.
    @Test func theBudgetCutsAValidRuleShort() throws {
        let found = try expand(
            "rare-secondly-weekly-steps", steps: 50, from: "2018-04-11T00:00:00Z", to: "3000-01-01T00:00:00Z")
        #expect(found.ranOut)
        #expect(
            found.warnings == [
                "stopped expanding \"rare-secondly-weekly-steps@example.org\": too many steps of its rule"
            ])
        #expect(found.starts.count < 50)
        #expect(found.starts.first == "2018-04-17T03:04:05Z")
    }

    /// A WEEKLY rule's times are laid on its days in order (libical gave 17:30 before 09:30,
    /// going back in time), and COUNT counts the times.
    @Test func weeklyTimesAreInOrderAndCounted() throws {
        let result = try CalendarText.occurrences(
            [
                "BEGIN:VEVENT", "UID:weekly@example.org", "DTSTAMP:20180301T120000Z",
                "DTSTART:20180409T080000Z", "DTEND:20180409T081500Z",
                "RRULE:FREQ=WEEKLY;BYDAY=MO,WE;BYHOUR=17,9;BYMINUTE=30;COUNT=5", "SUMMARY:Weekly", "END:VEVENT",
            ], from: "2018-04-01T00:00:00Z", to: "2018-05-01T00:00:00Z")
        #expect(
            CalendarText.spans(result).map { String($0.prefix(20)) } == [
                "2018-04-09T08:00:00Z", "2018-04-09T09:30:00Z", "2018-04-09T17:30:00Z", "2018-04-11T09:30:00Z",
                "2018-04-11T17:30:00Z", "2018-04-16T09:30:00Z",
            ])
        #expect(result.warnings.isEmpty)
    }

    /// Steps that do not divide a minute fall where DTSTART's count puts them, whichever window
    /// is asked: libical's `set_start` put a window's first step by the seconds field alone, five
    /// seconds off the steps a day later (21:01:04 for a window three hours' slack before
    /// 00:01), and every step after it.
    @Test func aWindowDoesNotMoveTheSteps() throws {
        let lines = [
            "BEGIN:VEVENT", "UID:sevens@example.org", "DTSTAMP:20180301T120000Z", "DTSTART:20180410T000003Z",
            "RRULE:FREQ=SECONDLY;INTERVAL=7", "SUMMARY:Sevens", "END:VEVENT",
        ]
        let early = try CalendarText.occurrences(lines, from: "2018-04-10T00:00:00Z", to: "2018-04-10T00:00:20Z")
        let late = try CalendarText.occurrences(lines, from: "2018-04-11T00:01:00Z", to: "2018-04-11T00:01:10Z")
        #expect(
            CalendarText.spans(early).map { String($0.prefix(20)) } == [
                "2018-04-10T00:00:03Z", "2018-04-10T00:00:10Z", "2018-04-10T00:00:17Z",
            ])
        #expect(
            CalendarText.spans(late).map { String($0.prefix(20)) } == ["2018-04-11T00:01:00Z", "2018-04-11T00:01:07Z"])
    }
}
