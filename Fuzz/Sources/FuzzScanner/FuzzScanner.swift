import Foundation
import FuzzSupport

@testable import InvitesFormats
@testable import InvitesKit

/// Any bytes as a calendar file, through everything that reads it before libical does: the
/// content lines, the block scanner, the property walker, the lines handed to libical, the
/// prefilter's bounds and rule patterns, the file index and its encoding (which must read back
/// as it was written).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScanner(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = FuzzDriver.data(start, count)
    // A window the input chooses, among ordinary and extreme ones.
    let windows = [
        0..<86_400, 1_740_787_200..<1_741_392_000, -62_135_596_800..<(-62_132_918_400),
        253_399_622_400..<253_402_300_800,
    ]
    let window = windows[FuzzDriver.choice(data, among: windows.count)]
    data.withUnsafeBytes { bytes in
        let scan = ICSBlockScanner.scan(bytes)
        for block in scan.blocks + scan.unterminated {
            _ = ICSBlockScanner.text(of: "UID", in: bytes, block: block.range)
            _ = ICSBlockScanner.value(of: "TZID", in: bytes, block: block.range)
            switch block.kind {
            case .event:
                for line in scan.fields(of: block) {
                    var unfolded: [UInt8] = []
                    ContentLine.unfold(bytes, line.start..<line.end, into: &unfolded)
                    guard block.range.contains(line.start), line.end <= block.range.upperBound,
                        unfolded.count == line.length
                    else { fatalError("a bounding line is not where or as long as the scanner says") }
                }
                _ = EventLines.read(UnsafeRawBufferPointer(rebasing: bytes[block.range]))
                let bounds = BlockPrefilter.bounds(bytes, block.range, scan.fields(of: block))
                _ = bounds.pattern?.mayHaveInstance(in: window)
                _ = ICSBlockScanner.value(of: "UID", in: bytes, block: block.range).map {
                    BlockFields.uidHash(value: $0[...])
                }
            case .timezone, .task:
                break
            case .calendarZone:
                _ = ICSBlockScanner.lineValue(bytes, at: block.range.lowerBound)
            }
        }
        // Every content line, read as the readers read it, is as long unfolded as it says.
        var start = 0
        while start < bytes.count {
            let line = ContentLine.read(bytes, at: start, limit: bytes.count)
            guard line.unfolded(bytes).count == line.length, line.next > start else {
                fatalError("a content line is not as long as it says, or reading it went nowhere")
            }
            start = line.next
        }
        _ = ICalComponent.eventCount(in: bytes)
        _ = ByteSearch.contains(Array("ORGANIZER".utf8), in: bytes, ignoringCase: true)
        let index = FileIndex.build(bytes, stamp: nil)
        _ = index.mayMatter(window)
        _ = index.reach
        _ = index.fits(data)
        guard FileIndex(index.encoded()) == index else {
            fatalError("a file index does not read back as it was written")
        }
    }
    // A damaged index kept on disk is read the same way.
    _ = FileIndex(data)
    return 0
}

@main
enum FuzzScannerMain {
    static func main() { FuzzDriver.run(fuzzScanner) }
}
