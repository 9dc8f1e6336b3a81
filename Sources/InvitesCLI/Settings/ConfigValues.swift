import Foundation
import InvitesKit

/// The values the config file's keys take, each checked when the file is read.
///
/// Every command checks every line, also those it does not use: a `before = 2 hours` is a
/// mistake whether the command that meets it is `list` or `show`, and it should stop the first
/// command run after the edit (exit 2), not one run days later.
enum ConfigValues {
    /// Checks each value of the keys below and of the working hours (``WorkSettings``); keys
    /// with free text (`calendar`, `me`, `name`) pass. The sending keys are checked where
    /// ``Settings`` reads them, for every command too (``SendSettings``).
    static func validate(_ config: ConfigFile, path: String) throws(ConfigError) {
        for key in ["before", "after"] {
            for entry in config.values[key] ?? [] { _ = try duration(entry, key: key, path: path) }
        }
        for entry in config.values["occurrences"] ?? [] { _ = try count(entry, key: "occurrences", path: path) }
        for entry in config.values["color"] ?? [] { _ = try color(entry, path: path) }
        for entry in config.values["tz"] ?? [] { _ = try zone(entry, path: path) }
        _ = try WorkSettings.resolve(config, path: path)
    }

    /// `before` and `after`: a duration up to ``ConflictFinder/longestMargin``.
    static func duration(_ entry: ConfigFile.Entry, key: String, path: String) throws(ConfigError) -> TimeInterval {
        let longest = ConflictFinder.longestMargin
        guard let value = DurationParser.parse(entry.value), value <= longest else {
            throw ConfigError(
                path: path, line: entry.line,
                message: "'\(key)' takes a duration like 90m, 2h or 1h30m, up to \(Int(longest) / 86_400)d, not "
                    + quoted(entry.value))
        }
        return value
    }

    /// `occurrences`: a count from 1 to 1000.
    static func count(_ entry: ConfigFile.Entry, key: String, path: String) throws(ConfigError) -> Int {
        guard let number = Int(entry.value), (1...1000).contains(number) else {
            throw ConfigError(
                path: path, line: entry.line,
                message: "'\(key)' takes a count from 1 to 1000, not " + quoted(entry.value))
        }
        return number
    }

    /// `color`: `auto`, `always` or `never`.
    static func color(_ entry: ConfigFile.Entry, path: String) throws(ConfigError) -> String {
        guard ["auto", "always", "never"].contains(entry.value) else {
            throw ConfigError(
                path: path, line: entry.line, message: "'color' takes auto, always or never, not " + quoted(entry.value)
            )
        }
        return entry.value
    }

    /// `tz`: an IANA zone name.
    static func zone(_ entry: ConfigFile.Entry, path: String) throws(ConfigError) -> DisplayZone {
        guard let zone = DisplayZone(identifier: entry.value) else {
            throw ConfigError(
                path: path, line: entry.line,
                message: "'tz' takes an IANA time zone like Europe/Berlin, not " + quoted(entry.value))
        }
        return zone
    }

    private static func quoted(_ value: String) -> String {
        "'" + Printable.sanitize(value) + "'"
    }
}
