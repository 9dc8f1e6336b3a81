import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesFormats
@testable import InvitesKit
@testable import InvitesModel

/// Reading calendars through libical: recurrences, zones, layouts and broken input.
@Suite struct CalendarQueryTests {
    func occurrences(
        _ fixture: String, from start: String, to end: String, zone: DisplayZone = .utc
    ) throws -> CalendarQuery.Result {
        let query = CalendarQuery(
            sources: [try CalendarSource.named(Fixture.path(fixture))], display: zone, me: MyAddresses([]))
        return try query.occurrences(in: DateInterval(start: .utc(start), end: .utc(end)))
    }

    func starts(_ result: CalendarQuery.Result, uid: String) -> [String] {
        result.occurrences.filter { $0.uid == uid }.map { RFC3339.utc($0.start) }
    }

    @Test("A weekly series with an EXDATE, an override and a cancelled instance")
    func weeklyWithExdateOverrideAndCancelledInstance() throws {
        let result = try occurrences(
            "calendars/recurrence.ics", from: "2024-03-01T00:00:00Z", to: "2024-04-09T00:00:00Z")
        // 4 and 11 March at 09:00 CET; 18 March excluded; 25 March moved to 26 March 14:00 CET
        // (DST starts 31 March, so April instances are at 07:00Z); 1 April cancelled but listed.
        #expect(
            starts(result, uid: "weekly") == [
                "2024-03-04T08:00:00Z", "2024-03-11T08:00:00Z", "2024-03-26T13:00:00Z", "2024-04-01T07:00:00Z",
                "2024-04-08T07:00:00Z",
            ])
        let cancelled = result.occurrences.first {
            $0.uid == "weekly" && RFC3339.utc($0.start) == "2024-04-01T07:00:00Z"
        }
        #expect(cancelled?.free == .cancelled)
        let moved = result.occurrences.first { $0.uid == "weekly" && RFC3339.utc($0.start) == "2024-03-26T13:00:00Z" }
        #expect(moved?.title == "Weekly (moved)")
        #expect(moved.flatMap(\.recurrenceID).map(RFC3339.utc) == "2024-03-25T08:00:00Z")
    }

    @Test func overrideWithoutMasterStandsAlone() throws {
        let result = try occurrences(
            "calendars/recurrence.ics", from: "2024-03-05T00:00:00Z", to: "2024-03-06T00:00:00Z")
        #expect(starts(result, uid: "orphan") == ["2024-03-05T13:00:00Z"])
    }

    @Test func bysetposAndCountWithDuration() throws {
        let result = try occurrences(
            "calendars/recurrence.ics", from: "2024-01-01T00:00:00Z", to: "2025-01-01T00:00:00Z")
        #expect(
            starts(result, uid: "monthly-last-friday") == [
                "2024-01-26T16:00:00Z", "2024-02-23T16:00:00Z", "2024-03-29T16:00:00Z", "2024-04-26T16:00:00Z",
                "2024-05-31T16:00:00Z", "2024-06-28T16:00:00Z",
            ])
        let first = try #require(result.occurrences.first { $0.uid == "monthly-last-friday" })
        #expect(first.end.timeIntervalSince(first.start) == 1800)
    }

    @Test func rdatesAsPeriodsAndDateTimes() throws {
        let result = try occurrences(
            "calendars/recurrence.ics", from: "2024-03-01T00:00:00Z", to: "2024-03-05T00:00:00Z")
        #expect(
            starts(result, uid: "rdates") == [
                "2024-03-01T08:00:00Z", "2024-03-02T10:00:00Z", "2024-03-03T08:00:00Z", "2024-03-04T08:00:00Z",
            ])
        let period = try #require(
            result.occurrences.first { $0.uid == "rdates" && RFC3339.utc($0.start) == "2024-03-02T10:00:00Z" })
        #expect(RFC3339.utc(period.end) == "2024-03-02T12:00:00Z")
    }

    @Test func allDayWithoutDtendLastsOneDay() throws {
        let result = try occurrences(
            "calendars/recurrence.ics", from: "2024-03-09T00:00:00Z", to: "2024-03-14T00:00:00Z")
        let days = result.occurrences.filter { $0.uid == "allday-rdate" }
        #expect(days.map { $0.dates?.first.description } == ["2024-03-10", "2024-03-12"])
        #expect(days.map { $0.dates?.endExclusive.description } == ["2024-03-11", "2024-03-13"])
    }

    @Test func endlessSecondlyRuleAnswersPromptly() throws {
        let result = try occurrences("calendars/endless.ics", from: "2024-03-09T12:00:00Z", to: "2024-03-09T12:00:10Z")
        #expect(starts(result, uid: "secondly").count == 10)
    }

    /// Two billion seconds from 1900 end in May 1963: the count is counted, not walked (libical
    /// walked it and ran out of steps), so a window of 2024 has none, without a warning, and one
    /// of the last seconds has them.
    @Test func countedSecondlyRuleEndsWhereItsCountDoes() throws {
        let result = try occurrences("calendars/endless.ics", from: "2024-03-09T12:00:00Z", to: "2024-03-09T12:00:10Z")
        #expect(starts(result, uid: "secondly-count").isEmpty)
        #expect(result.warnings.isEmpty)
        let end = try occurrences("calendars/endless.ics", from: "1963-05-19T03:33:17Z", to: "1963-05-19T03:33:30Z")
        #expect(
            starts(end, uid: "secondly-count") == [
                "1963-05-19T03:33:17Z", "1963-05-19T03:33:18Z", "1963-05-19T03:33:19Z",
            ])
    }

    @Test func zonesWindowsIANAPrefixedAndFloating() throws {
        let result = try occurrences(
            "calendars/zones.ics", from: "2024-06-11T00:00:00Z", to: "2024-06-12T00:00:00Z",
            zone: try #require(DisplayZone(identifier: "America/Los_Angeles")))
        #expect(starts(result, uid: "windows") == ["2024-06-11T07:00:00Z"])
        #expect(starts(result, uid: "windows-quoted") == ["2024-06-11T13:00:00Z"])
        #expect(starts(result, uid: "iana") == ["2024-06-11T03:30:00Z"])
        #expect(starts(result, uid: "prefixed") == ["2024-06-11T16:00:00Z"])
        #expect(starts(result, uid: "floating") == ["2024-06-11T16:00:00Z"])
        #expect(result.warnings.isEmpty)
    }

    @Test func windowsZoneTablesAreComplete() {
        let table = WindowsZoneTable.shared
        #expect(table.count >= 220)
        #expect(table.iana(forWindowsName: "w. europe standard time") == "Europe/Berlin")
        #expect(table.iana(forWindowsName: "(UTC-05:00) Eastern Time (US & Canada)") == "America/New_York")
        #expect(DisplayZone(tzid: "Romance Standard Time")?.identifier == "Europe/Paris")
    }

    @Test func weeklyKeepsWallTimeAcrossDST() throws {
        let result = try occurrences("calendars/zones.ics", from: "2024-02-28T00:00:00Z", to: "2024-03-20T00:00:00Z")
        #expect(
            starts(result, uid: "dst-weekly") == [
                "2024-03-01T14:00:00Z", "2024-03-08T14:00:00Z", "2024-03-15T13:00:00Z",
            ])
    }

    @Test func vdirReadsOnlyICSItems() throws {
        let result = try occurrences("calendars/vdir", from: "2024-06-10T00:00:00Z", to: "2024-06-11T00:00:00Z")
        #expect(result.occurrences.map(\.uid) == ["vdir-1", "vdir-2"])
    }

    @Test func brokenEventsAreSkippedWithTheirLine() throws {
        let result = try occurrences("calendars/broken.ics", from: "2024-06-10T00:00:00Z", to: "2024-06-11T00:00:00Z")
        #expect(result.occurrences.map(\.uid) == ["good-1", "good-2"])
        #expect(result.warnings.map(\.line) == [10, 15])
        #expect(result.warnings.allSatisfy { $0.path.hasSuffix("broken.ics") })
    }

    @Test func missingCalendarAndNonCalendar() throws {
        #expect(throws: CalendarError.notFound(path: "/nonexistent/cal.ics")) {
            try CalendarSource.named("/nonexistent/cal.ics")
        }
        let path = Fixture.path("calendars/not-a-calendar.txt")
        #expect(throws: CalendarError.notACalendar(path: path)) {
            try occurrences("calendars/not-a-calendar.txt", from: "2024-06-10T00:00:00Z", to: "2024-06-11T00:00:00Z")
        }
    }

    @Test("A FIFO named like a calendar neither hangs nor hides the rest")
    func aFIFONamedLikeACalendarNeitherHangsNorHidesTheRest() throws {
        let vdir = FileManager.default.temporaryDirectory.appendingPathComponent("invites-fifo-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: vdir) }
        let item =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:t\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTART:20240101T100000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        try Data(item.utf8).write(to: URL(fileURLWithPath: vdir + "/a.ics"))
        #expect(mkfifo(vdir + "/pipe.ics", 0o600) == 0)
        let window = DateInterval(start: .utc("2024-01-01T09:00:00Z"), duration: 3 * 3600)
        let found = try CalendarQuery(sources: [try CalendarSource.named(vdir)], display: .utc, me: MyAddresses([]))
            .occurrences(in: window)
        #expect(found.occurrences.map(\.uid) == ["a"])
        #expect(found.warnings.map(\.message) == ["cannot be read (not a regular file), skipped"])
        // Items are opened by name in their folder; what is reported names their whole path.
        #expect(found.warnings.map(\.path) == [vdir + "/pipe.ics"])
        #expect(found.occurrences.map(\.source) == [vdir + "/a.ics"])
        let alone = CalendarQuery(
            sources: [try CalendarSource.named(vdir + "/pipe.ics")], display: .utc, me: MyAddresses([]))
        #expect(throws: CalendarError.unreadable(path: vdir + "/pipe.ics", reason: "not a regular file")) {
            try alone.occurrences(in: window)
        }
    }

    @Test func defaultCalendarMayNotExistYet() throws {
        let source = CalendarSource.defaultCalendar("/nonexistent/calendar.ics")
        #expect(!source.exists)
        let query = CalendarQuery(sources: [source], display: .utc, me: MyAddresses([]))
        #expect(
            try query.occurrences(in: DateInterval(start: .utc("2024-01-01T00:00:00Z"), duration: 3600)).occurrences
                .isEmpty)
    }
}

/// Local times that occur twice or not at all (RFC 5545 §3.3.5), on days clocks change.
@Suite struct AmbiguousLocalTimeTests {
    func start(_ tzid: String, _ wall: String) throws -> String {
        let text =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:t\r\nBEGIN:VEVENT\r\nUID:x\r\nDTSTART;TZID=\(tzid):\(wall)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ambiguous-\(UUID().uuidString).ics")
            .path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let query = CalendarQuery(sources: [try CalendarSource.named(path)], display: .utc, me: MyAddresses([]))
        let found = try query.occurrences(
            in: DateInterval(start: .utc("2000-01-01T00:00:00Z"), end: .utc("2030-01-01T00:00:00Z")))
        return try RFC3339.utc(#require(found.occurrences.first).start)
    }

    @Test func repeatedHourIsTheFirst() throws {
        #expect(try start("America/New_York", "20071104T013000") == "2007-11-04T05:30:00Z")
        #expect(try start("Europe/Berlin", "20251026T023000") == "2025-10-26T00:30:00Z")
    }

    @Test func skippedHourUsesTheOffsetBeforeTheGap() throws {
        #expect(try start("America/New_York", "20070311T023000") == "2007-03-11T07:30:00Z")
        #expect(try start("Europe/Berlin", "20250330T023000") == "2025-03-30T01:30:00Z")
    }
}
