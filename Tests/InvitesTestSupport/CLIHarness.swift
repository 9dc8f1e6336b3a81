import Foundation
import InvitesCLI

/// Runs `invites` in-process with a private home, a fixed clock and captured streams.
package struct CLIHarness {
    package let home: String
    package var variables: [String: String]
    /// What the user answers when asked on the terminal; by default there is no terminal.
    package var confirm: @Sendable (String) -> Bool? = { _ in nil }
    /// The width of the terminal standard output is; by default it is no terminal.
    package var terminalColumns: @Sendable () -> Int? = { nil }
    /// The rows of that terminal; by default it is no terminal.
    package var terminalRows: @Sendable () -> Int? = { nil }
    /// The clock commands see; by default a fixed instant.
    package var now: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_717_243_200) }
    /// What `review` reads keys from; by default the lines of `stdin`.
    package var keyboard: (@Sendable () -> Keyboard)?
    /// Whether standard output is a terminal; by default it is not.
    package var outputIsTerminal = false

    package init() {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("invites-cli-\(UUID().uuidString)").path
        variables = ["HOME": home, "TZ": "UTC", "XDG_CONFIG_HOME": home + "/config"]
    }

    /// What one run gave back: the exit status and both streams.
    package struct Result {
        package var status: Int32
        package var out: String
        package var err: String
    }

    /// Runs `invites --home <home> <arguments>` with `stdin` as its standard input, which
    /// `terminal` makes look like a terminal.
    package func run(_ arguments: [String], stdin: String = "", terminal: Bool = false) -> Result {
        let out = TextSink()
        let err = TextSink()
        let input = Data(stdin.utf8)
        let now = self.now
        let environment = CLIEnvironment(
            variables: variables, now: now, readStandardInput: { input },
            outputIsTerminal: outputIsTerminal, inputIsTerminal: terminal, out: out, err: err, confirm: confirm,
            terminalColumns: terminalColumns, terminalRows: terminalRows, keyboard: keyboard)
        let status = InvitesCommand.run(["--home", home] + arguments, environment: environment)
        return Result(status: status, out: out.text, err: err.text)
    }

    /// A file of the repository (the sample data under `fixtures/`).
    package static func repositoryFile(_ relative: String) -> String {
        Fixture.repositoryFile(relative)
    }

    /// Writes a scratch file in the harness's home and returns its path.
    package func write(_ name: String, _ text: String) -> String {
        try? FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let path = (home as NSString).appendingPathComponent(name)
        FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }
}
