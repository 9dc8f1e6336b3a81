import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit

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
            "vdir",
        ].map { Fixture.path("calendars/" + $0) }
            + [Fixture.repositoryFile("fixtures/calendar.ics")]
    }

    /// Compares the two over windows placed on the calendar's own occurrences.
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
        let starts = everything.occurrences.map(\.start)
        let step = max(starts.count / 15, 1)
        var windows = stride(from: 0, to: starts.count, by: step).flatMap { index -> [DateInterval] in
            [
                DateInterval(start: starts[index].addingTimeInterval(-3 * 3600), duration: 8 * 3600),
                DateInterval(start: starts[index].addingTimeInterval(-2 * 86_400), duration: 4 * 86_400),
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
    @Test func thisAndFutureMovesInstancesPastTheMastersReach() throws {
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

    @Test(arguments: fixtureCalendars)
    func fixtures(path: String) throws {
        try PrefilterEquivalenceTests.compare(path, zone: DisplayZone(identifier: "America/New_York") ?? .utc)
    }

    @Test(.enabled(if: Fixture.corpus != nil, "../shared/corpus is not here"), arguments: corpusCalendars)
    func corpus(path: String) throws {
        try PrefilterEquivalenceTests.compare(path)
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
    }
}
