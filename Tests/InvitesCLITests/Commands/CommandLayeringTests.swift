import Foundation
import InvitesTestSupport
import Testing

/// The commands parse, call one controller and render: none builds the calendar query, the
/// conflict finder or a composer itself, which is the Kit's business (so that `watch` and any
/// other caller get the same behaviour without a command line).
@Suite struct CommandLayeringTests {
    static let kitOnly = [
        "CalendarQuery(", "ConflictFinder(", "FreeSlotFinder(", "ITIPComposer.", "MIMEComposer", "OutboxDraft.",
    ]

    @Test func noCommandBuildsWhatTheKitOwns() throws {
        let root = CLIHarness.repositoryFile("Sources/InvitesCLI")
        let files = try #require(FileManager.default.enumerator(atPath: root)?.allObjects as? [String])
            .filter { $0.hasSuffix(".swift") }
        #expect(files.count > 20)
        var found: [String] = []
        for file in files {
            let lines = try String(contentsOfFile: root + "/" + file, encoding: .utf8).components(separatedBy: "\n")
            for (number, line) in lines.enumerated() where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                for name in CommandLayeringTests.kitOnly where line.contains(name) {
                    found.append("Sources/InvitesCLI/\(file):\(number + 1): \(name)")
                }
            }
        }
        #expect(found.isEmpty, "commands building what a Kit controller should:\n\(found.joined(separator: "\n"))")
    }
}
