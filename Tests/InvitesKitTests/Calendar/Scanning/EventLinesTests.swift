import CLibical
import Foundation
import InvitesTestSupport
import Testing

@testable import InvitesFormats
@testable import InvitesKit

/// libical is given only the lines an event is read from: the event read from them must be the
/// event read from the whole block, for every VEVENT of every calendar at hand.
@Suite struct EventLinesTests {
    /// Each VEVENT of the file at `path` (each file of a vdir), read from its whole block and
    /// from the lines kept for it, with the warnings each gave.
    static func readings(_ path: String) throws -> [(whole: String, kept: String)] {
        var isFolder: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        let files =
            isFolder.boolValue
            ? try FileManager.default.contentsOfDirectory(atPath: path).sorted().map { path + "/" + $0 } : [path]
        return try files.flatMap { file in
            let data = try Data(contentsOf: URL(fileURLWithPath: file))
            return data.withUnsafeBytes { bytes in
                let index = FileIndex.build(bytes, stamp: nil)
                let resolver = ZoneResolver(display: .utc)
                for entry in index.entries where entry.kind == .timezone {
                    resolver.register(block: UnsafeRawBufferPointer(rebasing: bytes[entry.range]))
                }
                return index.entries.filter { $0.kind == .event }.map { entry in
                    let block = UnsafeRawBufferPointer(rebasing: bytes[entry.range])
                    var warnings: [String] = []
                    let whole = ICalComponent.parse(block).flatMap { $0.selfOrChildren(ICAL_VEVENT_COMPONENT).first }
                        .flatMap { ICalEvent($0, resolver: resolver, line: entry.line) { warnings.append($0) } }
                    let wholeText = String(describing: whole) + "\(warnings)"
                    warnings = []
                    let kept = EventLines.read(block).withUnsafeBytes {
                        ICalEvent.parse($0, resolver: resolver, line: entry.line) { warnings.append($0) }
                    }
                    return (wholeText, String(describing: kept) + "\(warnings)")
                }
            }
        }
    }

    @Test(arguments: PrefilterEquivalenceTests.fixtureCalendars + [Fixture.path("calendars/lines.ics")])
    func fixtures(path: String) throws {
        let readings = try EventLinesTests.readings(path)
        #expect(!readings.isEmpty)
        for reading in readings { #expect(reading.kept == reading.whole, "\(path)") }
    }

    @Test(.enabled(if: Fixture.corpus != nil, "../shared/corpus is not here"))
    func corpus() throws {
        for path in PrefilterEquivalenceTests.corpusCalendars {
            for reading in try EventLinesTests.readings(path) { #expect(reading.kept == reading.whole, "\(path)") }
        }
    }

    /// An alarm's attendee is not the event's, a folded line keeps its continuation (tab or
    /// space), names are read in any case, and what is left out is left out whole.
    @Test("Nested components and other properties are left out")
    func nestedComponentsAndOtherPropertiesAreLeftOut() throws {
        let data = try Fixture.data("calendars/lines.ics")
        let kept = data.withUnsafeBytes { bytes in
            let index = FileIndex.build(bytes, stamp: nil)
            let entry = index.entries.first { $0.kind == .event }
            return entry.map {
                String(
                    decoding: EventLines.read(UnsafeRawBufferPointer(rebasing: bytes[$0.range])), as: UTF8.self)
            }
        }
        #expect(
            kept == """
                BEGIN:VEVENT\r
                uid:lines-1\r
                DTSTART;TZID=Europe/Berlin:20241028T100000\r
                Dtend;TZID=Europe/Berlin:\r
                 20241028T110000\r
                SUMMARY:Folded with a tab:\r
                \tone line\r
                ATTENDEE;PARTSTAT=DECLINED:mailto:me@example.org\r
                RRULE:FREQ=WEEKLY;COUNT=4\r
                END:VEVENT\r

                """)
    }
}
