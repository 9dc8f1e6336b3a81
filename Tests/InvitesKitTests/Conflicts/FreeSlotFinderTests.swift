import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesFormats
@testable import InvitesKit
@testable import InvitesModel

/// `propose --free` never offers a time `show` would call a conflict, over generated calendars,
/// and offers the first such time within working hours.
@Suite struct FreeSlotFinderTests {
    /// A small deterministic generator (SplitMix64), so a failure names a seed that repeats it.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func int(_ range: ClosedRange<Int>) -> Int {
            range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
        }
    }

    static let zone = DisplayZone(identifier: "Europe/Berlin") ?? .utc
    static let monday = LocalDate(year: 2024, month: 6, day: 10)

    /// A week of events from Monday on: timed ones (some zero-length, some transparent, some
    /// cancelled, some across days), all-day ones, and a weekly series.
    static func calendar(seed: UInt64) -> String {
        var random = Generator(state: seed)
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN"]
        func stamp(_ day: Int, _ minutes: Int) -> String {
            let date = monday.adding(days: day)
            return String(
                format: "%04d%02d%02dT%02d%02d00", date.year, date.month, date.day, minutes / 60, minutes % 60)
        }
        for index in 0..<random.int(4...30) {
            let day = random.int(0...6)
            let start = random.int(6 * 4...20 * 4) * 15
            let length = [0, 15, 30, 45, 60, 90, 120, 240, 600][random.int(0...8)]
            var event = [
                "BEGIN:VEVENT", "UID:e\(index)@gen", "DTSTAMP:20240601T000000Z", "SUMMARY:E\(index)",
                "DTSTART;TZID=Europe/Berlin:\(stamp(day, start))",
                "DURATION:PT\(length)M",
            ]
            switch random.int(0...9) {
            case 0: event.append("TRANSP:TRANSPARENT")
            case 1: event.append("STATUS:CANCELLED")
            case 2: event.append("RRULE:FREQ=WEEKLY;COUNT=3")
            default: break
            }
            lines += event + ["END:VEVENT"]
        }
        if random.int(0...3) == 0 {
            let day = monday.adding(days: random.int(0...6))
            lines += [
                "BEGIN:VEVENT", "UID:allday@gen", "DTSTAMP:20240601T000000Z", "SUMMARY:Away",
                String(format: "DTSTART;VALUE=DATE:%04d%02d%02d", day.year, day.month, day.day),
                "END:VEVENT",
            ]
        }
        lines.append("END:VCALENDAR")
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    @Test(arguments: 1...40)
    func theFreeTimeIsFreeByShowsRulesAndTheFirst(seed: Int) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "invites-free-\(UUID().uuidString).ics"
        )
        .path
        FileManager.default.createFile(atPath: path, contents: Data(Self.calendar(seed: UInt64(seed)).utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let query = CalendarQuery(
            sources: [try CalendarSource.named(path)], display: Self.zone, me: MyAddresses([]), index: nil)
        var random = Generator(state: UInt64(seed) &* 7_919)
        let working = WorkingHours(
            start: random.int(7...10) * 60, end: random.int(15...18) * 60, days: [1, 2, 3, 4, 5])
        let finder = FreeSlotFinder(query: query, working: working)
        for _ in 0..<5 {
            let length = TimeInterval([15, 30, 60, 90, 120, 180][random.int(0...5)] * 60)
            let from = Self.monday.midnight(in: Self.zone.timeZone).addingTimeInterval(
                TimeInterval(random.int(0...4 * 24 * 4) * 900))
            let slot = try #require(try finder.first(length: length, from: from, uid: "invite@gen"))
            #expect(slot.duration == length)
            #expect(slot.start >= from)
            // Free as `show` says it: the invite at that time has no conflict.
            let invite = Invite(
                uid: "invite@gen", title: "I", start: slot.start, end: slot.end, source: .itip, raw: Data())
            let (report, _) = try ConflictFinder(query: query, before: 0, after: 0).report(for: invite)
            #expect(report.conflicts == 0, "seed \(seed): \(slot) conflicts")
            // Within working hours.
            let day = LocalDate(slot.start, in: Self.zone.timeZone)
            let hours = try #require(working.interval(on: day, in: Self.zone.timeZone))
            #expect(hours.start <= slot.start && slot.end <= hours.end)
            // The first: no five-minute start before it within working hours is free.
            var earlier = Date(timeIntervalSince1970: (from.timeIntervalSince1970 / 300).rounded(.up) * 300)
            while earlier < slot.start {
                let candidate = DateInterval(start: earlier, duration: length)
                let date = LocalDate(earlier, in: Self.zone.timeZone)
                if let within = working.interval(on: date, in: Self.zone.timeZone), within.start <= earlier,
                    candidate.end <= within.end
                {
                    let copy = Invite(
                        uid: "invite@gen", title: "I", start: earlier, end: candidate.end, source: .itip, raw: Data())
                    #expect(
                        try ConflictFinder(query: query, before: 0, after: 0).report(for: copy).0.conflicts > 0,
                        "seed \(seed): \(candidate) was free before \(slot)")
                }
                earlier.addTimeInterval(300)
            }
        }
    }

    @Test func allDayInvitationsGetAWholeFreeWorkingDay() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "invites-free-\(UUID().uuidString).ics"
        )
        .path
        let text = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VEVENT", "UID:a@gen",
            "DTSTAMP:20240601T000000Z", "DTSTART;TZID=Europe/Berlin:20240610T230000", "DURATION:PT30M", "END:VEVENT",
            "BEGIN:VEVENT", "UID:b@gen", "DTSTAMP:20240601T000000Z", "DTSTART;VALUE=DATE:20240611",
            "TRANSP:TRANSPARENT", "END:VEVENT", "END:VCALENDAR", "",
        ].joined(separator: "\r\n")
        FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let query = CalendarQuery(
            sources: [try CalendarSource.named(path)], display: Self.zone, me: MyAddresses([]), index: nil)
        let finder = FreeSlotFinder(query: query, working: .standard)
        let dates = try finder.firstDays(1, from: Self.monday, uid: "x")
        #expect(dates?.first == Self.monday.adding(days: 1))
        #expect(
            try finder.firstDays(1, from: Self.monday.adding(days: 4), uid: "x", avoiding: Self.monday.adding(days: 4))?
                .first
                == Self.monday.adding(days: 7))
    }
}
