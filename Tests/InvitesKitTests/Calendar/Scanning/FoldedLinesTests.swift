import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesFormats
@testable import InvitesKit
@testable import InvitesModel

/// Every reader that reads a calendar's bytes without libical reads a folded line as libical
/// does, wherever the fold falls: inside a name, a parameter, a value or a UTF-8 sequence, a
/// CRLF or a bare LF, a space or a tab (issue 35). The calendar `calendars/folding.ics` has a
/// zone, a weekly series with an EXDATE and a moved occurrence, and an event with RDATEs; each
/// line the prefilter and the index read is folded at every byte in turn.
@Suite struct FoldedLinesTests {
    static let lines = [
        "BEGIN:VEVENT", "UID:weekly-folding@example.org", "SUMMARY:Weekly planning – Größe",
        "DTSTART;TZID=Europe/Berlin:20240610T090000", "DTEND;TZID=Europe/Berlin:20240610T100000",
        "RRULE:FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10", "EXDATE;TZID=Europe/Berlin:20240612T090000", "END:VEVENT",
        "RECURRENCE-ID;TZID=Europe/Berlin:20240617T090000", "DURATION:PT2H",
        "RDATE:20240701T120000Z,20240801T120000Z", "TZID:Europe/Berlin", "TZOFFSETTO:+0200",
    ]

    /// Windows on the series' first instance and its moved occurrence, and one over June and
    /// the first RDATE (with the EXDATE's Wednesday in it); few, as each is asked of every case.
    static let windows = [
        ("2024-06-10T06:00:00Z", "2024-06-10T12:00:00Z"), ("2024-06-17T06:00:00Z", "2024-06-18T18:00:00Z"),
        ("2024-06-01T00:00:00Z", "2024-07-02T00:00:00Z"),
    ].map { DateInterval(start: .utc($0.0), end: .utc($0.1)) }

    static var text: String {
        String(decoding: (try? Fixture.data("calendars/folding.ics")) ?? Data(), as: UTF8.self)
    }

    /// What the index keeps of each block: where it is bounded, not where it lies.
    static func bounds(_ index: FileIndex) -> [String] {
        ["filterable \(index.filterable)"]
            + index.entries.map { "\($0.kind) \(String(describing: $0.reach)) \(String(describing: $0.pattern))" }
    }

    /// What libical makes of the whole text, event by event.
    static func libical(_ data: Data) -> [String] {
        (ICalDocument.parse(data, display: .utc)?.events ?? []).map {
            "\($0.uid) \($0.recurrenceID ?? "-") \($0.title) \($0.start) \($0.end)"
        }
    }

    static func occurrences(_ path: String, prefilter: Bool) throws -> [[Occurrence]] {
        var query = CalendarQuery(sources: [try CalendarSource.named(path)], display: .utc, me: MyAddresses([]))
        query.prefilter = prefilter
        query.jumpCounts = prefilter
        return try windows.map { try query.occurrences(in: $0).occurrences }
    }

    @Test(arguments: lines)
    func aSingleFileReadsAsUnfolded(line: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invites-fold-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("calendar.ics").path
        let unfolded = Data(FoldedLinesTests.text.utf8)
        try unfolded.write(to: URL(fileURLWithPath: path))
        // libical reading every block, against which the prefilter and the index must agree.
        let expected = try FoldedLinesTests.occurrences(path, prefilter: false)
        // The first Monday, the moved one; June's six and July's first Monday and RDATE.
        #expect(expected.map(\.count) == [1, 1, 8])
        let index = FoldedLinesTests.bounds(unfolded.withUnsafeBytes { FileIndex.build($0, stamp: nil) })
        let parsed = FoldedLinesTests.libical(unfolded)
        for folded in Folding.everyFold(of: line, in: FoldedLinesTests.text) {
            try folded.data.write(to: URL(fileURLWithPath: path))
            #expect(FoldedLinesTests.libical(folded.data) == parsed, "\(folded)")
            let built = folded.data.withUnsafeBytes { FileIndex.build($0, stamp: nil) }
            #expect(FoldedLinesTests.bounds(built) == index, "\(folded)")
            #expect(try FoldedLinesTests.occurrences(path, prefilter: true) == expected, "\(folded)")
        }
    }

    /// The same calendar as a vdir, one item per UID, each with the zone (as vdirsyncer keeps
    /// them); the items are indexed with one ``ZoneMemo``, as the loader indexes them.
    @Test(arguments: lines)
    func aVdirItemReadsAsUnfolded(line: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invites-fold-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = FoldedLinesTests.text
        let zone = try #require(text.range(of: "BEGIN:VTIMEZONE")).lowerBound
        let firstEvent = try #require(text.range(of: "BEGIN:VEVENT")).lowerBound
        let secondUID = try #require(text.range(of: "BEGIN:VEVENT\r\nUID:rdates")).lowerBound
        let end = try #require(text.range(of: "END:VCALENDAR")).lowerBound
        let head = String(text[..<firstEvent])
        let items = [
            head + text[firstEvent..<secondUID] + "END:VCALENDAR\r\n",
            head + text[secondUID..<end] + "END:VCALENDAR\r\n",
        ]
        #expect(items.allSatisfy { $0.contains(text[zone..<firstEvent]) })
        let paths = ["a.ics", "b.ics"].map { folder.appendingPathComponent($0).path }
        for (item, path) in zip(items, paths) { try Data(item.utf8).write(to: URL(fileURLWithPath: path)) }
        let expected = try FoldedLinesTests.occurrences(folder.path, prefilter: false)
        #expect(expected.map(\.count) == [1, 1, 8])
        let memo = ZoneMemo()
        let indexes = items.map { item in
            FoldedLinesTests.bounds(Data(item.utf8).withUnsafeBytes { FileIndex.build($0, stamp: nil, zones: memo) })
        }
        for (number, item) in items.enumerated() where item.contains(line) {
            for folded in Folding.everyFold(of: line, in: item) {
                try folded.data.write(to: URL(fileURLWithPath: paths[number]))
                let built = folded.data.withUnsafeBytes { FileIndex.build($0, stamp: nil, zones: memo) }
                #expect(FoldedLinesTests.bounds(built) == indexes[number], "item \(number): \(folded)")
                #expect(try FoldedLinesTests.occurrences(folder.path, prefilter: true) == expected, "\(folded)")
            }
            try Data(item.utf8).write(to: URL(fileURLWithPath: paths[number]))
        }
    }

    /// The words the finders look for (ORGANIZER, your address, a UID, a TZID) are found across
    /// a fold at every byte, a fold inside `é` included; a fold does not join what differs.
    @Test func byteSearchSkipsAFoldWhereverItFalls() {
        let line = "ORGANIZER;CN=Mé:mailto:Boss@Example.org"
        for folded in Folding.everyFold(of: line, in: "BEGIN:VEVENT\r\n\(line)\r\nEND:VEVENT\r\n") {
            folded.data.withUnsafeBytes { bytes in
                #expect(ByteSearch.contains(Array("organizer".utf8), in: bytes, ignoringCase: true), "\(folded)")
                #expect(ByteSearch.contains(Array("BOSS@EXAMPLE.ORG".utf8), in: bytes, ignoringCase: true), "\(folded)")
                #expect(ByteSearch.contains(Array("CN=Mé:".utf8), in: bytes), "\(folded)")
                #expect(ByteSearch.contains(Array("Boss@Example.org".utf8), in: bytes), "\(folded)")
                #expect(!ByteSearch.contains(Array("boss@example.org".utf8), in: bytes), "\(folded)")
                #expect(!ByteSearch.contains(Array("boss@example.orgx".utf8), in: bytes, ignoringCase: true))
            }
        }
        // Matched both ways from the `@`, with folds on either side of it.
        Data("x:am\r\n\te\n @exa\r\n mple.org".utf8).withUnsafeBytes { bytes in
            #expect(ByteSearch.contains(Array("ME@EXAMPLE.ORG".utf8), in: bytes, ignoringCase: true))
            #expect(!ByteSearch.contains(Array("XME@EXAMPLE.ORG".utf8), in: bytes, ignoringCase: true))
        }
        // Only a line end followed by a blank is a fold.
        for text in [
            "mailto:me@\r\nexample.org", "mailto:me@\r example.org", "mailto:me@ \r\nexample.org",
            "mailto:me\r\n@example.org", "mailto:m\ne@example.org", "mailto:me \r\n@example.org", "e@example.org",
        ] {
            Data(text.utf8).withUnsafeBytes { bytes in
                #expect(!ByteSearch.contains(Array("me@example.org".utf8), in: bytes), "\(text)")
            }
        }
        Data("mailto:me@\r\n \r\n\texample.org".utf8).withUnsafeBytes { bytes in
            #expect(ByteSearch.contains(Array("me@example.org".utf8), in: bytes))
            #expect(ByteSearch.starts(with: Array("MAILTO:ME@EX".utf8), in: bytes, at: 0, ignoringCase: true))
            #expect(!ByteSearch.starts(with: Array("mailto:me@ex".utf8), in: bytes, at: 1))
        }
    }

    /// A content line folded inside its name or its value is one line to every reader: the
    /// scanner, the lines handed to libical, the value looked up by name.
    @Test func aFoldInsideANameIsReadWhole() throws {
        let text =
            "BEGI\r\n N:VCALENDAR\r\nX-WR-TIME\n ZONE:Europe/\r\n\tBerlin\r\nBEGIN:VEV\r\n ENT\r\nU\r\n ID:a@b\r\n"
            + "ATTEN\r\n DEE;CN=Mé:mailto:me@example.org\r\nDESCRIPTION:x\r\n DTSTART:1\r\n\r\n SUMMARY:s\r\n"
            + "END:VEVE\r\n NT\r\nEND:VCALENDAR\r\n"
        try Data(text.utf8).withUnsafeBytes { bytes in
            let scan = ICSBlockScanner.scan(bytes)
            #expect(scan.sawCalendar)
            #expect(scan.blocks.map(\.kind) == [.calendarZone, .event])
            let event = try #require(scan.blocks.last)
            #expect(ICSBlockScanner.text(of: "UID", in: bytes, block: event.range) == "a@b")
            #expect(ICSBlockScanner.text(of: "DTSTART", in: bytes, block: event.range) == nil)
            let zone = try #require(scan.blocks.first)
            #expect(ICSBlockScanner.lineValue(bytes, at: zone.range.lowerBound) == "Europe/Berlin")
            #expect(
                String(decoding: UnsafeRawBufferPointer(rebasing: bytes[event.range]), as: UTF8.self).hasSuffix(
                    "NT\r\n"))
            let kept = String(
                decoding: EventLines.read(UnsafeRawBufferPointer(rebasing: bytes[event.range])), as: UTF8.self)
            #expect(
                kept
                    == "BEGIN:VEV\r\n ENT\r\nU\r\n ID:a@b\r\nATTEN\r\n DEE;CN=Mé:mailto:me@example.org\r\n\r\n SUMMARY:s\r\nEND:VEVE\r\n NT\r\n"
            )
        }
    }
}
