import Foundation
import InvitesTestSupport
import Testing

/// The config file as users write it: comments beside values, quoted values, several addresses
/// on one `me` line.
@Suite struct ConfigFileTests {
    let cli = CLIHarness()

    /// A harness whose config file is `text`.
    func configured(_ text: String) -> (CLIHarness, String) {
        var harness = cli
        let path = cli.write("config", text)
        harness.variables["INVITES_CONFIG"] = path
        harness.variables["INVITES_ME"] = nil
        return (harness, path)
    }

    /// The settings `config --json` reports, by key.
    func settings(_ harness: CLIHarness) throws -> [String: Any] {
        let result = harness.run(["--json", "config"])
        #expect(result.status == 0, "\(result.err)")
        let document = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
        let settings = try #require(document?["settings"] as? [String: [String: Any]])
        return settings.mapValues { $0["value"] ?? NSNull() }
    }

    /// The "Settings for sending" block of docs/recipes.md, pasted as it is: each `#` comment
    /// beside a value is a comment, so `send` is `never`, `sendmail` is `msmtp -t` (it once
    /// mailed the reply to `#` and `/usr/sbin/sendmail`) and `respond_url` has no `%20%20#`.
    @Test("The config block of docs/recipes.md reads as its comments say")
    func theRecipesConfigBlockReadsAsItsCommentsSay() throws {
        let recipes = try String(contentsOfFile: CLIHarness.repositoryFile("docs/recipes.md"), encoding: .utf8)
        let section = try #require(recipes.range(of: "## Settings for sending"))
        let after = recipes[section.upperBound...]
        let open = try #require(after.range(of: "```\n"))
        let close = try #require(after[open.upperBound...].range(of: "```"))
        let block = String(after[open.upperBound..<close.lowerBound])
        #expect(block.contains("  # "), "the recipe still has comments beside its values")
        let (harness, _) = configured(block)
        let values = try settings(harness)
        #expect(values["send"] as? String == "never")
        #expect(values["sendmail"] as? [String] == ["msmtp", "-t"])
        #expect(values["respond_url"] as? String == "https://calendar.example.com/api/answers")
        #expect(values["me"] as? [String] == ["ann@example.org"])
        #expect(values["name"] as? String == "Ann Example")
        #expect(harness.run(["list"]).status == 0)
    }

    /// A `#` inside a word is kept (a URL's fragment); in double quotes it is kept, and the
    /// quotes taken off; in `sendmail`'s quotes it stays part of the command's word.
    @Test func aHashInsideAValueOrQuotesIsKept() throws {
        let (harness, _) = configured(
            """
            name = "Ann #2"   # the second Ann
            respond_url = https://calendar.example.com/answers#inbox
            sendmail = msmtp -a "work #1" -t\t# the work account

            """)
        let values = try settings(harness)
        #expect(values["name"] as? String == "Ann #2")
        #expect(values["respond_url"] as? String == "https://calendar.example.com/answers#inbox")
        #expect(values["sendmail"] as? [String] == ["msmtp", "-a", "work #1", "-t"])
    }

    @Test func aQuoteLeftOpenNamesItsLine() {
        let (harness, path) = configured("me = ann@example.org\nname = \"Ann\n")
        let result = harness.run(["list"])
        #expect(result.status == 2)
        #expect(result.err == "invites: error: \(path):2: 'name' has a quote left open\n")
    }

    /// `me = a@x, b@y` is two addresses, as `INVITES_ME` takes them: an invitation that lists
    /// the second is answered as it, not as `mailto:a@x, b@y`.
    @Test func meTakesAListOfAddresses() throws {
        let (harness, _) = configured("me = ann@work.example, ann@example.org  # both of me\n")
        #expect(try settings(harness)["me"] as? [String] == ["ann@example.org", "ann@work.example"])
        let mail = CLIHarness.repositoryFile("Tests/InvitesCLITests/Fixtures/mail/google-twice.eml")
        let calendar = cli.write("calendar.ics", "")
        let handle = harness.run(["ingest", mail, "--print", "handle"]).out
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(harness.run(["--calendar", calendar, "accept", handle]).status == 0)
        let reply = harness.run(["reply", handle]).out
        #expect(reply.contains("ATTENDEE;"), "\(reply)")
        #expect(reply.contains(":mailto:ann@example.org\r\n"))
        #expect(!reply.contains("work.example"))
    }

    @Test(arguments: ["not an address", "ann@example.org, ", "ann@example.org; ben@example.org", "@example.org"])
    func meThatIsNoAddressIsAUsageError(value: String) {
        let (harness, path) = configured("# mine\nme = \(value)\n")
        let result = harness.run(["list"])
        #expect(result.status == 2)
        #expect(result.err.hasPrefix("invites: error: \(path):2: 'me' takes e-mail addresses"), "\(result.err)")
    }
}
