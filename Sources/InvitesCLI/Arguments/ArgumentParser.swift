import InvitesFormats
import InvitesKit

/// Splits arguments by a spec: `--name value`, `--name=value`, flags, `--` to end options, and a
/// lone `-` as a positional (standard input).
enum ArgumentParser {
    static func parse(_ arguments: [String], spec: OptionSpec, command: String?) throws(UsageError) -> ParsedArguments {
        var result = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard !optionsEnded, argument.hasPrefix("-"), argument != "-" else {
                result.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = argument
            var inline: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            if spec.values.contains(name) {
                if let inline {
                    result.values[name, default: []].append(inline)
                } else if index < arguments.count {
                    result.values[name, default: []].append(arguments[index])
                    index += 1
                } else {
                    throw UsageError(message: "\(name) needs a value", command: command)
                }
            } else if spec.flags.contains(name), inline == nil {
                result.flags.insert(name)
            } else {
                let known = Array(spec.values) + Array(spec.flags)
                var message = "unknown option '\(Printable.sanitize(name))'"
                if let suggestion = Suggestion.closest(to: name, in: known) {
                    message += "; did you mean '\(suggestion)'?"
                }
                throw UsageError(message: message, command: command)
            }
        }
        return result
    }
}
