import Foundation
import InvitesTestSupport
import Testing

/// The organizer calls off one occurrence of a series: what waited in the outbox only for it
/// is withdrawn (it once went out on the next `send`), what also answers the series still goes.
@Suite struct CancelledOccurrenceTests {
    static func fixture(_ name: String) -> String {
        CLIHarness.repositoryFile("Tests/InvitesCLITests/Fixtures/series/\(name)")
    }

    let cli: CLIHarness
    let options: [String]

    init() {
        var cli = CLIHarness()
        cli.now = { Date.utc("2026-12-01T00:00:00Z") }
        self.cli = cli
        options = ["--calendar", cli.write("calendar.ics", ""), "--tz", "UTC", "--me", "me@example.org"]
    }

    /// The states of the outbox's messages, oldest first, and the deliveries of the history.
    func states() throws -> (outbox: [String], history: [String]) {
        let outbox = cli.run(options + ["--json", "outbox", "--all"]).out
        let messages = try #require(
            (try JSONSerialization.jsonObject(with: Data(outbox.utf8)) as? [String: Any])?["messages"]
                as? [[String: Any]])
        let history = cli.run(options + ["--json", "history"]).out
        let entries = try #require(
            (try JSONSerialization.jsonObject(with: Data(history.utf8)) as? [String: Any])?["entries"]
                as? [[String: Any]])
        return (messages.compactMap { $0["state"] as? String }, entries.compactMap { $0["delivery"] as? String })
    }

    @Test("An answer to the cancelled occurrence alone is withdrawn")
    func anAnswerToTheCancelledOccurrenceAloneIsWithdrawn() throws {
        #expect(cli.run(options + ["ingest", Self.fixture("weekly.ics")]).status == 0)
        let declined = cli.run(options + ["decline", "weekly-1", "--occurrence", "20261221T090000Z", "--no-send"])
        #expect(declined.status == 0, "\(declined.err)")
        #expect(try states().outbox == ["queued"])
        let cancelled = cli.run(options + ["ingest", Self.fixture("cancel-one.ics")])
        #expect(cancelled.status == 0, "\(cancelled.err)")
        #expect(
            (cancelled.out + cancelled.err).contains(
                "the message waiting in the outbox for the occurrence was withdrawn"),
            "\(cancelled.out)\(cancelled.err)")
        let after = try states()
        #expect(after.outbox == ["withdrawn"])
        #expect(after.history == ["withdrawn"])
        #expect(cli.run(options + ["outbox"]).out == "Nothing waits to be sent.\n")
    }

    @Test func aReplyThatAlsoAnswersTheSeriesStillGoes() throws {
        #expect(cli.run(options + ["ingest", Self.fixture("weekly.ics")]).status == 0)
        #expect(cli.run(options + ["accept", "weekly-1", "--no-send"]).status == 0)
        #expect(
            cli.run(options + ["decline", "weekly-1", "--occurrence", "20261221T090000Z", "--no-send"]).status == 0)
        let cancelled = cli.run(options + ["ingest", Self.fixture("cancel-one.ics")])
        #expect(cancelled.status == 0, "\(cancelled.err)")
        #expect(!(cancelled.out + cancelled.err).contains("withdrawn"))
        #expect(try states().outbox.filter { $0 == "queued" }.count == 1)
    }
}
