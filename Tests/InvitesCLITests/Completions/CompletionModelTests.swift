import InvitesKit
import Testing

@testable import InvitesCLI
@testable import InvitesModel

/// What the completion scripts are written from; Tests/Scripts/completions.sh runs the scripts
/// themselves in bash, zsh and fish.
@Suite struct CompletionModelTests {
    let model = CompletionModel()

    @Test func optionValuesFollowTheCommand() {
        #expect(
            model.values(of: "--status", command: "list") == .words(InviteStatus.allCases.map(\.rawValue) + ["past"]))
        #expect(model.values(of: "--status", command: "history") == .words(AnswerAction.allCases.map(\.rawValue)))
        #expect(model.values(of: "--color", command: nil) == .words(["auto", "always", "never"]))
        #expect(model.values(of: "--home", command: "show") == .directories)
        #expect(model.values(of: "--out", command: "reply") == .files)
        #expect(model.values(of: "--width", command: "show") == .nothing)
    }

    @Test func argumentsFollowTheCommand() {
        #expect(model.positional(0, of: "show") == .handles)
        #expect(model.positional(0, of: "history") == .handles)
        #expect(model.positional(0, of: "refresh") == .handles)
        #expect(model.positional(0, of: "forward") == .handles)
        #expect(model.positional(1, of: "forward") == .nothing)
        #expect(model.positional(1, of: "comment") == .nothing)
        #expect(model.positional(0, of: "completions") == .words(["bash", "zsh", "fish"]))
        #expect(model.positional(0, of: "help") == .words(InvitesCommand.commands.map(\.name)))
        #expect(model.positional(3, of: "ingest") == .files)
        #expect(model.positional(0, of: "list") == .nothing)
        #expect(model.positional(0, of: "status") == .nothing)
    }

    @Test("Every value option is skipped while looking for the command")
    func everyValueOptionIsSkippedWhileLookingForTheCommand() {
        let options = Set(model.valueOptions)
        #expect(options.isSuperset(of: Settings.globalOptions.values))
        for entry in InvitesCommand.commands { #expect(options.isSuperset(of: entry.spec.values), "\(entry.name)") }
        #expect(!options.contains("--json"))
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func everyScriptNamesEveryCommandAndValue(shell: String) {
        let text: String
        switch shell {
        case "bash": text = BashCompletion.script(model)
        case "zsh": text = ZshCompletion.script(model)
        default: text = FishCompletion.script(model)
        }
        for entry in InvitesCommand.commands { #expect(text.contains(entry.name), "\(shell): \(entry.name)") }
        for status in InviteStatus.allCases { #expect(text.contains(status.rawValue), "\(shell): \(status)") }
        #expect(text.contains("--home"))
    }
}
