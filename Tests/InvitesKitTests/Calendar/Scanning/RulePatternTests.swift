import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesFormats
@testable import InvitesKit
@testable import InvitesModel

/// The rule pattern only ever rules out windows where libical finds no instance.
@Suite struct RulePatternTests {
    func pattern(
        _ rule: String, start: String = "20240603T090000", length: Int = 3_600, offsets: ClosedRange<Int>? = nil
    ) -> RulePattern? {
        guard let wall = BlockPrefilter.wallSeconds(ArraySlice(Array(start.utf8))) else { return nil }
        return RulePattern(rule: ArraySlice(Array(rule.utf8)), start: wall, length: length, offsets: offsets)
    }

    func window(_ start: String, hours: Int) -> Range<Int> {
        let lower = Int(Date.utc(start).timeIntervalSince1970)
        return lower..<(lower + hours * 3_600)
    }

    @Test func daysSinceEpochRoundTrips() {
        for days in stride(from: -800_000, through: 800_000, by: 997) {
            let date = LocalDate(daysSinceEpoch: days)
            #expect(LocalDate.daysSinceEpoch(year: date.year, month: date.month, day: date.day) == days)
        }
        #expect(LocalDate(daysSinceEpoch: 0) == LocalDate(year: 1970, month: 1, day: 1))
        #expect(LocalDate(daysSinceEpoch: 19_782) == LocalDate(year: 2024, month: 2, day: 29))
        #expect(LocalDate(daysSinceEpoch: -1) == LocalDate(year: 1969, month: 12, day: 31))
    }

    @Test func simpleRulesHaveOne() throws {
        let weekly = try #require(pattern("FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10"))
        #expect(weekly.weekdays == 0b101)
        // DTSTART is a Monday.
        #expect(try #require(pattern("FREQ=WEEKLY;INTERVAL=2;UNTIL=20250101T000000Z")).weekdays == 0b1)
        #expect(try #require(pattern("FREQ=MONTHLY")).monthDays == 1 << 2)
        #expect(try #require(pattern("FREQ=YEARLY")).months == 1 << 5)
        #expect(try #require(pattern("FREQ=YEARLY;BYMONTHDAY=1")).months == 0xFFF)
        #expect(try #require(pattern("FREQ=DAILY;BYDAY=SA,SU")).weekdays == 0b110_0000)
    }

    @Test func rulesThatCouldAddDaysOrTimesHaveNone() {
        for rule in [
            "FREQ=WEEKLY;BYHOUR=9,17", "FREQ=DAILY;;BYDAY=MO", "FREQ=YEARLY;;BYMONTH=1", "FREQ=WEEKLY;BYDAY=MO;",
            "FREQ=MONTHLY;BYDAY=1MO", "FREQ=MONTHLY;BYMONTHDAY=-1",
            "FREQ=WEEKLY;BYMONTHDAY=3", "FREQ=YEARLY;BYWEEKNO=20", "FREQ=HOURLY;BYDAY=MO", "FREQ=WEEKLY;RSCALE=HEBREW",
            "FREQ=WEEKLY;BYDAY=XX", "FREQ=YEARLY;BYDAY=MO", "garbage",
        ] {
            #expect(pattern(rule) == nil, "\(rule)")
        }
        #expect(pattern("FREQ=WEEKLY", length: 8 * 86_400) == nil)
        // Every day of every month: nothing to rule out, so no pattern to keep.
        #expect(pattern("FREQ=DAILY") == nil)
    }

    /// UTC instants need no slack: the day before and after are ruled out to the second, and an
    /// instance touching the window's start (or an instant on it) is not.
    @Test func exactTimesAreRuledOutToTheSecond() throws {
        let mondays = try #require(pattern("FREQ=WEEKLY;BYDAY=MO;COUNT=50", offsets: 0...0))
        #expect(!mondays.mayHaveInstance(in: window("2024-06-09T20:00:00Z", hours: 2)))
        #expect(!mondays.mayHaveInstance(in: window("2024-06-10T10:00:01Z", hours: 2)))
        #expect(mondays.mayHaveInstance(in: window("2024-06-10T09:59:59Z", hours: 2)))
        let untilItStarts = window("2024-06-10T07:00:00Z", hours: 2)
        #expect(mondays.mayHaveInstance(in: untilItStarts.lowerBound..<(untilItStarts.upperBound + 1)))
        #expect(!mondays.mayHaveInstance(in: window("2024-06-10T07:00:00Z", hours: 2)))
        let instants = try #require(pattern("FREQ=WEEKLY;BYDAY=MO;COUNT=50", length: 0, offsets: 0...0))
        #expect(instants.mayHaveInstance(in: window("2024-06-10T09:00:00Z", hours: 1)))
        #expect(!instants.mayHaveInstance(in: window("2024-06-10T08:00:00Z", hours: 1)))
    }

    /// Times in a zone of known offsets lie that far from their wall times and no further, an
    /// instance's end further by the offsets' spread: Mondays at 09:00 in New York (UTC−5 or
    /// −4) are 13:00 to 14:00 UTC at the earliest and 14:00 to 15:00 at the latest.
    @Test func zonedTimesAreRuledOutByTheirZonesOffsets() throws {
        let mondays = try #require(pattern("FREQ=WEEKLY;BYDAY=MO;COUNT=50", offsets: -18_000 ... -14_400))
        #expect(mondays.mayHaveInstance(in: window("2024-06-10T14:00:00Z", hours: 1)))
        // A Sunday evening in UTC is no New York Monday, nor is a Monday's small hours.
        #expect(!mondays.mayHaveInstance(in: window("2024-06-09T20:00:00Z", hours: 2)))
        #expect(!mondays.mayHaveInstance(in: window("2024-06-10T00:00:00Z", hours: 8)))
        // Up to the latest end, the spread of an hour beyond 15:00 included, it may.
        #expect(mondays.mayHaveInstance(in: window("2024-06-10T15:59:00Z", hours: 1)))
        #expect(!mondays.mayHaveInstance(in: window("2024-06-10T16:00:01Z", hours: 1)))
        // Without known offsets the slack covers any zone.
        let anywhere = try #require(pattern("FREQ=WEEKLY;BYDAY=MO;COUNT=50"))
        #expect(anywhere.mayHaveInstance(in: window("2024-06-10T00:00:00Z", hours: 8)))
    }

    @Test func windowsAwayFromThePatternAreRuledOut() throws {
        let mondays = try #require(pattern("FREQ=WEEKLY;BYDAY=MO;COUNT=50"))
        #expect(mondays.mayHaveInstance(in: window("2024-06-10T08:00:00Z", hours: 2)))
        #expect(!mondays.mayHaveInstance(in: window("2024-06-13T08:00:00Z", hours: 2)))
        // Within the slack of a zone's offset: a Sunday evening may be Monday morning somewhere.
        #expect(mondays.mayHaveInstance(in: window("2024-06-09T20:00:00Z", hours: 2)))
        // Before DTSTART there is nothing, after it DTSTART itself always counts.
        #expect(!mondays.mayHaveInstance(in: window("2024-05-27T08:00:00Z", hours: 2)))
        let offDay = try #require(pattern("FREQ=WEEKLY;BYDAY=FR;COUNT=5", start: "20240605T090000"))
        #expect(offDay.mayHaveInstance(in: window("2024-06-05T08:00:00Z", hours: 2)))
    }

    /// Every window of a sweep gets the same answer with the prefilter as without it.
    @Test(arguments: ["patterns.ics", "counts.ics", "recurrence.ics"])
    func sweepEqualsFullExpansion(name: String) throws {
        for zone in ["UTC", "Pacific/Kiritimati", "Pacific/Pago_Pago"] {
            let display = try #require(DisplayZone(identifier: zone))
            var full = CalendarQuery(
                sources: [try CalendarSource.named(Fixture.path("calendars/" + name))], display: display,
                me: MyAddresses([]))
            full.prefilter = false
            var filtered = full
            filtered.prefilter = true
            var start = Date.utc("2024-01-01T00:00:00Z")
            while start < Date.utc("2024-12-31T00:00:00Z") {
                let window = DateInterval(start: start, duration: 5 * 3_600)
                #expect(
                    try filtered.occurrences(in: window).occurrences == full.occurrences(in: window).occurrences,
                    "\(name) \(zone) \(window)")
                start += 19 * 3_600 + 1_234
            }
        }
    }
}
