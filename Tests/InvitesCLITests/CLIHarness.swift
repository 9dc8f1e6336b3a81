import Foundation
@testable import InvitesCLI

/// Runs `invites` in-process with a private home, a fixed clock and captured streams.
struct CLIHarness {
    let home: String
    var variables: [String: String]

    init() {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("invites-cli-\(UUID().uuidString)").path
        variables = ["HOME": home, "TZ": "UTC", "XDG_CONFIG_HOME": home + "/config"]
    }

    struct Result {
        var status: Int32
        var out: String
        var err: String
    }

    func run(_ arguments: [String], stdin: String = "") -> Result {
        let out = TextSink()
        let err = TextSink()
        let input = Data(stdin.utf8)
        let environment = CLIEnvironment(
            variables: variables, now: { Date(timeIntervalSince1970: 1_717_243_200) }, readStandardInput: { input },
            outputIsTerminal: false, out: out, err: err)
        let status = InvitesCommand.run(["--home", home] + arguments, environment: environment)
        return Result(status: status, out: out.text, err: err.text)
    }

    /// A file of the repository (the sample data under `fixtures/`).
    static func repositoryFile(_ relative: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(relative).path
    }

    /// Writes a scratch file in the harness's home and returns its path.
    func write(_ name: String, _ text: String) -> String {
        try? FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let path = (home as NSString).appendingPathComponent(name)
        FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }
}
