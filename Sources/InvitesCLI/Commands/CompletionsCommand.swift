import InvitesKit

/// `invites completions bash|zsh|fish`: completion for commands, options and handles.
enum CompletionsCommand {
    static let spec = OptionSpec()

    static func run(_ context: CommandContext) throws -> ExitCode {
        guard context.arguments.positionals.count == 1, let shell = context.arguments.positionals.first else {
            throw UsageError(message: "completions takes one shell: bash, zsh or fish", command: "completions")
        }
        let commands = InvitesCommand.commands
        let global = (Settings.globalOptions.values.union(Settings.globalOptions.flags)).sorted()
        let handles = "invites list --all --handles 2>/dev/null"
        switch shell {
        case "bash":
            var text =
                "# bash completion for invites\n_invites() {\n    local cur=${COMP_WORDS[COMP_CWORD]} command=\"\" word\n"
            text +=
                "    for word in \"${COMP_WORDS[@]:1:COMP_CWORD-1}\"; do case $word in -*) ;; *) command=$word; break;; esac; done\n"
            text += "    case $command in\n"
            text +=
                "        \"\") COMPREPLY=($(compgen -W \"\(commands.map(\.name).joined(separator: " ")) help \(global.joined(separator: " "))\" -- \"$cur\"));;\n"
            for entry in commands {
                let options = (entry.spec.values.union(entry.spec.flags).sorted() + ["--help"]).joined(separator: " ")
                let takesHandle = entry.usage.contains("HANDLE")
                text +=
                    "        \(entry.name)) if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W \"\(options)\" -- \"$cur\"))"
                text +=
                    takesHandle
                    ? "; else COMPREPLY=($(compgen -W \"$(\(handles))\" -- \"$cur\")); fi;;\n"
                    : "; else COMPREPLY=($(compgen -f -- \"$cur\")); fi;;\n"
            }
            text += "    esac\n}\ncomplete -F _invites invites\n"
            try emit(text, shell: shell, context)
        case "zsh":
            var text = "#compdef invites\n_invites() {\n    local -a commands\n    commands=(\n"
            for entry in commands {
                text += "        '\(entry.name):\(entry.summary.replacingOccurrences(of: "'", with: ""))'\n"
            }
            text +=
                "    )\n    if (( CURRENT == 2 )); then _describe 'command' commands; return; fi\n    case $words[2] in\n"
            for entry in commands {
                let options = (entry.spec.values.union(entry.spec.flags).sorted() + ["--help"]).map { "'\($0)'" }
                    .joined(separator: " ")
                let rest = entry.usage.contains("HANDLE") ? "'*:handle:($(\(handles)))'" : "'*:file:_files'"
                text += "        \(entry.name)) _arguments \(options) \(rest);;\n"
            }
            text += "    esac\n}\n_invites \"$@\"\n"
            try emit(text, shell: shell, context)
        case "fish":
            var text = "# fish completion for invites\ncomplete -c invites -f\n"
            for entry in commands {
                text +=
                    "complete -c invites -n '__fish_use_subcommand' -a \(entry.name) -d '\(entry.summary.replacingOccurrences(of: "'", with: ""))'\n"
                for option in entry.spec.values.union(entry.spec.flags).sorted() {
                    text +=
                        "complete -c invites -n '__fish_seen_subcommand_from \(entry.name)' -l \(option.dropFirst(2))\n"
                }
                if entry.usage.contains("HANDLE") {
                    text += "complete -c invites -n '__fish_seen_subcommand_from \(entry.name)' -a '(\(handles))'\n"
                } else if entry.name == "ingest" {
                    text += "complete -c invites -n '__fish_seen_subcommand_from ingest' -F\n"
                }
            }
            for option in global where option.hasPrefix("--") {
                text += "complete -c invites -l \(option.dropFirst(2))\n"
            }
            try emit(text, shell: shell, context)
        default:
            throw UsageError(
                message: "completions takes bash, zsh or fish, not '\(Printable.sanitize(shell))'",
                command: "completions")
        }
        return .success
    }

    /// The script as it is, or as `{"shell", "script"}` with `--json`.
    private static func emit(_ text: String, shell: String, _ context: CommandContext) throws {
        if context.settings.json {
            try context.printJSON(JSONOutput.ScriptBody(shell: shell, script: text))
        } else {
            context.environment.out.write(text)
        }
    }
}
