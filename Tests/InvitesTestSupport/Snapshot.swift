import Foundation
import Testing

/// Compares human output with a golden file of the calling test target; `RECORD_SNAPSHOTS=1`
/// rewrites the file instead, for review in the diff (as swift-argument-parser's `assertSnapshot`
/// does).
///
/// Each test target keeps its golden files in its own `Golden` folder (`Tests/<Target>/Golden`);
/// the caller's `#filePath` says which target that is, however deep in its folders the test sits.
package enum Snapshot {
    /// The `Golden` folder of the test target that holds `file`.
    package static func directory(for file: String) -> URL {
        var folder = URL(fileURLWithPath: file).deletingLastPathComponent()
        while folder.deletingLastPathComponent().lastPathComponent != "Tests" {
            let parent = folder.deletingLastPathComponent()
            precondition(parent.path != folder.path, "\(file) is not inside a test target under Tests/")
            folder = parent
        }
        return folder.appendingPathComponent("Golden")
    }

    /// Lines of output, each ended by a newline, against `Golden/<name>.txt`.
    package static func assert(
        _ lines: [String], named name: String, filePath: String = #filePath,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try assert(
            lines.joined(separator: "\n") + "\n", named: name, filePath: filePath, sourceLocation: sourceLocation)
    }

    /// Output exactly as written, against `Golden/<name>.txt`.
    package static func assert(
        _ text: String, named name: String, filePath: String = #filePath,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let url = directory(for: filePath).appendingPathComponent(name + ".txt")
        if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
            try Data(text.utf8).write(to: url)
            return
        }
        guard let golden = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record(
                "no golden file \(name).txt; run with RECORD_SNAPSHOTS=1 and review it", sourceLocation: sourceLocation)
            return
        }
        #expect(text == golden, "output differs from Golden/\(name).txt", sourceLocation: sourceLocation)
    }
}
