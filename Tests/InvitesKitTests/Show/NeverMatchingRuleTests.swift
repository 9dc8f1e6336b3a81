import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesFormats
@testable import InvitesKit
@testable import InvitesModel

/// An invitation whose rule can never match is kept like any other, and said for what it is:
/// its first start, and a rule that never matches. Nothing expands it, so `status`, `list` and
/// `show` answer at once where they used to spin (the issue's three rules, from the fixtures).
@Suite struct NeverMatchingRuleTests {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18T09:46:40Z
    static let never = ["never-secondly-feb-30", "never-minutely-feb-31", "never-secondly-yearday-366-feb"]

    static func store(_ names: [String]) throws -> InboxStore {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("invites-never-\(UUID().uuidString)")
            .path
        let store = try InboxStore(home: home)
        for name in names {
            let data = try Fixture.data("rules/\(name).ics")
            _ = try InvitationFiler(store: store).file(
                try ITIPParser(display: .utc).parse(data, file: name, source: .itip, fallbackMethod: nil), now: now)
        }
        return store
    }

    /// Each is filed, over once its first start has ended, and not pending; a leap-day rule
    /// beside them is pending, with its next occurrence on the next leap day.
    @Test func neverMatchingInvitationsAreKeptAndOver() throws {
        let store = try NeverMatchingRuleTests.store(NeverMatchingRuleTests.never + ["rare-secondly-leap-day"])
        let controller = ListController(store: store, display: .utc, now: NeverMatchingRuleTests.now)
        #expect(try controller.pendingCount() == 1)
        let rows = try controller.list(statuses: nil)
        #expect(rows.count == 4)
        for row in rows where row.stored.invite.uid.hasPrefix("never-") {
            #expect(row.isOver)
            #expect(!row.isPending)
            #expect(row.next == nil)
            #expect(!row.outline.recurs)
            #expect(row.outline.summary(zone: .gmt) == "its rule never matches")
        }
        let leap = try #require(rows.first { $0.stored.invite.uid == "rare-secondly-leap-day@example.org" })
        #expect(leap.isPending)
        #expect(leap.next.map { RFC3339.utc($0.start) } == "2028-02-29T00:00:00Z")
        #expect(leap.outline.summary(zone: .gmt) == "every second on the 29th in Feb")
    }

    /// `show`'s repeats line says why; the outline keeps the rule as written beside it.
    @Test func showSaysWhyTheRuleNeverMatches() throws {
        let store = try NeverMatchingRuleTests.store(["never-secondly-yearday-366-feb"])
        let stored = try #require(try store.list(statuses: nil).first)
        let properties = try #require(stored.invite.properties)
        #expect(properties.outline.rules == ["FREQ=SECONDLY;UNTIL=20991231T235959Z;BYYEARDAY=366;BYMONTH=2"])
        #expect(
            properties.outline.neverMatching == [
                "FREQ=SECONDLY;UNTIL=20991231T235959Z;BYYEARDAY=366;BYMONTH=2": "no day is BYMONTH=2 and BYYEARDAY=366"
            ])
        let repetition = Repetition(properties, start: stored.invite.start, time: HumanTime(zone: .utc))
        #expect(repetition?.summary == "a rule that never matches: no day is BYMONTH=2 and BYYEARDAY=366")
    }

    /// A rule beside one that never matches keeps the series going; an all-day series' rule
    /// is judged as it is expanded, by whole days.
    @Test func outlinesTellRulesApart() throws {
        let both = SeriesOutline(
            rules: ["FREQ=WEEKLY", "FREQ=MINUTELY;BYMONTH=2;BYMONTHDAY=31"], extraDates: 0,
            neverMatching: ["FREQ=MINUTELY;BYMONTH=2;BYMONTHDAY=31": "no day is BYMONTH=2 and BYMONTHDAY=31"])
        #expect(both.recurs)
        #expect(both.isEndless)
        #expect(both.summary(zone: .gmt) == "weekly and a rule that never matches")
        let withDates = SeriesOutline(
            rules: ["FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30"], extraDates: 2,
            neverMatching: ["FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30": "no day is BYMONTH=2 and BYMONTHDAY=30"])
        #expect(withDates.recurs)
        #expect(!withDates.isEndless)
        #expect(withDates.summary(zone: .gmt) == "a rule that never matches, and 2 more dates")
        let allDay = Data(
            ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:t\r\nBEGIN:VEVENT\r\nUID:d@example.org\r\n"
                + "DTSTART;VALUE=DATE:20180410\r\nRRULE:FREQ=HOURLY;INTERVAL=168;BYDAY=WE\r\n"
                + "RRULE:FREQ=HOURLY;INTERVAL=24;BYDAY=WE\r\n"
                + "END:VEVENT\r\nEND:VCALENDAR\r\n").utf8)
        let outline = try #require(EventProperties.read(allDay, uid: "d@example.org")).outline
        #expect(
            outline.neverMatching.values.sorted() == [
                "its steps of 7 days from 2018-04-10 never reach a day that is BYDAY=WE"
            ])
    }

    /// The fuzz finding (the issue's three rules in one message): the next occurrences `show`
    /// asks for, and what `list`, `status` and `watch` ask of the message up to the year 3000,
    /// answer with the first start alone, without running out of steps.
    @Test func theFuzzFindingAnswers() throws {
        let data = try Fixture.data("fuzz/expand-never-matching-rules.ics")
        let invites = try InviteReader(display: .utc).read(data, file: "never.ics")
        #expect(invites.count == 3)
        let query = CalendarQuery(sources: [], display: .utc, me: MyAddresses([]))
        let finder = ConflictFinder(query: query)
        for invite in invites {
            let next = finder.occurrences(of: invite, horizon: 8, now: NeverMatchingRuleTests.now)
            #expect(next.map { RFC3339.utc($0.start) } == ["2025-04-10T17:00:00Z"], "\(invite.uid)")
        }
        let asked = query.occurrences(
            inMessage: data, of: Set(invites.map(\.uid)),
            in: DateInterval(start: NeverMatchingRuleTests.now, end: .utc("3000-12-31T23:59:59Z")), instanceLimit: 16)
        #expect(asked.occurrences.isEmpty)
        #expect(!asked.ranOut)
    }

    /// An outline kept before rules were judged reads as one whose rules all match.
    @Test func anOutlineKeptEarlierStillReads() throws {
        let old = Data(#"{"rules":["FREQ=WEEKLY"],"extraDates":1}"#.utf8)
        let outline = try JSONDecoder().decode(SeriesOutline.self, from: old)
        #expect(outline == SeriesOutline(rules: ["FREQ=WEEKLY"], extraDates: 1))
        let kept = try JSONEncoder().encode(SeriesOutline(rules: ["R"], extraDates: 0, neverMatching: ["R": "why"]))
        #expect(try JSONDecoder().decode(SeriesOutline.self, from: kept).neverMatching == ["R": "why"])
    }
}
