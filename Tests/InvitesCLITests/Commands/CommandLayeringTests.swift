import Foundation
import InvitesTestSupport
import Testing

/// The commands parse, call one controller and render: none builds the calendar query, the
/// conflict finder, a composer or a transport itself, nor answers through the responder, which is
/// the Kit's business (so that `watch` and any other caller get the same behaviour without a
/// command line: an answer through ``AnswerController``, a hand-over through
/// ``Dispatcher``).
@Suite struct CommandLayeringTests {
    static let kitOnly = [
        "CalendarQuery(", "ConflictFinder(", "FreeSlotFinder(", "ITIPComposer.", "MIMEComposer", "OutboxDraft.",
        "Transport(", "Responder(",
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
                if CommandLayeringTests.answersThroughTheResponder(line) {
                    found.append("Sources/InvitesCLI/\(file):\(number + 1): the Responder's answer")
                }
            }
        }
        #expect(found.isEmpty, "commands building what a Kit controller should:\n\(found.joined(separator: "\n"))")
    }

    /// What only the composition root (``InvitesHome``) builds: a command, `review` or `watch`
    /// that made its own controller or dispatcher would wire it apart from the rest.
    static let homeOnly = ["Controller(", "Dispatcher(", "ReviewQueue("]

    @Test func noCommandBuildsAControllerOfItsOwn() throws {
        let root = CLIHarness.repositoryFile("Sources/InvitesCLI")
        let files = try #require(FileManager.default.enumerator(atPath: root)?.allObjects as? [String])
            .filter { $0.hasSuffix(".swift") }
        var found: [String] = []
        for file in files {
            let lines = try String(contentsOfFile: root + "/" + file, encoding: .utf8).components(separatedBy: "\n")
            for (number, line) in lines.enumerated() where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                for name in CommandLayeringTests.homeOnly where line.contains(name) {
                    found.append("Sources/InvitesCLI/\(file):\(number + 1): \(name)")
                }
            }
        }
        #expect(found.isEmpty, "controllers built outside InvitesHome:\n\(found.joined(separator: "\n"))")
        let home = try String(
            contentsOfFile: CLIHarness.repositoryFile("Sources/InvitesKit/Home/InvitesHome.swift"), encoding: .utf8)
        for name in CommandLayeringTests.homeOnly { #expect(home.contains(name), "InvitesHome builds no \(name)") }
    }

    /// A line that calls the responder's `answer` (`context.responder().answer(`,
    /// `controller.responder.answer(`) rather than the ``AnswerController``'s.
    static func answersThroughTheResponder(_ line: String) -> Bool {
        line.range(of: #"responder\b.*\.answer\("#, options: [.regularExpression, .caseInsensitive]) != nil
    }

    @Test func anAnswerThroughTheResponderIsSeen() {
        #expect(CommandLayeringTests.answersThroughTheResponder("let o = try context.responder().answer("))
        #expect(CommandLayeringTests.answersThroughTheResponder("try controller.responder.answer(stored"))
        #expect(
            CommandLayeringTests.answersThroughTheResponder(
                "try context.responder(following: context.arguments.has(\"--no-add\")).answer("))
        #expect(!CommandLayeringTests.answersThroughTheResponder("try context.answerController().answer("))
    }
}
