import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesFormats
@testable import InvitesKit
@testable import InvitesModel

/// What the prefilter reads from a block's bytes alone.
@Suite struct BlockPrefilterTests {
    func bounds(_ lines: String...) -> BlockPrefilter.Bounds {
        bounds(lines)
    }

    func bounds(_ lines: [String]) -> BlockPrefilter.Bounds {
        let data = Data(("BEGIN:VEVENT\r\n" + lines.joined(separator: "\r\n") + "\r\nEND:VEVENT\r\n").utf8)
        return data.withUnsafeBytes { bytes in
            let scan = ICSBlockScanner.scan(bytes)
            guard let block = scan.blocks.first else { return BlockPrefilter.Bounds() }
            return BlockPrefilter.bounds(bytes, block.range, scan.fields(of: block))
        }
    }

    func ordinary(_ text: String) -> Bool {
        let data = Data(text.utf8)
        return data.withUnsafeBytes { ICSBlockScanner.scan($0).blocks.allSatisfy(\.ordinary) }
    }

    func seconds(_ text: String) -> Int { Int(Date.utc(text).timeIntervalSince1970) }

    @Test("Zones beyond fourteen hours or unreadable are not ordinary")
    func zonesBeyondFourteenHoursOrUnreadableAreNotOrdinary() {
        let berlin =
            "BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\nBEGIN:STANDARD\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n"
        #expect(ordinary(berlin))
        #expect(ordinary(berlin.replacingOccurrences(of: "\r\n", with: "\n")))
        #expect(!ordinary(berlin.replacingOccurrences(of: "TZOFFSETTO:+0100", with: "tzoffsetto:+1500")))
        // Read unfolded, wherever the fold falls, as libical reads it.
        #expect(ordinary(berlin.replacingOccurrences(of: "TZOFFSETTO:+0100", with: "TZOFFSETTO:\r\n +0100")))
        #expect(!ordinary(berlin.replacingOccurrences(of: "TZOFFSETTO:+0100", with: "TZOFF\r\n SETTO:+1\n\t500")))
        #expect(!ordinary(berlin.replacingOccurrences(of: "TZOFFSETTO:+0100", with: "TZOFFSETTO:+\r\n 1500")))
        #expect(!ordinary(berlin.replacingOccurrences(of: "TZOFFSETTO:+0100", with: "TZOFFSETTO:0100")))
    }

    @Test(arguments: [
        ("TZOFFSETTO:-1459", true), ("TZOFFSETTO:+1400", true), ("TZOFFSETTO: +0530 ", true),
        ("TZOFFSETTO:+013045", true), ("TZOFFSETTO:+1460", false), ("TZOFFSETTO:+1500", false),
        ("TZOFFSETTO:+0a00", false), ("TZOFFSETTO:+01:0", false), ("TZOFFSETTO;X=a:b:+0100", false),
        ("TZOFFSETTO", false), ("TZOFFSETTO:", false), ("TZNAME:+9999", true), ("tzoffsetfrom:-0000", true),
        ("X-TZOFFSET:+9999", true),
    ])
    func anOffsetIsOrdinaryWithinFourteenHours(line: String, expected: Bool) {
        let zone = "BEGIN:VTIMEZONE\r\nTZID:Z\r\nBEGIN:STANDARD\r\n\(line)\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n"
        #expect(ordinary(zone) == expected)
    }

    @Test func rdatesBoundTheReachBothWays() throws {
        let found = bounds(
            "UID:r", "DTSTART;TZID=Europe/Berlin:20240610T090000", "DURATION:PT1H",
            "RDATE;TZID=Europe/Berlin:20240101T090000,20240901T090000",
            "RDATE;VALUE=PERIOD:20241201T090000Z/PT3H")
        let reach = try #require(found.reach)
        #expect(reach.lowerBound == seconds("2024-01-01T09:00:00Z") - BlockPrefilter.margin)
        #expect(reach.upperBound == seconds("2024-12-01T09:00:00Z") + 3 * 3_600 + BlockPrefilter.margin + 1)
        #expect(found.pattern == nil)
        #expect(bounds("UID:r", "DTSTART:20240610T090000Z", "RDATE:garbage").reach == nil)
    }

    /// Times written in UTC are instants: the reach is theirs to the second, with no margin for
    /// a zone's offset; one time in a zone, a date or floating brings the whole margin back.
    @Test func timesAllInUTCAreBoundedExactly() throws {
        let utc = bounds(
            "UID:u", "DTSTART:20240610T090000Z", "DTEND:20240610T100000Z",
            "RDATE:20240101T090000Z", "RDATE;VALUE=PERIOD:20241201T090000Z/PT3H,20241202T090000Z/20241202T093000Z")
        #expect(utc.reach == seconds("2024-01-01T09:00:00Z")..<(seconds("2024-12-02T09:00:00Z") + 3 * 3_600 + 1))
        let rule = bounds("UID:u", "DTSTART:20240610T090000Z", "DURATION:PT1H", "RRULE:FREQ=WEEKLY;COUNT=3")
        #expect(rule.reach?.lowerBound == seconds("2024-06-10T09:00:00Z"))
        #expect(rule.pattern?.offsets == 0...0)
        // Each with its earliest time read as UTC.
        for (lines, earliest) in [
            (["DTSTART:20240610T090000Z", "DTEND;TZID=Europe/Berlin:20240610T120000"], "2024-06-10T09:00:00Z"),
            (["DTSTART:20240610T090000Z", "DTEND:20240610T100000"], "2024-06-10T09:00:00Z"),
            (["DTSTART:20240610T090000", "DTEND:20240610T100000"], "2024-06-10T09:00:00Z"),
            (["DTSTART;VALUE=DATE:20240610"], "2024-06-10T00:00:00Z"),
            (["DTSTART:20240610T090000Z", "RDATE:20240101T090000"], "2024-01-01T09:00:00Z"),
            (["DTSTART:20240610T090000Z", "RDATE;VALUE=DATE:20240101"], "2024-01-01T00:00:00Z"),
            (
                ["DTSTART:20240610T090000Z", "RDATE;VALUE=PERIOD:20240101T090000Z/20240101T100000"],
                "2024-01-01T09:00:00Z"
            ),
        ] {
            let found = bounds(["UID:i"] + lines + ["RRULE:FREQ=WEEKLY;COUNT=3"])
            #expect(found.reach?.lowerBound == seconds(earliest) - BlockPrefilter.margin, "\(lines)")
            #expect(found.pattern?.offsets == nil, "\(lines)")
        }
        let moved = bounds("UID:i", "RECURRENCE-ID:20240609T090000", "DTSTART:20240610T090000Z")
        #expect(moved.reach?.lowerBound == seconds("2024-06-09T09:00:00Z") - BlockPrefilter.margin)
    }

    /// A time in a zone the file defines or the system knows is bounded by that zone's offsets,
    /// a VTIMEZONE's and the system's together; one in a zone only the calendar defines, an
    /// unknown one or a date keeps the whole margin. New York is UTC−5 and −4 (−4:56 before
    /// 1883): its times are 4 to 5 hours later in UTC, widened by the spread of an hour.
    /// Tokyo is UTC+9 and +10 (in the summers of 1948–51).
    @Test func zonedTimesAreBoundedByTheirZonesOffsets() throws {
        let data = try Fixture.data("calendars/offsets.ics")
        let index = data.withUnsafeBytes { FileIndex.build($0, stamp: nil) }
        let events = index.entries.filter { $0.kind == .event }
        let uids = data.withUnsafeBytes { bytes in
            events.map { ICSBlockScanner.text(of: "UID", in: bytes, block: $0.range) ?? "" }
        }
        let reaches = Dictionary(zip(uids, events.map(\.reach)), uniquingKeysWith: { first, _ in first })
        let gap = try #require(reaches["off-ny-gap"] ?? nil)
        #expect(gap == seconds("2024-03-10T05:30:00Z")..<(seconds("2024-03-10T09:30:00Z") + 1))
        let tokyo = try #require(reaches["off-quoted-windows"] ?? nil)
        #expect(tokyo == seconds("2024-10-27T21:00:00Z")..<(seconds("2024-10-28T00:30:00Z") + 1))
        for bounded in ["off-kiritimati", "off-berlin-embedded", "off-two-zones", "off-rdates"] {
            let reach = try #require(reaches[bounded] ?? nil, "\(bounded)")
            #expect(reach.count < 400 * 86_400, "\(bounded)")
        }
        for margin in ["off-custom", "off-unknown", "off-value-date"] {
            let reach = try #require(reaches[margin] ?? nil, "\(margin)")
            #expect(reach.count >= 2 * BlockPrefilter.margin, "\(margin)")
        }
    }

    @Test("A THISANDFUTURE override is marked, and a weekday pattern needs one zone")
    func thisAndFutureIsSaidAndPatternsNeedOneZone() {
        #expect(
            bounds("UID:t", "RECURRENCE-ID;RANGE=THISANDFUTURE:20240610T090000Z", "DTSTART:20240611T090000Z")
                .thisAndFuture)
        let same = bounds(
            "UID:w", "DTSTART;TZID=Europe/Berlin:20240610T090000", "DTEND;TZID=Europe/Berlin:20240610T100000",
            "RRULE:FREQ=WEEKLY;COUNT=5")
        #expect(same.pattern?.weekdays == 1)
        let mixed = bounds(
            "UID:w", "DTSTART;TZID=Europe/Berlin:20240610T090000", "DTEND;TZID=Asia/Tokyo:20240610T170000",
            "RRULE:FREQ=WEEKLY;COUNT=5")
        #expect(mixed.pattern == nil)
        #expect(mixed.reach != nil)
    }

    @Test("Hostile numbers leave the block unbounded instead of overflowing")
    func hostileNumbersLeaveTheBlockUnboundedInsteadOfOverflowing() throws {
        let huge = bounds("UID:h", "DTSTART:20240610T090000Z", "RRULE:FREQ=YEARLY;COUNT=999999999;INTERVAL=999999999")
        #expect(huge.reach?.upperBound == Int.max)
        let parts = String(repeating: "99999999W", count: 200_000)
        #expect(bounds("UID:h", "DTSTART:20240610T090000Z", "DURATION:P" + parts).reach == nil)
        #expect(
            bounds("UID:h", "DTSTART:20240610T090000Z", "RDATE;VALUE=PERIOD:20240610T090000Z/P" + parts).reach == nil)
    }

    @Test("Properties given twice leave the block unbounded")
    func propertiesGivenTwiceLeaveTheBlockUnbounded() {
        #expect(
            bounds("UID:d", "DTSTART:20240610T090000Z", "DTEND:20240620T090000Z", "DTEND:20240610T090001Z").reach == nil
        )
        #expect(bounds("UID:d", "DTSTART:20240610T090000Z", "DURATION:P10D", "DURATION:PT1S").reach == nil)
        let untils = bounds(
            "UID:d", "DTSTART:20240610T090000Z", "RRULE:FREQ=DAILY;UNTIL=20240611T000000Z;UNTIL=20300101T000000Z")
        #expect(untils.reach?.upperBound == Int.max)
        let overrides = bounds(
            "UID:d", "RECURRENCE-ID;RANGE=THISANDFUTURE:20240610T090000Z", "RECURRENCE-ID:20240610T090000Z",
            "DTSTART:20240611T090000Z")
        #expect(overrides.thisAndFuture)
        #expect(overrides.reach == nil)
    }

    /// The bounding lines the scanner picks out in its one pass are the ones read line by line
    /// through `topLevelLines`: unfolded alike, none from a nested component.
    @Test(arguments: [
        "BEGIN:VEVENT\r\nDTSTART:20240610T090000Z\r\nRRULE:FREQ=WEEKLY;\r\n COUNT=5\r\nEND:VEVENT\r\n",
        "BEGIN:VEVENT\nDTSTART;TZID=\"a:b\":2024\n\t0610T0900\n 00\nDTEND:x\nEND:VEVENT",
        "BEGIN:VEVENT\r\nBEGIN:VALARM\r\nDURATION:PT1H\r\nEND:VALARM\r\nDURATION:PT2H\r\nEND:VEVENT\r\n",
        "BEGIN:VEVENT\r\nEND:VALARM\r\nDTSTART:20240610T090000Z\r\nEND:VEVENT\r\n",
        "BEGIN:VEVENT\r\nRDATE:20240610T090000Z\r\n\r\n 20240611T090000Z\r\nrdate:1\r\n \r\n 2\r\nEND:VEVENT",
        "BEGIN:VEVENT\r\nRECURRENCE-ID;RANGE=THISANDFUTURE:2024\r\n\r\r\n 0610\r\nDTSTART:\r\nEND:VEVENT\r\n",
        "BEGIN:VEVENT\r\nX-A:1\r\n DTSTART:1\r\nDTSTARTX:2\r\nDTSTART\r\nDURATION;X=1:P1D\r\nEND:VEVENT\r\n",
        "BEGIN:VEVENT\r\nDTST\r\n ART:20240610T090000Z\r\nR\n\tRULE:FREQ=DAILY\r\n\r\n DURATION:PT1H\r\nEND:VEVENT\r\n",
        "BEGI\r\n N:VEVENT\r\nBEGIN:VAL\r\n ARM\r\nDURATION:PT1H\r\nE\r\n ND:VALARM\r\nRDATE:1\r\nEND:VEV\r\n ENT\r\n",
    ])
    func scannedBoundingLinesAreTheTopLevelOnes(text: String) throws {
        let data = Data(text.utf8)
        try data.withUnsafeBytes { bytes in
            let scan = ICSBlockScanner.scan(bytes)
            let block = try #require(scan.blocks.first)
            let lines = scan.fields(of: block)
            for name in BlockFields.Name.bounding {
                let expected = ICSBlockScanner.value(of: name.text, in: bytes, block: block.range)
                var found: [UInt8]?
                if let line = lines.first(where: { $0.name == name }) {
                    var storage: [UInt8] = []
                    ContentLine.unfold(bytes, line.start..<line.end, into: &storage)
                    #expect(storage.count == line.length)
                    found = ICSBlockScanner.valueStart(storage[...]).map { Array(storage[($0 + 1)...]) }
                }
                #expect(found == expected, "\(name)")
            }
        }
    }

    @Test func uidKeysGroupAtLeastWhatLibicalGroups() {
        /// The key of the block's UID line, as the prefilter hashes it.
        func key(_ lines: String...) -> UInt64? {
            let data = Data(("BEGIN:VEVENT\r\n" + lines.joined(separator: "\r\n") + "\r\nEND:VEVENT\r\n").utf8)
            return data.withUnsafeBytes { ICSBlockScanner.value(of: "UID", in: $0, block: 0..<$0.count) }.map {
                BlockFields.uidHash(value: $0[...])
            }
        }
        func hashed(_ key: String) -> UInt64 { StableHash.fnv1a(Array(key.utf8)) }
        #expect(key("UID:Abc@Example.org") == hashed("abc@example.org"))
        #expect(key("UID:abc@exa", " mple.org") == hashed("abc@example.org"))
        #expect(key("UID:a\\,b ") == hashed("a,b"))
        #expect(key("UID;X-PARAM=\"x:y\":abc", "BEGIN:VALARM", "UID:alarm", "END:VALARM") == hashed("abc"))
        #expect(key("SUMMARY:no uid") == nil)
        for (value, expected) in [
            ("Abc@Example.org", "abc@example.org"), (" \\ a\\,B\\ \t", "a,b"), ("\\\\", ""), ("", ""),
            ("  x  ", "x"), ("ÄÖ\\x", "ÄÖx"),
        ] {
            #expect(BlockFields.uidHash(value: ArraySlice(Array(value.utf8))) == hashed(expected), "\(value)")
        }
    }
}
