import Foundation
import InvitesFormats
import InvitesKit

/// What `watch` reads: the `maildir` setting (repeatable, beside `--maildir`), `notify`
/// (desktop, command or none), `notify_command` (run once per event, without a shell), `open`
/// (the Show action's command, the handle added at its end) and `nudge` (the durations before
/// an unanswered invitation's start at which it is told again, or `never`).
struct WatchSettings {
    enum Mode: String, CaseIterable {
        case desktop
        case command
        case none
    }

    var maildirs: Settings.Origin<[String]>
    var notify: Settings.Origin<Mode>
    var notifyCommand: Settings.Origin<[String]?>
    var open: Settings.Origin<[String]>
    /// Seconds before the start, longest first; empty for `never`.
    var nudge: Settings.Origin<[Int]>

    /// `24h, 1h`, `never`: the `nudge` setting as it is written and shown.
    static func nudgeText(_ seconds: [Int]) -> String {
        seconds.isEmpty ? "never" : seconds.map { DurationParser.format(TimeInterval($0)) }.joined(separator: ", ")
    }

    /// The `nudge` setting's value: durations separated by commas (`24h, 1h`), each more than
    /// nothing and at most ``Nudge/longest``, or `never`; `nil` when it is neither.
    static func nudges(_ text: String) -> [Int]? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.lowercased() == "never" { return [] }
        var seconds: [Int] = []
        for part in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
            guard let duration = DurationParser.parse(part.trimmingCharacters(in: .whitespaces)), duration >= 60,
                duration <= TimeInterval(Nudge.longest)
            else { return nil }
            seconds.append(Int(duration))
        }
        return Array(Set(seconds)).sorted(by: >)
    }

    /// `$TERMINAL -e invites review`, the handle added: `review HANDLE` in a new terminal.
    static func defaultOpen(_ variables: [String: String]) -> [String] {
        let terminal = variables["TERMINAL"].flatMap { $0.isEmpty ? nil : $0 } ?? "x-terminal-emulator"
        return [terminal, "-e", "invites", "review"]
    }

    static func resolve(_ config: ConfigFile, path: String, variables: [String: String]) throws(ConfigError)
        -> WatchSettings
    {
        func place(_ entry: ConfigFile.Entry) -> String { "\(path):\(entry.line)" }
        var maildirs = Settings.Origin<[String]>(value: [], source: "default (none)")
        if let entries = config.values["maildir"], let first = entries.first {
            maildirs = Settings.Origin(value: entries.map(\.value), source: place(first))
        }
        var notify = Settings.Origin(value: Mode.desktop, source: "default")
        if let entry = config.values["notify"]?.last {
            guard let mode = Mode(rawValue: entry.value) else {
                throw ConfigError(
                    path: path, line: entry.line,
                    message: "'notify' takes desktop, command or none, not '\(Printable.sanitize(entry.value))'")
            }
            notify = Settings.Origin(value: mode, source: place(entry))
        }
        var notifyCommand = Settings.Origin<[String]?>(value: nil, source: "default (none)")
        if let entry = config.values["notify_command"]?.last {
            guard let words = CommandWords.split(entry.value), !words.isEmpty else {
                throw ConfigError(path: path, line: entry.line, message: "'notify_command' has a quote left open")
            }
            notifyCommand = Settings.Origin(value: words, source: place(entry))
        }
        var open = Settings.Origin(value: defaultOpen(variables), source: "default ($TERMINAL -e invites review)")
        if let entry = config.values["open"]?.last {
            guard let words = CommandWords.split(entry.value), !words.isEmpty else {
                throw ConfigError(path: path, line: entry.line, message: "'open' has a quote left open")
            }
            open = Settings.Origin(value: words, source: place(entry))
        }
        var nudge = Settings.Origin(value: Nudge.standard, source: "default")
        if let entry = config.values["nudge"]?.last {
            guard let seconds = nudges(entry.value) else {
                throw ConfigError(
                    path: path, line: entry.line,
                    message: "'nudge' takes durations before the start separated by commas (24h, 1h), each from 1m "
                        + "to 30d, or never, not '\(Printable.sanitize(entry.value))'")
            }
            nudge = Settings.Origin(value: seconds, source: place(entry))
        }
        return WatchSettings(
            maildirs: maildirs, notify: notify, notifyCommand: notifyCommand, open: open, nudge: nudge)
    }
}
