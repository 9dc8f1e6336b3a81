import Foundation
import InvitesKit

/// The `invites` command line: finds the command, resolves the settings, runs it, and turns
/// whatever it throws into a message and an exit status.
public enum InvitesCommand {
    struct Entry: Sendable {
        var name: String
        var summary: String
        var usage: String
        var spec: OptionSpec
        var run: @Sendable (CommandContext) throws -> ExitCode
    }

    static let commands: [Entry] = [
        Entry(name: "ingest", summary: "read invites into the inbox", usage: "ingest [FILE... | -]",
              spec: IngestCommand.spec, run: IngestCommand.run),
        Entry(name: "list", summary: "the inbox (pending by default), newest first", usage: "list [--all | --status S]",
              spec: ListCommand.spec, run: ListCommand.run),
        Entry(name: "show", summary: "the invite, nearby events, conflicts and the timeline",
              usage: "show HANDLE [--before D] [--after D] [--width N]", spec: ShowCommand.spec, run: ShowCommand.run),
        Entry(name: "check", summary: "one line; exit 0 when free, 3 when it conflicts", usage: "check HANDLE",
              spec: CheckCommand.spec, run: CheckCommand.run),
        Entry(name: "accept", summary: "accept; the invite goes into your calendar",
              usage: "accept HANDLE [--comment TEXT] [--no-add]", spec: AnswerCommand.spec, run: { try AnswerCommand.run(.accepted, $0) }),
        Entry(name: "decline", summary: "decline; an earlier accept is taken out of your calendar",
              usage: "decline HANDLE [--comment TEXT]", spec: AnswerCommand.spec, run: { try AnswerCommand.run(.declined, $0) }),
        Entry(name: "tentative", summary: "answer tentatively; the invite goes into your calendar",
              usage: "tentative HANDLE [--comment TEXT] [--no-add]", spec: AnswerCommand.spec, run: { try AnswerCommand.run(.tentative, $0) }),
        Entry(name: "comment", summary: "a comment without changing the answer", usage: "comment HANDLE TEXT",
              spec: AnswerCommand.commentSpec, run: { try AnswerCommand.run(.commented, $0) }),
        Entry(name: "history", summary: "every answer and comment, newest first",
              usage: "history [--status S] [--since DATE] [--limit N]", spec: HistoryCommand.spec, run: HistoryCommand.run),
        Entry(name: "reply", summary: "the iTIP REPLY for the latest answer (an e-mail with --mime)",
              usage: "reply HANDLE [--out FILE] [--mime]", spec: ReplyCommand.spec, run: ReplyCommand.run),
        Entry(name: "status", summary: "one short line for status bars: how many are pending",
              usage: "status [--format TEXT]", spec: StatusCommand.spec, run: StatusCommand.run),
    ]

    /// Runs one command line; returns the exit status.
    public static func run(_ arguments: [String], environment: CLIEnvironment) -> Int32 {
        do {
            return try dispatch(arguments, environment: environment).rawValue
        } catch {
            return ErrorReport.report(error, to: environment).rawValue
        }
    }

    private static func dispatch(_ arguments: [String], environment: CLIEnvironment) throws -> ExitCode {
        guard let (index, name) = commandPosition(arguments) else {
            let global = try ArgumentParser.parse(arguments, spec: Settings.globalOptions, command: nil)
            if global.has("--version") {
                environment.out.write("invites \(Version.current)\n")
                return .success
            }
            if global.has("--help") || global.has("-h") {
                environment.out.write(Help.overview(commands))
                return .success
            }
            throw UsageError(message: "no command given", command: nil)
        }
        if name == "help" {
            let topic = arguments.suffix(from: index + 1).first { !$0.hasPrefix("-") }
            if let topic, let entry = commands.first(where: { $0.name == topic }) {
                environment.out.write(Help.command(entry))
            } else {
                environment.out.write(Help.overview(commands))
            }
            return .success
        }
        guard let entry = commands.first(where: { $0.name == name }) else {
            var message = "unknown command '\(Printable.sanitize(name))'"
            if let suggestion = Suggestion.closest(to: name, in: commands.map(\.name)) {
                message += "; did you mean '\(suggestion)'?"
            }
            throw UsageError(message: message, command: nil)
        }
        var rest = arguments
        rest.remove(at: index)
        let spec = OptionSpec(
            values: Settings.globalOptions.values.union(entry.spec.values),
            flags: Settings.globalOptions.flags.union(entry.spec.flags))
        let parsed = try ArgumentParser.parse(rest, spec: spec, command: entry.name)
        if parsed.has("--help") || parsed.has("-h") {
            environment.out.write(Help.command(entry))
            return .success
        }
        let settings = try Settings.resolve(parsed, environment: environment)
        return try entry.run(CommandContext(arguments: parsed, settings: settings, environment: environment))
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

/// The version `invites --version` prints.
enum Version {
    static let current = ProductVersion.current
}
