import Foundation
import InvitesFormats
import InvitesKit
import Testing

@Suite struct RuleSummaryTests {
    let berlin = TimeZone(identifier: "Europe/Berlin") ?? .gmt

    @Test(arguments: [
        ("FREQ=WEEKLY", "weekly"),
        ("FREQ=WEEKLY;BYDAY=TU", "weekly on Tue"),
        ("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;WKST=MO", "every 2 weeks on Mon, Wed"),
        ("FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR;COUNT=20", "daily on weekdays, 20 times"),
        ("FREQ=DAILY;COUNT=1", "daily, once"),
        ("FREQ=MONTHLY;BYDAY=-1FR;COUNT=6", "monthly on the last Fri, 6 times"),
        ("FREQ=MONTHLY;BYDAY=2TH", "monthly on the 2nd Thu"),
        ("FREQ=MONTHLY;BYDAY=-2MO", "monthly on the 2nd last Mon"),
        ("FREQ=MONTHLY;BYMONTHDAY=1,15", "monthly on the 1st, the 15th"),
        ("FREQ=MONTHLY;BYMONTHDAY=-1", "monthly on the last day"),
        ("FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "yearly on the last Sun in Mar"),
        ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "monthly on weekdays (BYSETPOS=-1)"),
        ("FREQ=HOURLY;INTERVAL=3", "every 3 hours"),
        ("FREQ=DAILY;UNTIL=20240701", "daily until 1 Jul 2024"),
        ("FREQ=DAILY;UNTIL=20240630T230000Z", "daily until 1 Jul 2024"),
        ("FREQ=FORTNIGHTLY", "repeating (FREQ=FORTNIGHTLY)"),
    ])
    func aRuleInAFewWords(rule: String, expected: String) {
        #expect(RuleSummary.text(rule, zone: berlin) == expected)
    }

    /// Beside an all-day start a rule is said as it is expanded there (by whole days): a rule
    /// read as daily never says `every second`.
    @Test(arguments: [
        ("FREQ=SECONDLY", "daily"),
        ("FREQ=MINUTELY;INTERVAL=30;BYHOUR=9", "daily"),
        ("FREQ=HOURLY;INTERVAL=48", "every 2 days"),
        ("FREQ=HOURLY;COUNT=30", "daily, 2 times"),
        ("FREQ=MINUTELY;INTERVAL=32767;COUNT=3", "every 22 days, 3 times"),
        ("FREQ=WEEKLY;BYDAY=TU;BYHOUR=9", "weekly on Tue"),
    ])
    func anAllDayRuleInTheWordsOfItsDays(rule: String, expected: String) {
        #expect(RuleSummary.text(rule, zone: berlin, allDay: true) == expected)
        #expect(!RuleSummary.text(rule, zone: berlin, allDay: true).contains("second"))
    }
}
