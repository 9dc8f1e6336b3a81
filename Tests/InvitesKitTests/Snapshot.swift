import Foundation
import Testing

/// Compares human output with a golden file next to the tests; `RECORD_SNAPSHOTS=1` rewrites the
/// file instead, for review in the diff (as swift-argument-parser's `assertSnapshot` does).
enum Snapshot {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func assert(_ lines: [String], named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let text = lines.joined(separator: "\n") + "\n"
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
