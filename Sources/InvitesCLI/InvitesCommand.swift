import Foundation
import InvitesFormats
import InvitesKit

/// The `invites` command line: finds the command, resolves the settings, runs it, and turns
/// whatever it throws into a message and an exit status.
package enum InvitesCommand {
    /// Runs one command line; returns the exit status.
    ///
    /// A standard output that failed on the way outranks what the command returned: the user
    /// did not get its output (141 when the reader left early, 74 otherwise).
    ///
    /// With `--json` a command that fails prints `{"error": {...}}` on standard output as well,
    /// unless it had printed its document already: a script reads one document either way.
    package static func run(_ arguments: [String], environment: CLIEnvironment) -> Int32 {
        let status: ExitCode
        do {
            status = try dispatch(arguments, environment: environment)
        } catch {
            status = ErrorReport.report(error, to: environment)
            if wantsJSON(arguments), !environment.out.hasWritten, status != .outputClosed,
                let line = try? JSONOutput.line(JSONOutput.Failed(error: JSONOutput.Problem(error)))
            {
                environment.out.write(line)
            }
        }
        if let failure = environment.out.failure {
            return ErrorReport.report(failure, to: environment).rawValue
        }
        return status.rawValue
    }

    private static func dispatch(_ arguments: [String], environment: CLIEnvironment) throws -> ExitCode {
        guard let (index, name) = commandPosition(arguments) else {
            let global = try ArgumentParser.parse(arguments, spec: Settings.globalOptions, command: nil)
            if global.has("--version") {
                environment.out.write(
                    global.has("--json")
                        ? try JSONOutput.line(JSONOutput.VersionBody(version: Version.current))
                        : "invites \(Version.current)\n")
                return .success
            }
            if global.has("--help") || global.has("-h") {
                try writeHelp(Help.overview(commands), arguments, environment)
                return .success
            }
            throw UsageError(message: "no command given", command: nil)
        }
        if name == "help" {
            if arguments.contains("--man") {
                try writeHelp(Help.manPage(commands), arguments, environment)
                return .success
            }
            let topic = arguments.suffix(from: index + 1).first { !$0.hasPrefix("-") }
            guard let topic, topic != "help" else {
                try writeHelp(Help.overview(commands), arguments, environment)
                return .success
            }
            guard let entry = commands.first(where: { $0.name == topic }) else {
                throw unknownCommand(topic, command: nil)
            }
            try writeHelp(Help.command(entry), arguments, environment)
            return .success
        }
        guard let entry = commands.first(where: { $0.name == name }) else { throw unknownCommand(name, command: nil) }
        var rest = arguments
        rest.remove(at: index)
        let spec = OptionSpec(
            values: Settings.globalOptions.values.union(entry.spec.values),
            flags: Settings.globalOptions.flags.union(entry.spec.flags))
        let parsed = try ArgumentParser.parse(rest, spec: spec, command: entry.name)
        if parsed.has("--help") || parsed.has("-h") {
            try writeHelp(Help.command(entry), arguments, environment)
            return .success
        }
        let settings = try Settings.resolve(parsed, environment: environment)
        return try entry.run(CommandContext(arguments: parsed, settings: settings, environment: environment))
    }

    /// Whether the command line asks for JSON: `--json` anywhere before a `--`. Read from the
    /// words themselves, so that a command line too broken to parse still gets its error as JSON.
    private static func wantsJSON(_ arguments: [String]) -> Bool {
        arguments.prefix { $0 != "--" }.contains("--json")
    }

    /// Help text as it is, or as `{"help": TEXT}` with `--json`.
    private static func writeHelp(_ text: String, _ arguments: [String], _ environment: CLIEnvironment) throws {
        environment.out.write(wantsJSON(arguments) ? try JSONOutput.line(JSONOutput.HelpBody(help: text)) : text)
    }

    /// A command name that is none of ours, with the closest one, else the list of them.
    private static func unknownCommand(_ name: String, command: String?) -> UsageError {
        var message = "unknown command '\(Printable.sanitize(name))'"
        if let suggestion = Suggestion.closest(to: name, in: commands.map(\.name)) {
            message += "; did you mean '\(suggestion)'?"
        } else {
            message += "; the commands are " + commands.map(\.name).joined(separator: ", ")
        }
        return UsageError(message: message, command: command)
    }

    /// The first argument that is neither a global option nor its value.
    private static func commandPosition(_ arguments: [String]) -> (Int, String)? {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { return index + 1 < arguments.count ? (index + 1, arguments[index + 1]) : nil }
            if Settings.globalOptions.values.contains(argument) {
                index += 2
                continue
            }
            if argument.hasPrefix("-") {
                index += 1
                continue
            }
            return (index, argument)
        }
        return nil
    }
}
