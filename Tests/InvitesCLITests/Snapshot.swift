import Foundation
import Testing

/// Golden files for the CLI's human output; `RECORD_SNAPSHOTS=1` rewrites them for review.
enum Snapshot {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func assert(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = directory.appendingPathComponent(name + ".txt")
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try Data(text.utf8).write(to: url)
            return
        }
        guard let golden = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("no golden file \(name).txt; run with RECORD_SNAPSHOTS=1 and review it", sourceLocation: sourceLocation)
            return
        }
        #expect(text == golden, "output differs from Golden/\(name).txt", sourceLocation: sourceLocation)
    }
}
