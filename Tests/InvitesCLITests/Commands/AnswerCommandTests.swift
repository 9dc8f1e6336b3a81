import Foundation
import InvitesTestSupport
import Testing

/// Answers as a user types them.
@Suite struct AnswerCommandTests {
    let cli = CLIHarness()

    @Test(arguments: [["comment", "12", ""], ["comment", "12", "  \n"], ["accept", "12", "--comment", ""]])
    func anEmptyCommentIsRefusedAndNothingIsRecorded(arguments: [String]) {
        #expect(cli.run(["ingest", CLIHarness.repositoryFile("fixtures/invite.json")]).status == 0)
        let result = cli.run(arguments)
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("invites: error: \(arguments[0] == "comment" ? "" : "--")comment needs some TEXT"))
        #expect(cli.run(["history"]).out == "No answers yet.\n")
    }
}
