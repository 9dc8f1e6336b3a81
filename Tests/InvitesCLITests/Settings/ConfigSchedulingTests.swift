import Foundation
import InvitesKit
import InvitesTestSupport
import Testing

@testable import InvitesCLI
@testable import InvitesFormats

/// `invites config` shows `scheduling` (the mode for every calendar and each calendar's own
/// line) with where each came from, in text and `--json`, and its columns line up whatever the
/// key (issue 35, part 6).
@Suite struct ConfigSchedulingTests {
    let cli = CLIHarness()

    /// A harness whose default config file holds `text`, with a vdir calendar at `~/cal`.
    func configured(_ text: String) throws -> CLIHarness {
        try FileManager.default.createDirectory(atPath: cli.home + "/cal", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: cli.home + "/config/invites", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: cli.home + "/config/invites/config", contents: Data(text.utf8))
        return cli
    }

    /// The text output as it is.
    func output(_ harness: CLIHarness) -> String {
        let result = harness.run(["config"])
        #expect(result.status == 0, "\(result.err)")
        return result.out
    }

    /// The text output with the harness's home (a random path) as `~`, laid out again by the
    /// command's own table so that the golden files hold the columns as they would be for it.
    func text(_ harness: CLIHarness) -> String {
        let rows = output(harness).split(separator: "\n").map { line in
            let cells = line.replacingOccurrences(of: harness.home, with: "~")
                .components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            let from = cells.count > 2 && cells[2].hasPrefix("from ") ? String(cells[2].dropFirst(5)) : ""
            return (key: cells.first ?? "", value: cells.count > 1 ? cells[1] : "", source: from)
        }
        return ConfigCommand.table(rows).joined(separator: "\n") + "\n"
    }

    func scheduling(_ harness: CLIHarness) throws -> [String: Any] {
        let result = harness.run(["--json", "config"])
        #expect(result.status == 0, "\(result.err)")
        let document = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
        let settings = try #require(document?["settings"] as? [String: [String: Any]])
        return try #require(settings["scheduling"])
    }

    /// The column each line's value starts in, and the one its "from" starts in (in terminal
    /// columns: a wide character takes two).
    func columns(_ output: String) -> (values: Set<Int>, froms: Set<Int>) {
        var values = Set<Int>()
        var froms = Set<Int>()
        for line in output.split(separator: "\n") {
            let key = line.prefix { $0 != " " }
            let rest = line.dropFirst(key.count)
            values.insert(key.count + rest.prefix { $0 == " " }.count)
            if let from = line.range(of: "  from ") { froms.insert(DisplayWidth.of(String(line[..<from.lowerBound]))) }
        }
        return (values, froms)
    }

    @Test func fromTheDefault() throws {
        let output = text(cli)
        #expect(output.contains("\nscheduling      auto "), "\(output)")
        try Snapshot.assert(output, named: "config-default")
        let setting = try scheduling(cli)
        #expect(setting["from"] as? String == "default")
        let value = try #require(setting["value"] as? [String: Any])
        #expect(value["mode"] as? String == "auto")
        #expect((value["calendars"] as? [Any])?.isEmpty == true)
    }

    @Test func fromTheFileAndPerPath() throws {
        let harness = try configured(
            """
            calendar = ~/cal
            scheduling = client
            scheduling = auto ~/cal/
            scheduling = client /srv/other
            scheduling = server ~/cal
            occurrences = 12
            respond_url = https://calendar.example.com/answers
            notify_command = notify-send --app-name=invites

            """)
        let output = text(harness)
        try Snapshot.assert(output, named: "config-scheduling")
        let lines = output.split(separator: "\n").filter { $0.hasPrefix("scheduling ") }
        #expect(
            lines.map { $0.replacingOccurrences(of: "  +", with: "  ", options: .regularExpression) } == [
                "scheduling  client  from ~/config/invites/config:2",
                "scheduling  client /srv/other (not a calendar in use)  from ~/config/invites/config:4",
                "scheduling  server ~/cal  from ~/config/invites/config:5",
            ])
        let setting = try scheduling(harness)
        #expect(setting["from"] as? String == harness.home + "/config/invites/config:2")
        let value = try #require(setting["value"] as? [String: Any])
        #expect(value["mode"] as? String == "client")
        let calendars = try #require(value["calendars"] as? [[String: Any]])
        #expect(calendars.map { $0["path"] as? String } == ["/srv/other", harness.home + "/cal"])
        #expect(calendars.map { $0["mode"] as? String } == ["client", "server"])
        #expect(calendars.map { $0["inUse"] as? Bool } == [false, true])
        #expect(
            calendars.map { $0["from"] as? String } == [
                harness.home + "/config/invites/config:4", harness.home + "/config/invites/config:5",
            ])
    }

    /// Every value starts in one column and every "from" in another, whatever the key: before,
    /// keys of 11 characters and more (`occurrences`, `respond_url`, `notify_command`) pushed
    /// their values one column on, and long values their "from".
    @Test func theColumnsLineUp() throws {
        let harness = try configured(
            """
            calendar = ~/cal
            scheduling = server ~/cal
            name = Zoë 日本 Example
            respond_url = https://calendar.example.com/a/very/long/path/that/goes/on/and/on/answers
            notify_command = notify-send --app-name=invites

            """)
        let found = columns(output(harness))
        #expect(found.values.count == 1, "\(found.values)")
        #expect(found.froms.count == 1, "\(found.froms)")
        // Wide characters count as two columns.
        let rows = ConfigCommand.table([("k", "日本", "a"), ("key", "abcd", "b")])
        #expect(rows == ["k    日本  from a", "key  abcd  from b"])
    }

    /// `scheduling = MODE ~/PATH` names the calendar `calendar = ~/PATH` names: it applies to it.
    @Test func aHomePathInSchedulingNamesTheCalendar() throws {
        let harness = try configured("calendar = ~/cal\nscheduling = client ~/cal\n")
        let calendars = try #require(
            (try scheduling(harness)["value"] as? [String: Any])?["calendars"] as? [[String: Any]])
        #expect(calendars.first?["path"] as? String == harness.home + "/cal")
        #expect(calendars.first?["inUse"] as? Bool == true)
    }

    /// A bad value stops `config` as it stops every command, naming the line.
    @Test func aBadValueStopsConfigToo() throws {
        let harness = try configured("scheduling = sometimes\n")
        let result = harness.run(["config"])
        #expect(result.status == 2)
        #expect(result.err.contains("config:1: 'scheduling' takes auto, server or client"))
    }
}
