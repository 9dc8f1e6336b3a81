import Foundation
import Testing

@testable import InvitesFormats
@testable import InvitesKit
@testable import InvitesModel

/// Rules whose BY parts can never match (``ImpossibleRule``), told from those that match rarely:
/// libical looked for the next instance of the first kind until the year 2582, a second at a
/// time under FREQ=SECONDLY, and a stranger's invitation kept `show`, `status` and `watch`
/// busy for as long as they were let.
@Suite struct ImpossibleRuleTests {
    /// DTSTART: Tuesday 10 April 2018, 17:00:00.
    static let tuesday = RecurrenceRule.Start(year: 2018, month: 4, day: 10, hour: 17)

    static func reason(_ text: String, start: RecurrenceRule.Start = tuesday) throws -> String? {
        let rule = try #require(RecurrenceRule(text), "\(text) is read")
        return ImpossibleRule.reason(rule, start: start)
    }

    /// Each rule that never matches, and why.
    @Test(arguments: [
        // The three: a day no month has, a day of a year no February holds.
        ("FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30", "no day is BYMONTH=2 and BYMONTHDAY=30"),
        ("FREQ=MINUTELY;BYMONTH=2;BYMONTHDAY=31", "no day is BYMONTH=2 and BYMONTHDAY=31"),
        ("FREQ=SECONDLY;UNTIL=20991231T235959Z;BYYEARDAY=366;BYMONTH=2", "no day is BYMONTH=2 and BYYEARDAY=366"),
        // BYMONTHDAY beyond every BYMONTH's length, from either end.
        ("FREQ=HOURLY;BYMONTH=4,6,9,11;BYMONTHDAY=31,-31", "no day is BYMONTH=4,6,9,11 and BYMONTHDAY=31,-31"),
        ("FREQ=DAILY;BYMONTH=2;BYMONTHDAY=-30", "no day is BYMONTH=2 and BYMONTHDAY=-30"),
        // Day 366 is 31 December, day -366 is 1 January, of a leap year only.
        ("FREQ=SECONDLY;BYYEARDAY=-366;BYMONTH=2,3", "no day is BYMONTH=2,3 and BYYEARDAY=-366"),
        ("FREQ=HOURLY;BYYEARDAY=366;BYDAY=MO;BYMONTH=11", "no day is BYMONTH=11 and BYYEARDAY=366 and BYDAY=MO"),
        // Numbers libical takes that no Gregorian year has.
        ("FREQ=YEARLY;BYMONTH=13", "BYMONTH=13 names no month of a year"),
        ("FREQ=YEARLY;BYWEEKNO=54,-55;BYDAY=MO", "BYWEEKNO=54,-55 names no week of a year"),
        ("FREQ=YEARLY;BYYEARDAY=367", "BYYEARDAY=367 names no day of a year"),
        ("FREQ=SECONDLY;BYSECOND=60", "BYSECOND=60 names only a leap second, which no clock here shows"),
        // BYSETPOS beyond the set.
        ("FREQ=MONTHLY;BYDAY=MO;BYSETPOS=6", "BYSETPOS=6 is beyond the 5 days a month of it has at most"),
        ("FREQ=MONTHLY;BYMONTHDAY=1,2;BYSETPOS=3,-3", "BYSETPOS=3,-3 is beyond the 2 days a month of it has at most"),
        ("FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=1;BYSETPOS=2", "BYSETPOS=2 is beyond the 1 day a year of it has at most"),
        ("FREQ=SECONDLY;BYSETPOS=2", "BYSETPOS=2 is beyond the 1 instance of each second"),
        ("FREQ=MINUTELY;BYSECOND=0,30;BYSETPOS=3", "BYSETPOS=3 is beyond the 2 instances of each minute"),
        // BYWEEKNO 53 and the months its days can be in.
        ("FREQ=YEARLY;BYWEEKNO=53;BYMONTH=6;BYDAY=MO", "no day of BYWEEKNO=53 is in BYMONTH=6"),
        // Positions no month or year has.
        ("FREQ=MONTHLY;BYDAY=6MO", "no month it reaches (BYDAY=6MO) has such a day"),
        ("FREQ=YEARLY;BYDAY=54FR", "no year it reaches (BYDAY=54FR) has such a day"),
        ("FREQ=DAILY;BYDAY=1MO,-1FR", "BYDAY=1MO,-1FR gives positions, which only MONTHLY and YEARLY rules have"),
        (
            "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30,31",
            "no year it reaches (BYMONTH=2 and BYMONTHDAY=30,31) has such a day"
        ),
        // Every 12 months from April is always April.
        ("FREQ=MONTHLY;INTERVAL=12;BYMONTH=2", "no month it reaches (every 12 months, BYMONTH=2) has such a day"),
        // INTERVAL that never reaches a day or a time the rule allows.
        ("FREQ=DAILY;INTERVAL=7;BYDAY=MO", "its steps of 7 days from 2018-04-10 never reach a day that is BYDAY=MO"),
        ("FREQ=DAILY;BYHOUR=9,10;BYSETPOS=3", "BYSETPOS=3 is beyond the 2 instances of each day"),
        ("FREQ=HOURLY;INTERVAL=168;BYDAY=WE", "its steps of 7 days from 2018-04-10 never reach a day that is BYDAY=WE"),
        ("FREQ=SECONDLY;INTERVAL=120;BYMINUTE=1", "its steps of 120 seconds from 17:00:00 never fall on BYMINUTE=1"),
        ("FREQ=HOURLY;INTERVAL=2;BYHOUR=2,4", "its steps of 7200 seconds from 17:00:00 never fall on BYHOUR=2,4"),
        // 20,871 weeks are 400 years: the same week of April each time.
        ("FREQ=WEEKLY;INTERVAL=20871;BYMONTH=2;BYDAY=TU", "no week it reaches has a day in BYMONTH=2"),
    ])
    func rulesThatNeverMatch(rule: String, reason: String) throws {
        #expect(try ImpossibleRuleTests.reason(rule) == reason)
    }

    /// Rules that match, however rarely, or that this does not judge: they are expanded.
    @Test(arguments: [
        "FREQ=DAILY", "FREQ=SECONDLY", "FREQ=WEEKLY;BYDAY=MO,WE", "FREQ=MONTHLY;BYDAY=2TU", "FREQ=YEARLY",
        // Leap days only.
        "FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=29", "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", "FREQ=DAILY;BYYEARDAY=366",
        "FREQ=SECONDLY;BYYEARDAY=366;BYMONTH=12", "FREQ=MINUTELY;BYYEARDAY=-366;BYMONTH=1",
        // The fifth Monday of a February: a leap year that starts on a Thursday (or Wednesday).
        "FREQ=MONTHLY;BYDAY=5MO;BYMONTH=2", "FREQ=MONTHLY;BYDAY=-5FR;BYMONTH=2", "FREQ=MONTHLY;BYDAY=MO;BYSETPOS=5",
        "FREQ=YEARLY;BYDAY=53MO", "FREQ=YEARLY;BYWEEKNO=53;BYDAY=MO", "FREQ=YEARLY;BYWEEKNO=-53;BYMONTH=1;BYDAY=SU",
        "FREQ=MONTHLY;BYMONTHDAY=31", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1",
        "FREQ=SECONDLY;BYSETPOS=-1", "FREQ=HOURLY;BYMINUTE=0,30;BYSECOND=0,30;BYSETPOS=4,-4",
        "FREQ=DAILY;INTERVAL=7;BYDAY=TU", "FREQ=SECONDLY;INTERVAL=120;BYMINUTE=2",
        "FREQ=HOURLY;INTERVAL=2;BYHOUR=1", "FREQ=SECONDLY;INTERVAL=7;BYHOUR=3;BYMINUTE=4;BYSECOND=5",
        "FREQ=HOURLY;INTERVAL=168;BYDAY=TU", "FREQ=WEEKLY;INTERVAL=2;BYMONTH=2;BYDAY=TU",
        "FREQ=WEEKLY;INTERVAL=20871;BYMONTH=4;BYDAY=TU",
        "FREQ=DAILY;BYDAY=MO,1TU",
        // Not judged: parts libical refuses together, and SKIP, which moves days rather than drop them.
        "FREQ=YEARLY;BYYEARDAY=366;BYMONTH=2", "FREQ=DAILY;BYWEEKNO=20",
        "RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=31;BYMONTH=2;SKIP=FORWARD",
    ])
    func rulesThatMatch(rule: String) throws {
        #expect(try ImpossibleRuleTests.reason(rule) == nil)
    }

    /// Whether a rule can match may depend on DTSTART: the day a YEARLY rule takes from it, the
    /// years its INTERVAL reaches, the time of day its steps keep.
    @Test func theStartDecides() throws {
        let leapYear = RecurrenceRule.Start(year: 2016, month: 2, day: 29)
        let commonYear = RecurrenceRule.Start(year: 2017, month: 2, day: 28)
        let rule = "FREQ=YEARLY;INTERVAL=4;BYMONTH=2;BYMONTHDAY=29"
        #expect(try ImpossibleRuleTests.reason(rule, start: leapYear) == nil)
        #expect(
            try ImpossibleRuleTests.reason(rule, start: commonYear)
                == "no year it reaches (every 4 years, BYMONTH=2 and BYMONTHDAY=29) has such a day")
        // DTSTART's day in each February, the 28th: it exists; the 30th does not.
        #expect(try ImpossibleRuleTests.reason("FREQ=MONTHLY;BYMONTH=2", start: commonYear) == nil)
        #expect(try ImpossibleRuleTests.reason("FREQ=YEARLY;BYMONTH=2", start: commonYear) == nil)
        let thirtieth = RecurrenceRule.Start(year: 2018, month: 1, day: 30)
        #expect(
            try ImpossibleRuleTests.reason("FREQ=MONTHLY;BYMONTH=2", start: thirtieth)
                == "no month it reaches (BYMONTH=2) has such a day")
        #expect(
            try ImpossibleRuleTests.reason("FREQ=YEARLY;BYMONTH=2", start: thirtieth)
                == "no year it reaches (BYMONTH=2) has such a day")
        let oddMinute = RecurrenceRule.Start(year: 2018, month: 4, day: 10, hour: 17, minute: 1)
        #expect(try ImpossibleRuleTests.reason("FREQ=SECONDLY;INTERVAL=120;BYMINUTE=1", start: oddMinute) == nil)
    }

    /// What libical writes back, and what it would not have written.
    @Test func rulesAreReadAsLibicalWritesThem() throws {
        let rule = try #require(RecurrenceRule("FREQ=MONTHLY;INTERVAL=2;COUNT=3;BYDAY=2MO,TU,-1FR;BYSETPOS=-1;WKST=SU"))
        #expect(rule.frequency == .monthly)
        #expect(rule.interval == 2)
        #expect(rule.count == 3)
        #expect(rule.byDay.map(\.ordinal) == [2, 0, -1])
        #expect(rule.byDay.map(\.weekday) == [0, 1, 4])
        #expect(rule.bySetPosition == [-1])
        #expect(rule.weekStart == 6)
        for text in [
            "FREQ=FORTNIGHTLY", "BYDAY=MO", "FREQ=DAILY;BYMONTHDAY=0", "FREQ=DAILY;BYHOUR=24", "FREQ=DAILY;X-NAME=1",
            "FREQ=DAILY;BYDAY=XX", "FREQ=DAILY;INTERVAL=0", "FREQ=YEARLY;BYMONTH=5L",
        ] {
            #expect(RecurrenceRule(text) == nil, "\(text)")
        }
    }

    /// A filter finds its next day a year at a time: the next leap day from 2018 is in 2020,
    /// none is before 2100's end after 2096, and a filter no day passes answers at once.
    @Test func dayFiltersJumpToTheirNextDay() throws {
        let leapDay = DayFilter(try #require(RecurrenceRule("FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=29")))
        let from2018 = LocalDate.daysSinceEpoch(year: 2018, month: 4, day: 10)
        let found = try #require(leapDay.firstPassingDay(from: from2018, through: from2018 + 100_000))
        #expect(LocalDate(daysSinceEpoch: found) == LocalDate(year: 2020, month: 2, day: 29))
        let after2096 = LocalDate.daysSinceEpoch(year: 2096, month: 3, day: 1)
        let next = try #require(leapDay.firstPassingDay(from: after2096, through: after2096 + 10_000))
        #expect(LocalDate(daysSinceEpoch: next) == LocalDate(year: 2104, month: 2, day: 29))
        #expect(leapDay.firstPassingDay(from: after2096, through: after2096 + 365 * 7) == nil)
        let never = DayFilter(try #require(RecurrenceRule("FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30")))
        #expect(never.passesNoDay)
        #expect(never.firstPassingDay(from: Int.min / 2, through: Int.max / 2) == nil)
    }
}
