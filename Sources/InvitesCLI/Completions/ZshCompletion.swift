/// The zsh completion script: an autoloadable `_invites` (put it in `$fpath`), which registers
/// itself with `compdef` when it is sourced instead.
///
/// It reads the words up to the cursor itself, as the bash script does, rather than taking
/// `$words[2]` for the command: `invites --tz Europe/Berlin show <Tab>` has it in the fourth.
enum ZshCompletion {
    static func script(_ model: CompletionModel) -> String {
        var text = """
            #compdef invites
            # zsh completion for invites: invites completions zsh > "${fpath[1]}/_invites"
            _invites() {
                local cur=${words[CURRENT]} word option="" command=""
                local -i i positional=0
                local -a args scope described
                args=("${(@)words[2,CURRENT-1]}")
                if [[ $cur == --*=* ]]; then
                    option=${cur%%=*}
                    compset -P '*='
                fi
                for (( i = 1; i <= ${#args}; i++ )); do
                    word=${args[i]}
                    case $word in
                        (\(model.valueOptions.joined(separator: "|")))
                            if (( i < ${#args} )); then
                                (( i++ ))
                                case $word in (--config|--home) scope+=("$word" "${args[i]/#\\~/$HOME}");; esac
                            else
                                option=$word
                            fi;;
                        (--config=*|--home=*) scope+=("${word%%=*}" "${${word#*=}/#\\~/$HOME}");;
                        (-*) ;;
                        (*) if [[ -z $command ]]; then command=$word; else (( positional++ )); fi;;
                    esac
                done
                if [[ -n $option ]]; then
                    case $command:$option in

            """
        for (patterns, values) in model.optionCases {
            text += "            (\(patterns.joined(separator: "|"))) \(complete(values));;\n"
        }
        text += """
                    esac
                    return
                fi
                if [[ $cur == -* ]]; then
                    case $command in
                        ("") compadd -- \(model.globalOptions.joined(separator: " "));;

            """
        for entry in model.commands {
            text += "            (\(entry.name)) compadd -- \(model.options(of: entry).joined(separator: " "));;\n"
        }
        text += """
                    esac
                    return
                fi
                case $command in
                    ("") \(describedCommands(model));;

            """
        for (commands, first, rest) in model.positionalCases {
            let firstText = commands == ["help"] ? describedCommands(model, help: false) : complete(first)
            text += "        (\(commands.joined(separator: "|")))\n"
            if first == rest {
                text += "            \(firstText);;\n"
            } else {
                text += "            if (( positional == 0 )); then \(firstText); else \(complete(rest)); fi;;\n"
            }
        }
        text += """
                esac
            }
            if [[ $funcstack[1] == _invites ]]; then
                _invites "$@"
            else
                compdef _invites invites
            fi

            """
        return text
    }

    /// Each command with its summary, for `_describe`; `help` too where a command goes.
    private static func describedCommands(_ model: CompletionModel, help: Bool = true) -> String {
        let entries =
            model.commands.map { ($0.name, $0.summary) } + (help ? [("help", "help for a command")] : [])
        let quoted = entries.map { name, summary in
            "'" + (name + ":" + summary).replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
        return "described=(\(quoted.joined(separator: " "))); _describe command described"
    }

    /// The zsh that offers what `values` holds.
    private static func complete(_ values: CompletionModel.Values) -> String {
        switch values {
        case .nothing: return "return 1"
        case .files: return "_files"
        case .directories: return "_files -/"
        case .handles:
            return "compadd -- ${(f)\"$(\"${words[1]/#\\~/$HOME}\" \"${(@)scope}\" list --all --handles 2>/dev/null)\"}"
        case .words(let list): return "compadd -- \(list.joined(separator: " "))"
        }
    }
}
