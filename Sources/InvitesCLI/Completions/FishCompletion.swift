/// The fish completion script.
///
/// fish's own `__fish_use_subcommand` takes the first word that is not an option for the
/// command, which is `Europe/Berlin` in `invites --tz Europe/Berlin show`; the helpers here skip
/// the values of options as the parser does.
enum FishCompletion {
    static func script(_ model: CompletionModel) -> String {
        let valueOptions = model.valueOptions.joined(separator: " ")
        var text = """
            # fish completion for invites: invites completions fish > ~/.config/fish/completions/invites.fish
            # The words before the cursor after the command name, the values of options left out.
            function __invites_words
                set -l tokens (commandline -opc)
                set -l skip 0
                for token in $tokens[2..-1]
                    if test $skip = 1
                        set skip 0
                        continue
                    end
                    if contains -- $token \(valueOptions)
                        set skip 1
                    else if not string match -q -- '-*' $token
                        echo $token
                    end
                end
            end
            function __invites_needs_command
                test (count (__invites_words)) = 0
            end
            # __invites_argument COMMAND N: the word at the cursor is COMMAND's argument N (from 0).
            function __invites_argument
                set -l words (__invites_words)
                test (count $words) -gt 0; and test "$words[1]" = $argv[1]; or return 1
                test $argv[2] = any; or test (math (count $words) - 1) = $argv[2]
            end
            # The handles of the inbox that --home and --config on the line name.
            function __invites_handles
                set -l tokens (commandline -opc)
                set -l scope
                for i in (seq 2 (count $tokens))
                    switch $tokens[$i]
                        case --home --config
                            set -q tokens[(math $i + 1)]; and set -a scope $tokens[$i] (string replace -r '^~' $HOME -- $tokens[(math $i + 1)])
                        case '--home=*' '--config=*'
                            set -a scope (string replace -r '=~' "=$HOME" -- $tokens[$i])
                    end
                end
                command -q $tokens[1]; or return
                $tokens[1] $scope list --all --handles 2>/dev/null
            end
            complete -c invites -f

            """
        for entry in model.commands {
            text += "complete -c invites -n __invites_needs_command -a \(entry.name) -d \(quoted(entry.summary))\n"
        }
        text += "complete -c invites -n __invites_needs_command -a help -d 'help for a command'\n"
        for option in model.globalOptions where option.hasPrefix("--") {
            text +=
                "complete -c invites -l \(option.dropFirst(2))\(value(model.values(of: option, command: nil), taken: Settings.globalOptions.values.contains(option)))\n"
        }
        for entry in model.commands {
            for option in entry.spec.values.union(entry.spec.flags).sorted() {
                let values = model.values(of: option, command: entry.name)
                text +=
                    "complete -c invites -n '__invites_argument \(entry.name) any' -l \(option.dropFirst(2))"
                    + value(values, taken: entry.spec.values.contains(option)) + "\n"
            }
        }
        for (commands, first, rest) in model.positionalCases {
            for command in commands {
                if first == rest {
                    text += positional(command, "any", first, model)
                } else {
                    text += positional(command, "0", first, model)
                }
            }
        }
        return text
    }

    private static func positional(
        _ command: String, _ index: String, _ values: CompletionModel.Values, _ model: CompletionModel
    )
        -> String
    {
        let condition = "-n '__invites_argument \(command) \(index)'"
        switch values {
        case .nothing: return ""
        case .files, .directories: return "complete -c invites \(condition) -F\n"
        case .handles: return "complete -c invites \(condition) -a '(__invites_handles)'\n"
        case .words(let list):
            let described = command == "help" ? model.commands.map(\.name) : list
            return "complete -c invites \(condition) -a '\(described.joined(separator: " "))'\n"
        }
    }

    /// What follows `-l NAME` for an option: nothing for a flag, `-x` (a value, no files) or
    /// `-r -F` (a file) and the values for one that takes a value.
    private static func value(_ values: CompletionModel.Values, taken: Bool) -> String {
        guard taken else { return "" }
        switch values {
        case .nothing, .handles: return " -x"
        case .files: return " -r -F"
        case .directories: return " -x -a '(__fish_complete_directories (commandline -ct))'"
        case .words(let list): return " -x -a '\(list.joined(separator: " "))'"
        }
    }

    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
