import InvitesKit

/// The options one command takes.
struct OptionSpec: Sendable {
    /// Options that take a value (`--width 80`, `--width=80`); the flag may repeat.
    var values: Set<String> = []
    /// Options that stand alone (`--json`).
    var flags: Set<String> = []
}

/// A command line split into options and positional arguments.
struct ParsedArguments {
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []

    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }
    func has(_ name: String) -> Bool { flags.contains(name) }
}

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

/// "Did you mean …?" for a mistyped command or option.
enum Suggestion {
    static func closest(to word: String, in candidates: [String]) -> String? {
        let scored = candidates.map { ($0, distance(word, $0)) }.filter { $0.1 <= max(2, word.count / 3) }
        return scored.min { ($0.1, $0.0) < ($1.1, $1.0) }?.0
    }

    /// Levenshtein distance.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
