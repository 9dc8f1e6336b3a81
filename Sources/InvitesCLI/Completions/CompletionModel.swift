import InvitesKit
import InvitesModel

/// What each word of an `invites` command line completes to, read from the command table: the
/// one source the bash, zsh and fish scripts are written from, so that none of them offers file
/// names where a status goes, or nothing where a handle does.
///
/// The scripts find the command as the parser does: the first word that is neither an option
/// nor the value of one (`invites --tz Europe/Berlin show`), and pass `--home` and `--config`
/// from the line on to the `invites list --all --handles` that lists the handles, so that
/// `--home DIR show <Tab>` offers the handles of DIR.
struct CompletionModel {
    /// What a word can be.
    enum Values: Equatable, Hashable {
        case nothing
        case files
        case directories
        /// The inbox's handles.
        case handles
        case words([String])
    }

    let commands: [InvitesCommand.Entry]

    init(commands: [InvitesCommand.Entry] = InvitesCommand.commands) {
        self.commands = commands
    }

    /// The options that choose where the inbox is: handed on to the command that lists handles.
    static let scopeOptions = ["--config", "--home"]

    /// Every option that takes a value, global or of any command: skipped with its value while
    /// looking for the command.
    var valueOptions: [String] {
        Array(Settings.globalOptions.values.union(commands.flatMap(\.spec.values))).sorted()
    }

    /// The options that may follow `invites`: the global ones.
    var globalOptions: [String] {
        Settings.globalOptions.values.union(Settings.globalOptions.flags).subtracting(["-h"]).sorted()
    }

    /// The options that may follow a command: its own, then the global ones (`--version`
    /// stands alone, so it is not among them).
    func options(of entry: InvitesCommand.Entry) -> [String] {
        entry.spec.values.union(entry.spec.flags).sorted() + globalOptions.filter { $0 != "--version" }
    }

    /// The values an option takes after `command` (`nil`: before any command).
    func values(of option: String, command: String?) -> Values {
        switch option {
        case "--home", "--maildir": return .directories
        case "--calendar", "--config", "--out": return .files
        case "--color": return .words(["auto", "always", "never"])
        case "--notify": return .words(WatchSettings.Mode.allCases.map(\.rawValue))
        case "--status" where command == "history": return .words(AnswerAction.allCases.map(\.rawValue))
        case "--status": return .words(ListCommand.statusNames)
        case "--since": return .words(["today", "yesterday"])
        default: return .nothing
        }
    }

    /// What the positional argument at `index` (from 0) of a command is.
    func positional(_ index: Int, of command: String) -> Values {
        switch command {
        case "help": return index == 0 ? .words(commands.map(\.name)) : .nothing
        case "ingest": return .files
        case "completions": return index == 0 ? .words(["bash", "zsh", "fish"]) : .nothing
        default:
            guard let entry = commands.first(where: { $0.name == command }) else { return .nothing }
            return index == 0 && entry.usage.contains("HANDLE") ? .handles : .nothing
        }
    }

    /// Each option's values wherever they are something, as `(patterns, values)` with patterns
    /// `command:--option` (or `*:--option` where the command does not matter), the specific
    /// before the general, for the scripts' `case` statements.
    var optionCases: [(patterns: [String], values: Values)] {
        var specific: [(String, Values)] = []
        for entry in commands {
            for option in entry.spec.values.sorted() {
                let values = values(of: option, command: entry.name)
                if values != .nothing, values != self.values(of: option, command: nil) {
                    specific.append(("\(entry.name):\(option)", values))
                }
            }
        }
        var general: [(String, Values)] = []
        for option in valueOptions {
            let values = values(of: option, command: nil)
            if values != .nothing { general.append(("*:\(option)", values)) }
        }
        var cases: [(patterns: [String], values: Values)] = []
        for (pattern, values) in specific + general {
            if let index = cases.firstIndex(where: {
                $0.values == values && $0.patterns[0].hasPrefix("*") == pattern.hasPrefix("*")
            }) {
                cases[index].patterns.append(pattern)
            } else {
                cases.append(([pattern], values))
            }
        }
        return cases
    }

    /// Each command's positional arguments, as `(commands, values of the first, values of the
    /// rest)`, grouped where they agree; commands that take none are left out.
    var positionalCases: [(commands: [String], first: Values, rest: Values)] {
        var cases: [(commands: [String], first: Values, rest: Values)] = []
        for name in commands.map(\.name) + ["help"] {
            let first = positional(0, of: name)
            let rest = positional(1, of: name)
            guard first != .nothing || rest != .nothing else { continue }
            if let index = cases.firstIndex(where: { $0.first == first && $0.rest == rest }) {
                cases[index].commands.append(name)
            } else {
                cases.append(([name], first, rest))
            }
        }
        return cases
    }
}
