import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit
@testable import InvitesModel

/// A rule finer than a day on an all-day series repeats by days (``DayRule``): libical yields
/// each date once per instant of `FREQ=SECONDLY`, so a stranger's every-second rule until 9999
/// kept `show`, `check` and every look at a calendar holding it busy for minutes. These read
/// the same days as libical, deduplicated, at a step a day.
@Suite struct DayRuleTests {
    static let now = Date.utc("2026-12-03T12:00:00Z")

    /// The days of `rule` on an all-day series from 10 April 2018, over `[from, to)`.
    func days(_ rule: String, from: String = "2018-04-10T00:00:00Z", to: String) throws -> [String] {
        let result = try CalendarText.occurrences(
            [
                "BEGIN:VEVENT", "UID:days@example.org", "DTSTAMP:20180301T120000Z", "DTSTART;VALUE=DATE:20180410",
                "RRULE:\(rule)", "SUMMARY:Days", "END:VEVENT",
            ], from: from, to: to)
        return result.occurrences.compactMap { $0.dates.map { "\($0.first)" } }
    }

    /// The fuzzer's finding, from 1600 and from 2018: the next ten days come at once, and a
    /// calendar holding the series answers a fortnight's window with its fourteen days.
    @Test(arguments: ["1600", "2018"])
    func everySecondUntil9999IsEveryDay(from year: String) throws {
        let data = try Fixture.data("fuzz/expand-all-day-secondly-from-\(year).ics")
        let invite = try #require(try InviteReader(display: .utc).read(data, file: "secondly.ics").first)
        let finder = ConflictFinder(query: CalendarQuery(sources: [], display: .utc, me: MyAddresses([])))
        let next = finder.occurrences(of: invite, horizon: 10, now: DayRuleTests.now)
        #expect(
            next.compactMap { $0.dates.map { "\($0.first)" } } == (3...12).map { "2026-12-\($0 < 10 ? "0" : "")\($0)" })

        let lines = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init)
        let vevent =
            try #require(lines.firstIndex(of: "BEGIN:VEVENT"))...(try #require(lines.firstIndex(of: "END:VEVENT")))
        let path = try CalendarText.file(Array(lines[vevent]))
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let query = CalendarQuery(sources: [try CalendarSource.named(path)], display: .utc, me: MyAddresses([]))
        let found = try query.occurrences(
            in: DateInterval(start: .utc("2026-12-01T00:00:00Z"), end: .utc("2026-12-15T00:00:00Z")))
        #expect(found.occurrences.count == 14)
        #expect(found.warnings.isEmpty)
        // Fourteen daily occurrences, not one per second: how long it takes is for a benchmark
        // to say (docs/benchmarks.md), not this test.
    }

    @Test func everyHourIsEveryDay() throws {
        #expect(try days("FREQ=HOURLY", to: "2018-04-13T00:00:00Z") == ["2018-04-10", "2018-04-11", "2018-04-12"])
        #expect(try days("FREQ=MINUTELY;INTERVAL=7", to: "2018-04-12T00:00:00Z") == ["2018-04-10", "2018-04-11"])
    }

    @Test func anIntervalOfWholeDaysKeepsThem() throws {
        #expect(
            try days("FREQ=HOURLY;INTERVAL=48", to: "2018-04-16T00:00:00Z") == [
                "2018-04-10", "2018-04-12", "2018-04-14",
            ])
        // 36 hours spans one whole day: every day.
        #expect(try days("FREQ=HOURLY;INTERVAL=36", to: "2018-04-13T00:00:00Z").count == 3)
    }

    /// COUNT counts the days its instants reach from midnight, as libical's dates do: 30 hours
    /// reach into the second day; 86,401 seconds just into the second day.
    @Test func countCountsTheDaysItsInstantsReach() throws {
        #expect(try days("FREQ=HOURLY;COUNT=30", to: "2018-05-01T00:00:00Z") == ["2018-04-10", "2018-04-11"])
        #expect(try days("FREQ=HOURLY;COUNT=24", to: "2018-05-01T00:00:00Z") == ["2018-04-10"])
        #expect(try days("FREQ=SECONDLY;COUNT=86401", to: "2018-05-01T00:00:00Z").count == 2)
        #expect(try days("FREQ=SECONDLY;COUNT=2147483647", to: "2018-04-20T00:00:00Z").count == 10)
    }

    /// RFC 5545 §3.3.10: BYHOUR, BYMINUTE and BYSECOND are ignored beside a DATE; the other
    /// parts stay.
    @Test func partsFinerThanADayAreDropped() throws {
        #expect(
            try days("FREQ=DAILY;BYHOUR=9,10;BYMINUTE=0,30", to: "2018-04-12T00:00:00Z") == [
                "2018-04-10", "2018-04-11",
            ])
        #expect(
            try days("FREQ=HOURLY;BYDAY=TU,TH", to: "2018-04-20T00:00:00Z") == [
                "2018-04-10", "2018-04-12", "2018-04-17", "2018-04-19",
            ])
    }

    /// A list of times is dropped whole: libical puts DTSTART's value in the first place of a
    /// list emptied there and keeps the rest, so `BYHOUR=9,17` gave each Tuesday twice and
    /// COUNT=3 counted two of them.
    @Test func aListOfTimesIsDroppedWhole() throws {
        #expect(
            try days("FREQ=WEEKLY;BYDAY=TU;BYHOUR=9,17;COUNT=3", to: "2018-05-01T00:00:00Z") == [
                "2018-04-10", "2018-04-17", "2018-04-24",
            ])
    }
}
