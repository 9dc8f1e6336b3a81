import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesFormats
@testable import InvitesKit
@testable import InvitesModel

/// The byte-level prefilter and the COUNT jump must never change an answer: every query gives
/// the same occurrences with them as with every VEVENT handed to libical and every rule walked
/// from DTSTART.
@Suite struct PrefilterEquivalenceTests {
    static var corpusCalendars: [String] {
        guard let corpus = Fixture.corpus else { return [] }
        let root = corpus + "/calendars"
        return (FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".ics") }.sorted().map { root + "/" + $0 }
    }

    static var fixtureCalendars: [String] {
        [
            "edges.ics", "recurrence.ics", "zones.ics", "broken.ics", "counts.ics", "patterns.ics", "thisandfuture.ics",
            "utc.ics", "offsets.ics", "folding.ics", "vdir",
        ].map { Fixture.path("calendars/" + $0) }
            + [Fixture.repositoryFile("fixtures/calendar.ics")]
    }

    /// Compares the two over windows placed on the calendar's own occurrences, some of them
    /// ending where an occurrence starts or starting where one ends, to the second.
    static func compare(_ path: String, zone: DisplayZone = .utc) throws {
        let source = try CalendarSource.named(path)
        var full = CalendarQuery(sources: [source], display: zone, me: MyAddresses(["me@example.org"]))
        full.prefilter = false
        full.jumpCounts = false
        var filtered = full
        filtered.prefilter = true
        filtered.jumpCounts = true
        let everything = try full.occurrences(
            in: DateInterval(start: .utc("1995-01-01T00:00:00Z"), end: .utc("2035-01-01T00:00:00Z")))
        let found = everything.occurrences
        let step = max(found.count / 15, 1)
        var windows = stride(from: 0, to: found.count, by: step).flatMap { index -> [DateInterval] in
            let start = found[index].start, end = found[index].end
            return [
                DateInterval(start: start.addingTimeInterval(-3 * 3600), duration: 8 * 3600),
                DateInterval(start: start.addingTimeInterval(-2 * 86_400), duration: 4 * 86_400),
                DateInterval(start: start.addingTimeInterval(-3600), end: start),
                DateInterval(start: start, duration: 1),
                DateInterval(start: end, duration: 3600),
            ]
        }
        windows.append(DateInterval(start: .utc("2024-10-28T11:30:00Z"), end: .utc("2024-10-28T16:30:00Z")))
        for window in windows {
            let expected = try full.occurrences(in: window).occurrences
            let actual = try filtered.occurrences(in: window).occurrences
            #expect(actual == expected, "\(path) \(window): prefilter changed the answer")
        }
    }

    /// A THISANDFUTURE override moves the master's later instances, here weeks past where
    /// the master's own bytes say it ends; the master must still be read.
    @Test("THISANDFUTURE moves instances past the master's reach")
    func thisAndFutureMovesInstancesPastTheMastersReach() throws {
        let query = CalendarQuery(
            sources: [try CalendarSource.named(Fixture.path("calendars/thisandfuture.ics"))], display: .utc,
            me: MyAddresses([]))
        let found = try query.occurrences(in: DateInterval(start: .utc("2024-07-24T08:00:00Z"), duration: 6 * 3_600))
            .occurrences
        #expect(found.map(\.start) == [.utc("2024-07-24T09:00:00Z"), .utc("2024-07-24T12:00:00Z")])
        // Only the override's own series is left unbounded; the rest of the file is filtered.
        let data = try Fixture.data("calendars/thisandfuture.ics")
        let index = data.withUnsafeBytes { FileIndex.build($0, stamp: nil) }
        #expect(index.filterable)
        #expect(index.entries.filter { $0.kind == .event }.map { $0.reach == nil } == [true, true, false])
    }

    /// Two versions of one event in one file: the higher SEQUENCE wins when both are parsed, so
    /// the newer one, an hour after the window, must not be left out and let the older show.
    /// The same for two overrides of one instance, their RECURRENCE-IDs written differently.
    @Test("Two blocks in one place of a series are never filtered apart")
    func twoBlocksInOnePlaceOfASeriesAreNeverFilteredApart() throws {
        let query = CalendarQuery(
            sources: [try CalendarSource.named(Fixture.path("calendars/utc.ics"))], display: .utc,
            me: MyAddresses([]))
        let morning = try query.occurrences(in: DateInterval(start: .utc("2024-10-28T07:00:00Z"), duration: 2 * 3_600))
        #expect(!morning.occurrences.map(\.uid).contains("utc-two-versions"))
        #expect(!morning.occurrences.map(\.uid).contains("utc-overridden-twice"))
        let evening = try query.occurrences(in: DateInterval(start: .utc("2024-10-28T20:00:00Z"), duration: 3_600))
        #expect(
            evening.occurrences.filter { $0.uid == "utc-overridden-twice" }.map(\.start) == [
                .utc("2024-10-28T20:00:00Z")
            ])
        let data = try Fixture.data("calendars/utc.ics")
        let index = data.withUnsafeBytes { FileIndex.build($0, stamp: nil) }
        let events = index.entries.filter { $0.kind == .event }
        // The two versions and the series overridden twice, and nothing else, are unbounded.
        #expect(events.suffix(5).allSatisfy { $0.reach == nil })
        #expect(events.dropLast(5).allSatisfy { $0.reach != nil })
    }

    /// A calendar file as a vdir: each series an item of its own, with every VTIMEZONE of the
    /// file, as exporters split a calendar. The vdir's items are judged one by one, floating
    /// times and dates against the display zone's offsets as well.
    static func vdir(of path: String) throws -> String {
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        let lines = text.components(separatedBy: "\r\n").flatMap { $0.components(separatedBy: "\n") }
        var zones: [String] = []
        var events: [String: [String]] = [:]
        var order: [String] = []
        var block: [String]?
        for line in lines {
            if line.hasPrefix("BEGIN:VTIMEZONE") || line.hasPrefix("BEGIN:VEVENT") { block = [] }
            block?.append(line)
            if line.hasPrefix("END:VTIMEZONE") {
                zones += block ?? []
                block = nil
            } else if line.hasPrefix("END:VEVENT"), let lines = block {
                let uid = lines.first { $0.hasPrefix("UID:") } ?? "UID:\(order.count)"
                if events[uid] == nil { order.append(uid) }
                events[uid, default: []] += lines
                block = nil
            }
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invites-vdir-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (number, uid) in order.enumerated() {
            let item =
                ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//invites tests//split//EN"] + zones
                + (events[uid] ?? []) + ["END:VCALENDAR", ""]
            try Data(item.joined(separator: "\r\n").utf8).write(to: folder.appendingPathComponent("item-\(number).ics"))
        }
        return folder.path
    }

    @Test(arguments: ["offsets.ics", "zones.ics", "utc.ics"])
    func fixturesAsVdirs(name: String) throws {
        let vdir = try PrefilterEquivalenceTests.vdir(of: Fixture.path("calendars/" + name))
        defer { try? FileManager.default.removeItem(atPath: vdir) }
        for zone in ["America/New_York", "Pacific/Kiritimati", "UTC"] {
            try PrefilterEquivalenceTests.compare(vdir, zone: DisplayZone(identifier: zone) ?? .utc)
        }
    }

    @Test(arguments: fixtureCalendars)
    func fixtures(path: String) throws {
        try PrefilterEquivalenceTests.compare(path, zone: DisplayZone(identifier: "America/New_York") ?? .utc)
    }

    @Test(.enabled(if: Fixture.corpus != nil, "../shared/corpus is not here"), arguments: corpusCalendars)
    func corpus(path: String) throws {
        try PrefilterEquivalenceTests.compare(path)
    }

    /// A calendar of `count` series made by `../shared/bench/gen_calendar.py` with `seed`, in a
    /// temporary file the caller removes.
    static func generated(_ count: Int, seed: Int) throws -> String {
        let generator = (try #require(Fixture.corpus) as NSString).deletingLastPathComponent + "/bench/gen_calendar.py"
        let output = FileManager.default.temporaryDirectory.appendingPathComponent(
            "invites-gen-\(UUID().uuidString).ics"
        ).path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", generator, String(count), output, "--seed", String(seed)]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "gen_calendar.py failed")
        return output
    }

    @Test(.enabled(if: Fixture.corpus != nil, "../shared/bench is not here"))
    func generatedCalendar() throws {
        let generator = (try #require(Fixture.corpus) as NSString).deletingLastPathComponent + "/bench/gen_calendar.py"
        let output = FileManager.default.temporaryDirectory.appendingPathComponent(
            "invites-gen-\(UUID().uuidString).ics"
        ).path
        defer { try? FileManager.default.removeItem(atPath: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", generator, "1500", output, "--seed", "7"]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "gen_calendar.py failed")
        try PrefilterEquivalenceTests.compare(output, zone: DisplayZone(identifier: "Europe/Berlin") ?? .utc)
        // A smaller one as a vdir: each query reads every item.
        process.arguments = ["python3", generator, "300", output, "--seed", "11"]
        let split = Process()
        split.executableURL = process.executableURL
        split.arguments = process.arguments
        try split.run()
        split.waitUntilExit()
        try #require(split.terminationStatus == 0, "gen_calendar.py failed")
        let vdir = try PrefilterEquivalenceTests.vdir(of: output)
        defer { try? FileManager.default.removeItem(atPath: vdir) }
        try PrefilterEquivalenceTests.compare(vdir, zone: DisplayZone(identifier: "America/New_York") ?? .utc)
    }
}
