import CLibical
import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesFormats
@testable import InvitesKit
@testable import InvitesModel

/// Numbers a stranger controls never trap: each of these inputs used to stop the test process
/// with "Not enough bits to represent the passed value" or "arithmetic overflow", so a test that
/// finishes at all is half the proof; the expectations are the other half.
@Suite struct OverflowTests {
    func query(_ fixture: String, from start: String, to end: String) throws -> CalendarQuery.Result {
        let query = CalendarQuery(
            sources: [try CalendarSource.named(Fixture.path(fixture))], display: .utc, me: MyAddresses([]))
        return try query.occurrences(in: DateInterval(start: .utc(start), end: .utc(end)))
    }

    func span(_ result: CalendarQuery.Result, _ uid: String) -> [String] {
        result.occurrences.filter { $0.uid == uid }.map { RFC3339.utc($0.start) + "/" + RFC3339.utc($0.end) }
    }

    func duration(weeks: UInt32 = 0, days: UInt32 = 0, hours: UInt32 = 0, negative: Bool = false) -> icaldurationtype {
        var raw = icaldurationtype()
        raw.is_neg = negative ? 1 : 0
        raw.weeks = weeks
        raw.days = days
        raw.hours = hours
        return raw
    }

    // MARK: Durations

    @Test func durationsBeyondACenturyAreRefused() {
        #expect(ICalDuration(duration(weeks: 306_783_379)) == nil)
        #expect(ICalDuration(duration(weeks: UInt32.max, days: UInt32.max)) == nil)
        #expect(ICalDuration(duration(hours: 1_193_047)) == nil)
        #expect(ICalDuration(duration(weeks: 306_783_379, negative: true)) == nil)
        // The bound itself is a century of 366-day years, hours counted towards it.
        #expect(ICalDuration(duration(days: 36_600)) == ICalDuration(days: 36_600, seconds: 0))
        #expect(ICalDuration(duration(days: 36_601)) == nil)
        #expect(ICalDuration(duration(days: 36_599, hours: 24)) == ICalDuration(days: 36_599, seconds: 86_400))
        #expect(ICalDuration(duration(days: 36_599, hours: 48)) == nil)
        #expect(ICalDuration(duration(weeks: 2, hours: 3, negative: true)) == ICalDuration(days: -14, seconds: -10_800))
    }

    @Test func adjustmentSaturatesInsteadOfTrapping() {
        #expect(ICalDuration.adjustment(36_600) == 36_600)
        #expect(ICalDuration.adjustment(Int.max) == Int32.max)
        #expect(ICalDuration.adjustment(Int.min) == Int32.min)
    }

    /// DURATION:P999999999999999999W (python icalendar's invalid_duration.ics), P306783379W on a
    /// DATE-TIME and on a DATE, and RDATE periods of P306783379W and PT1193047H, all in the
    /// calendar beside an ordinary event: each is read with its length dropped and a warning.
    @Test("Events with absurd lengths keep their default length")
    func eventsWithAbsurdLengthsKeepTheirDefaultLength() throws {
        let result = try query("overflow/bad-lengths.ics", from: "2018-04-10T14:00:00Z", to: "2018-04-10T22:00:00Z")
        #expect(span(result, "huge-weeks@example.org") == ["2018-04-10T15:00:00Z/2018-04-10T15:00:00Z"])
        #expect(span(result, "weeks-datetime@example.org") == ["2018-04-10T17:00:00Z/2018-04-10T17:00:00Z"])
        let date = result.occurrences.first { $0.uid == "weeks-date@example.org" }
        #expect(date?.dates?.first.description == "2018-04-10")
        #expect(date?.dates?.endExclusive.description == "2018-04-11")
        #expect(span(result, "period-weeks@example.org") == ["2018-04-10T17:00:00Z/2018-04-10T18:00:00Z"])
        #expect(span(result, "period-hours@example.org") == ["2018-04-10T18:00:00Z/2018-04-10T19:00:00Z"])
        #expect(span(result, "dentist@example.org") == ["2018-04-10T17:00:00Z/2018-04-10T18:00:00Z"])
        #expect(result.warnings.map(\.line) == [4, 11, 18, 25, 33])
        #expect(result.warnings.filter { $0.message == "DURATION is longer than 100 years, ignored" }.count == 3)
        #expect(
            result.warnings.filter { $0.message == "RDATE period is longer than 100 years, its length ignored" }.count
                == 2)
    }

    /// The same lengths in a zone, as a negative duration and on a THISANDFUTURE override, whose
    /// length moves every later instance; a duration just inside the bound is kept.
    @Test("Absurd lengths in zones, on overrides and negative ones are bounded too")
    func absurdLengthsInZonesOverridesAndNegatives() throws {
        let result = try query("overflow/in-a-zone.ics", from: "2018-04-10T14:00:00Z", to: "2018-04-10T22:00:00Z")
        #expect(span(result, "zoned-weeks@example.org") == ["2018-04-10T17:00:00Z/2018-04-10T17:00:00Z"])
        #expect(span(result, "zoned-period@example.org") == ["2018-04-10T18:00:00Z/2018-04-10T19:00:00Z"])
        #expect(span(result, "century@example.org") == ["2018-04-10T17:00:00Z/2118-06-24T17:00:00Z"])
        #expect(span(result, "negative@example.org") == ["2018-04-10T18:00:00Z/2018-04-10T18:00:00Z"])
        #expect(span(result, "thisandfuture@example.org") == ["2018-04-10T15:00:00Z/2018-04-10T15:00:00Z"])
        #expect(result.warnings.map(\.line) == [4, 11, 26, 41])
    }

    // MARK: Zones

    @Test(arguments: [
        ("FREQ=YEARLY;BYMONTH=3;BYDAY=2SU", true),
        ("FREQ=YEARLY;UNTIL=19191005T230000Z;BYDAY=MO;BYMONTHDAY=2,3,4,5,6,7,8;BYMONTH=10", true),
        ("FREQ=YEARLY;BYDAY=-1SU;BYHOUR=3;BYMINUTE=0;BYMONTH=10", true),
        ("FREQ=SECONDLY", false),
        ("FREQ=DAILY;COUNT=2", false),
        ("FREQ=YEARLY;BYMONTH=1,2,3,4,5,6,7,8,9,10,11,12;BYMONTHDAY=1,2,3,4,5,6", false),
        ("BYMONTH=3", false),
    ])
    func zoneRulesAreBounded(rule: String, allowed: Bool) {
        #expect(VTimezoneLimits.isBounded(rule: rule) == allowed)
    }

    /// A VTIMEZONE whose rule changes every second from year 1 (libical expanded it for hours)
    /// or whose offsets are 99 hours is not used: its times are floating, with a warning; an
    /// ordinary VTIMEZONE beside them is.
    @Test func zonesBeyondTheLimitsAreNotUsed() throws {
        let result = try query("overflow/odd-zones.ics", from: "2018-04-10T14:00:00Z", to: "2018-04-10T22:00:00Z")
        #expect(span(result, "every-second@example.org") == ["2018-04-10T17:00:00Z/2018-04-10T18:00:00Z"])
        #expect(span(result, "ninety-nine@example.org") == ["2018-04-10T18:00:00Z/2018-04-10T19:00:00Z"])
        #expect(span(result, "berlin@example.org") == ["2018-04-10T17:00:00Z/2018-04-10T18:00:00Z"])
        #expect(
            Set(result.warnings.map(\.message)) == [
                "unknown time zone \"Every second\", taken as floating",
                "unknown time zone \"Ninety-nine hours\", taken as floating",
            ])
    }

    // MARK: Expansion bounds

    func event(_ lines: [String]) -> (EventSeries, ZoneResolver) {
        let resolver = ZoneResolver(display: .utc)
        let text =
            (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:t", "BEGIN:VEVENT"] + lines + [
                "END:VEVENT", "END:VCALENDAR", "",
            ])
            .joined(separator: "\r\n")
        var series = EventSeries()
        let parsed = Data(text.utf8).withUnsafeBytes {
            ICalEvent.parse($0, resolver: resolver, line: 1, warn: { _ in })
        }
        if let parsed { series.add(parsed) }
        return (series, resolver)
    }

    final class Warnings: @unchecked Sendable {
        var messages: [String] = []
    }

    func expand(_ series: EventSeries, _ resolver: ZoneResolver, steps: Int, from start: String, to end: String)
        -> (occurrences: [Occurrence], warnings: [String], cut: Bool)
    {
        let warnings = Warnings()
        let budget = ExpansionBudget(steps: steps)
        let context = EventSeries.Context(
            display: resolver.display, me: [], source: "t.ics", budget: budget,
            warn: { _, message in warnings.messages.append(message) })
        let window = Int(Date.utc(start).timeIntervalSince1970)..<Int(Date.utc(end).timeIntervalSince1970)
        let found = series.occurrences(in: window, context: context)
        return (found, warnings.messages, budget.reachedLimit)
    }

    /// RDATEs before the window are steps like RRULE instants before it: a list longer than the
    /// budget is cut, with a warning, and the answer is marked as cut (so it is not cached).
    @Test func rdatesOutsideTheWindowSpendTheBudget() {
        let rdates = (1...28).map { String(format: "RDATE:201802%02dT090000Z", $0) }
        let (series, resolver) = event(
            ["UID:many-rdates", "DTSTART:20180101T090000Z", "DTEND:20180101T100000Z"] + rdates + [
                "RDATE:20180410T170000Z"
            ])
        let ample = expand(series, resolver, steps: 1_000, from: "2018-04-10T00:00:00Z", to: "2018-04-11T00:00:00Z")
        #expect(ample.occurrences.map { RFC3339.utc($0.start) } == ["2018-04-10T17:00:00Z"])
        #expect(ample.warnings.isEmpty)
        #expect(!ample.cut)
        let tight = expand(series, resolver, steps: 10, from: "2018-04-10T00:00:00Z", to: "2018-04-11T00:00:00Z")
        #expect(tight.warnings == ["stopped expanding \"many-rdates\": too many RDATEs outside the window"])
        #expect(tight.cut)
    }

    /// Twenty thousand EXDATEs beside a minutely rule: every instance is looked up in a set, and
    /// the instances left are exactly those no EXDATE names, by instant or, for a DATE, by day.
    @Test func manyExdatesAreLookedUpNotScanned() {
        var lines = ["UID:minutely", "DTSTART:20180401T000000Z", "RRULE:FREQ=MINUTELY"]
        // Every minute of 1 to 14 April except 10 April from 17:00 to 17:59; 11 April by date.
        for day in 1...14 where day != 11 {
            for minute in 0..<1_440 where !(day == 10 && minute / 60 == 17) {
                lines.append(String(format: "EXDATE:201804%02dT%02d%02d00Z", day, minute / 60, minute % 60))
            }
        }
        lines.append("EXDATE;VALUE=DATE:20180411")
        let (series, resolver) = event(lines)
        let found = expand(series, resolver, steps: 300_000, from: "2018-04-10T00:00:00Z", to: "2018-04-12T00:00:00Z")
        #expect(found.occurrences.count == 60)
        #expect(found.occurrences.first.map { RFC3339.utc($0.start) } == "2018-04-10T17:00:00Z")
        #expect(found.occurrences.last.map { RFC3339.utc($0.start) } == "2018-04-10T17:59:00Z")
        #expect(found.warnings.isEmpty)
    }

    /// Ninety-nine THISANDFUTURE overrides, one a day, each moving the rest of the series by as
    /// many minutes as its day's number: an instance is moved by the last one before it, found
    /// by bisection rather than by asking every override for its instant.
    @Test("The last THISANDFUTURE override moves an instance")
    func theLastThisAndFutureOverrideMovesAnInstance() throws {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:t\r\n"
        text +=
            "BEGIN:VEVENT\r\nUID:daily\r\nSUMMARY:Daily\r\nDTSTART:20180101T090000Z\r\nDURATION:PT1H\r\nRRULE:FREQ=DAILY;COUNT=1000\r\nEND:VEVENT\r\n"
        for day in 1...99 {
            let rid = Date.utc("2018-01-01T09:00:00Z").addingTimeInterval(Double(day - 1) * 86_400)
            let moved = rid.addingTimeInterval(Double(day) * 60)
            func stamp(_ date: Date) -> String {
                RFC3339.utc(date).replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "")
            }
            text +=
                "BEGIN:VEVENT\r\nUID:daily\r\nSUMMARY:Moved \(day)\r\nRECURRENCE-ID;RANGE=THISANDFUTURE:\(stamp(rid))\r\n"
            text += "DTSTART:\(stamp(moved))\r\nDURATION:PT30M\r\nEND:VEVENT\r\n"
        }
        text += "END:VCALENDAR\r\n"
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("overflow-\(UUID().uuidString).ics")
            .path
        FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let query = CalendarQuery(sources: [try CalendarSource.named(path)], display: .utc, me: MyAddresses([]))
        let result = try query.occurrences(
            in: DateInterval(start: .utc("2018-04-10T00:00:00Z"), end: .utc("2018-04-11T00:00:00Z")))
        #expect(
            result.occurrences.map { "\($0.title) \(RFC3339.utc($0.start))/\(RFC3339.utc($0.end))" } == [
                "Moved 99 2018-04-10T10:39:00Z/2018-04-10T11:09:00Z"
            ])
        #expect(result.warnings.isEmpty)
    }

    @Test func instanceKeySetMatchesAsInstanceKeyDoes() {
        let display = ZoneResolver(display: .utc).display
        func key(_ text: String) -> InstanceKey {
            let time = icaltime_from_string(text)
            return InstanceKey(
                ICalTimeValue(time: time, zone: time.is_date != 0 ? nil : .utc), display: display)
        }
        let keys = ["20180410T170000Z", "20180412", "20180413T000000Z"].map(key)
        let set = InstanceKeySet(keys)
        for probe in [
            "20180410T170000Z", "20180410T170001Z", "20180410", "20180412", "20180412T090000Z", "20180413", "20180414",
        ] {
            let wanted = keys.contains { $0.matches(key(probe)) }
            #expect(set.contains(key(probe)) == wanted, "\(probe)")
        }
    }

    // MARK: Push payloads and the timeline

    @Test func payloadsBeyondTheYear3000AreRefused() throws {
        let parser = PushPayloadParser()
        let forever = Data(
            #"{"title":"Forever","start":"0001-01-01T00:00:00Z","end":"9999-12-31T23:59:59Z","id":1}"#.utf8)
        #expect(
            throws: IngestError.invalidField(
                file: "f.json", place: "payload", field: "end",
                reason:
                    "is outside the years 1 to 3000, the times an iCalendar file here can hold: \"9999-12-31T23:59:59Z\""
            )
        ) { try parser.parse(forever, file: "f.json") }
        let zero = Data(#"{"title":"Zero","start":"0000-06-01T00:00:00Z","end":"2018-01-01T00:00:00Z","id":1}"#.utf8)
        #expect(throws: IngestError.self) { try parser.parse(zero, file: "f.json") }
        let late = Data(
            #"{"title":"Late","start":"3000-12-31T23:00:00-05:00","end":"3000-12-31T23:30:00-05:00","id":1}"#.utf8)
        #expect(throws: IngestError.self) { try parser.parse(late, file: "f.json") }
        let long = Data(#"{"title":"Long","start":"0001-01-01T00:00:00Z","end":"3000-12-31T23:59:59Z","id":1}"#.utf8)
        let invites = try parser.parse(long, file: "f.json")
        #expect(invites.map { RFC3339.utc($0.end) } == ["3000-12-31T23:59:59Z"])
    }

    /// An invite from year 1 to 3000: the ruler walks at most ``TimelineRenderer/longestStretch``
    /// (it walked every hour of the window, 26 million of them), the invite runs past the edge,
    /// and an event of 2018 sits past the edge too.
    @Test func aTimelineOfMillenniaIsDrawnBounded() {
        // Foundation's calendar is Julian before 1582; RFC3339 reads the proleptic Gregorian dates
        // a payload means.
        let invite = DateInterval(
            start: RFC3339.parse("0001-01-01T00:00:00Z") ?? .distantPast,
            end: RFC3339.parse("3000-12-31T23:59:59Z") ?? .distantFuture)
        let window = DateInterval(
            start: invite.start.addingTimeInterval(-7_200), end: invite.end.addingTimeInterval(7_200))
        let dentist = Occurrence(
            uid: "dentist", title: "Dentist", start: .utc("2018-04-10T17:00:00Z"), end: .utc("2018-04-10T18:00:00Z"),
            source: "t.ics")
        let report = ConflictRules.report(inviteUID: "invite", invite: invite, window: window, occurrences: [dentist])
        let lines = TimelineRenderer(time: HumanTime(zone: .utc), width: 80).render(title: "Millennia", report: report)
        #expect(lines.first == "drawn: Sun 31 Dec 0 22:00 - Tue 16 Jan 22:00 UTC of a longer window")
        let inviteRow = lines.first { $0.hasPrefix("invite") } ?? ""
        #expect(inviteRow.contains("[====="))
        #expect(inviteRow.contains("=> 00:00-23:59"))
        let dentistRow = lines.first { $0.hasPrefix("Dentist") } ?? ""
        #expect(dentistRow.contains("> 17:00-18:00 1h"))
        for line in lines { #expect(line.count <= 80, "\(line)") }
    }

    @Test("Windows up to the longest stretch are drawn whole")
    func windowsUpToTheLongestStretchAreDrawnWhole() {
        let invite = DateInterval(start: .utc("2018-04-10T16:00:00Z"), end: .utc("2018-04-12T16:00:00Z"))
        let week = ConflictFinder.longestMargin
        let widest = DateInterval(
            start: invite.start.addingTimeInterval(-week), end: invite.end.addingTimeInterval(week))
        #expect(TimelineRenderer.drawnStretch(of: widest, invite: invite) == widest)
        let longer = DateInterval(start: widest.start.addingTimeInterval(-3_600), end: widest.end)
        let drawn = TimelineRenderer.drawnStretch(of: longer, invite: invite)
        #expect(drawn.duration == TimelineRenderer.longestStretch)
        #expect(drawn.start >= longer.start && drawn.end <= longer.end)
        #expect(drawn.contains(invite.start))
    }

    /// A window far beyond any calendar is answered, not converted into a trap.
    @Test func aQueryOverAnyWindowAnswers() throws {
        let query = CalendarQuery(
            sources: [try CalendarSource.named(Fixture.path("overflow/bad-lengths.ics"))], display: .utc,
            me: MyAddresses([]))
        let far = try query.occurrences(
            in: DateInterval(start: Date(timeIntervalSince1970: -1e300), end: Date(timeIntervalSince1970: 1e300)))
        #expect(
            far.occurrences.map(\.uid).sorted() == [
                "dentist@example.org", "huge-weeks@example.org", "period-hours@example.org", "period-hours@example.org",
                "period-weeks@example.org", "period-weeks@example.org", "weeks-date@example.org",
                "weeks-datetime@example.org",
            ])
        // Rules with COUNT are jumped towards the window's start (``CountJump``), endless ones
        // started there: from 140 million years back, the count of days no longer fits an Int32.
        // (-1e16 s is clamped too; -1e300 would swallow the end's seconds in DateInterval.)
        let counts = CalendarQuery(
            sources: [try CalendarSource.named(Fixture.path("calendars/counts.ics"))], display: .utc,
            me: MyAddresses([]))
        let sane = try counts.occurrences(
            in: DateInterval(start: .utc("1900-01-01T00:00:00Z"), end: .utc("2024-06-01T00:00:00Z")))
        let ancient = try counts.occurrences(
            in: DateInterval(start: Date(timeIntervalSince1970: -1e16), end: .utc("2024-06-01T00:00:00Z")))
        #expect(!sane.occurrences.isEmpty)
        #expect(ancient.occurrences == sane.occurrences)
        #expect(ancient.warnings == sane.warnings)
    }

    /// A damaged index word of Int64.min used to trap in `abs` before the check could refuse it.
    @Test func aDamagedPatternStartIsRefused() {
        for start in [Int64.min, -(1 << 40), 1 << 40, Int64.max] {
            var writer = IndexWriter()
            writer.put(UInt64(0x7F))
            writer.put(UInt64(bitPattern: start))
            writer.put(UInt64(3_600))
            var reader = IndexReader(data: writer.data)
            #expect(reader.pattern() == nil, "\(start)")
        }
        var writer = IndexWriter()
        writer.put(UInt64(0x7F))
        writer.put(UInt64(bitPattern: -86_400))
        writer.put(UInt64(3_600))
        var reader = IndexReader(data: writer.data)
        #expect(reader.pattern()?.start == -86_400)
    }

    @Test func theFinderClampsItsMargins() throws {
        let finder = ConflictFinder(
            query: CalendarQuery(sources: [], display: .utc, me: MyAddresses([])), before: 1e300, after: .infinity)
        let invite = Invite(
            uid: "u", senderID: nil, title: "T", start: .utc("2018-04-10T16:00:00Z"), end: .utc("2018-04-10T20:00:00Z"),
            dates: nil, timeZone: nil, location: nil, description: nil, organizer: nil, method: .request, source: .push,
            raw: Data())
        let (report, _) = try finder.report(for: invite)
        #expect(report.window.start == Date.utc("2018-04-03T16:00:00Z"))
        #expect(report.window.end == Date.utc("2018-04-17T20:00:00Z"))
    }
}

/// Zone offsets far from today are asked for at a moment within 1800–2200 that has the same one.
@Suite struct OffsetMomentTests {
    @Test func momentsFarFromTodayStandForTheirOffsets() {
        #expect(ICalTimeValue.offsetMoment(1_717_243_200) == 1_717_243_200)
        #expect(ICalTimeValue.offsetMoment(-62_135_596_800) == -5_364_662_400, "the year 1 is asked as 1800")
        let summer9999 = 253_386_115_200  // 9999-07-01T00:00:00Z
        let mapped = ICalTimeValue.offsetMoment(summer9999)
        #expect(mapped <= 7_258_118_400 && mapped > 7_258_118_400 - 12_622_780_800)
        #expect((summer9999 - mapped) % 12_622_780_800 == 0, "whole 400-year cycles earlier")
        guard let berlin = ZoneResolver(display: .utc).zone(for: "Europe/Berlin") else {
            Issue.record("no Europe/Berlin")
            return
        }
        #expect(berlin.offset(at: summer9999) == 7_200, "summer time in July 9999")
        #expect(berlin.offset(at: summer9999 - 182 * 86_400) == 3_600, "winter in January 9999")
    }
}
