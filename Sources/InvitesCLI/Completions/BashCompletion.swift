/// The bash completion script.
///
/// bash splits `--home=DIR` at the `=` (`COMP_WORDBREAKS`), so the words are joined again
/// before the command line is read; file names go through `compgen -f` with `-o filenames`, and
/// every list through `compgen -W`, so that what is offered is what fits the word typed.
enum BashCompletion {
    static func script(_ model: CompletionModel) -> String {
        var text = """
            # bash completion for invites: invites completions bash > ~/.local/share/bash-completion/completions/invites
            _invites() {
                local cur=${COMP_WORDS[COMP_CWORD]} word option="" command="" i
                local -i positional=0
                local -a args=() scope=()
                # Join what bash split at "=": --home = DIR is the word --home=DIR.
                for ((i = 1; i < COMP_CWORD; i++)); do
                    word=${COMP_WORDS[i]}
                    if [[ $word == "=" && ${#args[@]} -gt 0 && ${args[-1]} == -* ]]; then
                        args[-1]+="="
                        if ((i + 1 < COMP_CWORD)); then ((i++)); args[-1]+=${COMP_WORDS[i]}; fi
                        continue
                    fi
                    args+=("$word")
                done
                if [[ ${#args[@]} -gt 0 && ${args[-1]} == --*= ]]; then
                    option=${args[-1]%=}
                    unset 'args[-1]'
                elif [[ $cur == --*=* ]]; then
                    option=${cur%%=*}
                    cur=${cur#*=}
                fi
                for ((i = 0; i < ${#args[@]}; i++)); do
                    word=${args[i]}
                    case $word in
                        \(model.valueOptions.joined(separator: "|")))
                            if ((i + 1 < ${#args[@]})); then
                                ((i++))
                                case $word in --config|--home) scope+=("$word" "${args[i]/#\\~/$HOME}");; esac
                            else
                                option=$word
                            fi;;
                        --config=*|--home=*) scope+=("${word%%=*}" "${word#*=}");;
                        -*) ;;
                        *) if [[ -z $command ]]; then command=$word; else positional+=1; fi;;
                    esac
                done
                if [[ -n $option ]]; then
                    case $command:$option in

            """
        for (patterns, values) in model.optionCases {
            text += "            \(patterns.joined(separator: "|"))) \(complete(values));;\n"
        }
        text += """
                    esac
                    return
                fi
                if [[ $cur == -* ]]; then
                    case $command in
                        "") \(words(model.globalOptions));;

            """
        for entry in model.commands {
            text += "            \(entry.name)) \(words(model.options(of: entry)));;\n"
        }
        text += """
                    esac
                    return
                fi
                case $command in
                    "") \(words(model.commands.map(\.name) + ["help"]));;

            """
        for (commands, first, rest) in model.positionalCases {
            text += "        \(commands.joined(separator: "|")))\n"
            if first == rest {
                text += "            \(complete(first));;\n"
            } else {
                text += "            if ((positional == 0)); then \(complete(first)); else \(complete(rest)); fi;;\n"
            }
        }
        text += """
                esac
            }
            complete -F _invites invites

            """
        return text
    }

    /// The bash that sets COMPREPLY to what `values` offers for `$cur`.
    private static func complete(_ values: CompletionModel.Values) -> String {
        switch values {
        case .nothing: return "COMPREPLY=()"
        case .files: return "compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- \"$cur\")"
        case .directories: return "compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -d -- \"$cur\")"
        case .handles:
            return
                "mapfile -t COMPREPLY < <(compgen -W \"$(\"${COMP_WORDS[0]}\" \"${scope[@]}\" list --all --handles 2>/dev/null)\" -- \"$cur\")"
        case .words(let list): return words(list)
        }
    }

    private static func words(_ list: [String]) -> String {
        "mapfile -t COMPREPLY < <(compgen -W \"\(list.joined(separator: " "))\" -- \"$cur\")"
    }
}
