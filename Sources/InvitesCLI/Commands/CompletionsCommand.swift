import InvitesFormats
import InvitesKit

/// `invites completions bash|zsh|fish`: completion for commands, options, their values and
/// handles (``CompletionModel``).
enum CompletionsCommand {
    static let spec = OptionSpec()

    static func run(_ context: CommandContext) throws -> ExitCode {
        guard context.arguments.positionals.count == 1, let shell = context.arguments.positionals.first else {
            throw UsageError(message: "completions takes one shell: bash, zsh or fish", command: "completions")
        }
        let model = CompletionModel()
        let text: String
        switch shell {
        case "bash": text = BashCompletion.script(model)
        case "zsh": text = ZshCompletion.script(model)
        case "fish": text = FishCompletion.script(model)
        default:
            throw UsageError(
                message: "completions takes bash, zsh or fish, not '\(Printable.sanitize(shell))'",
                command: "completions")
        }
        if context.settings.json {
            try context.printJSON(JSONOutput.ScriptBody(shell: shell, script: text))
        } else {
            context.environment.out.write(text)
        }
        return .success
    }
}
