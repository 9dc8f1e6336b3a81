import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesKit

/// A zone block taken whole from the memo must scan exactly as it does line by line.
@Suite struct ZoneMemoTests {
    static func scans(_ texts: [Data]) -> (plain: [String], memo: [String]) {
        let memo = ZoneMemo()
        // Alike but for where the memo keeps each zone, which only a scan with one can say.
        let describe = { (data: Data, zones: ZoneMemo?) in
            data.withUnsafeBytes { bytes in
                var scan = ICSBlockScanner.scan(bytes, zones: zones)
                for index in scan.blocks.indices { scan.blocks[index].memoSlot = nil }
                return String(describing: scan)
            }
        }
        // Twice over, so that the second pass meets every zone the first one left in the memo.
        let plain = texts.map { describe($0, nil) }
        return (plain, (texts + texts).map { describe($0, memo) })
    }

    static func files(_ path: String) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return [] }
        guard isFolder.boolValue else { return [path] }
        return (FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []).sorted()
            .map { path + "/" + $0 }.filter { !$0.hasSuffix("/") }
    }

    @Test("Every calendar at hand scans alike with and without the memo")
    func everyCalendarAtHandScansAlikeWithAndWithoutTheMemo() throws {
        let paths = (PrefilterEquivalenceTests.fixtureCalendars + PrefilterEquivalenceTests.corpusCalendars)
            .flatMap(ZoneMemoTests.files)
        var texts: [Data] = []
        for path in paths { if let data = FileManager.default.contents(atPath: path) { texts.append(data) } }
        #expect(texts.count > 10)
        let (plain, memo) = ZoneMemoTests.scans(texts)
        #expect(memo == plain + plain)
    }

    /// The same zone at the end of a file without its line end, as another file's prefix, with
    /// odd offsets, and written with other line ends: each scans as it would alone.
    @Test func onlyWholeIdenticalBlocksAreTaken() {
        let zone = [
            "BEGIN:VTIMEZONE", "TZID:Odd", "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:+1500",
            "TZOFFSETTO:+1500", "END:STANDARD", "END:VTIMEZONE",
        ]
        let event = ["BEGIN:VEVENT", "UID:e", "DTSTART;TZID=Odd:20240101T090000", "END:VEVENT"]
        func calendar(_ lines: [String], end: String = "\r\n", last: String = "\r\n") -> Data {
            Data((["BEGIN:VCALENDAR"] + lines + ["END:VCALENDAR"]).joined(separator: end).utf8 + Array(last.utf8))
        }
        let texts = [
            calendar(zone + event), calendar(zone + event, end: "\n", last: "\n"),
            Data((["BEGIN:VCALENDAR"] + zone).joined(separator: "\r\n").utf8),
            Data((["BEGIN:VCALENDAR"] + zone).joined(separator: "\r\n").utf8 + Array("X\r\nEND:VCALENDAR\r\n".utf8)),
            calendar(zone + zone + event), calendar(event + zone),
        ]
        let (plain, memo) = ZoneMemoTests.scans(texts)
        #expect(memo == plain + plain)
        let found = texts[0].withUnsafeBytes { ICSBlockScanner.scan($0) }
        #expect(found.blocks.first?.ordinary == false)
    }
}
