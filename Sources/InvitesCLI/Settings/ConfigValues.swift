import Foundation
import InvitesFormats
import InvitesKit
import InvitesModel

/// The values the config file's keys take, each checked when the file is read.
///
/// Every command checks every line, also those it does not use: a `before = 2 hours` is a
/// mistake whether the command that meets it is `list` or `show`, and it should stop the first
/// command run after the edit (exit 2), not one run days later.
enum ConfigValues {
    /// Checks each value of the keys below and of the working hours (``WorkSettings``); keys
    /// with free text (`calendar`, `name`) pass. The sending keys are checked where
    /// ``Settings`` reads them, for every command too (``SendSettings``).
    static func validate(_ config: ConfigFile, path: String) throws(ConfigError) {
        for key in ["before", "after"] {
            for entry in config.values[key] ?? [] { _ = try duration(entry, key: key, path: path) }
        }
        for entry in config.values["occurrences"] ?? [] { _ = try count(entry, key: "occurrences", path: path) }
        _ = try serverWait(config, path: path)
        for entry in config.values["color"] ?? [] { _ = try color(entry, path: path) }
        for entry in config.values["tz"] ?? [] { _ = try zone(entry, path: path) }
        for entry in config.values["me"] ?? [] { _ = try addresses(entry, path: path) }
        for entry in config.values["on_behalf_of"] ?? [] { _ = try principal(entry, path: path) }
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

    /// `server_wait`: how long an answer to a mailed invitation is held for your calendar
    /// server's copy of it, up to 7 days; `0` holds none. The last line wins.
    static func serverWait(_ config: ConfigFile, path: String) throws(ConfigError) -> Settings.Origin<TimeInterval> {
        var found = Settings.Origin(value: Responder.defaultServerWait, source: "default")
        for entry in config.values["server_wait"] ?? [] {
            found = Settings.Origin(
                value: try duration(entry, key: "server_wait", path: path), source: "\(path):\(entry.line)")
        }
        return found
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

    /// `me`: one address or several separated by commas, as `INVITES_ME` takes them.
    ///
    /// Read whole, `a@x, b@y` was one address that matched no ATTENDEE, and a reply went out as
    /// `ATTENDEE:mailto:a@x, b@y`; a value that is no address at all is a typo to show now.
    static func addresses(_ entry: ConfigFile.Entry, path: String) throws(ConfigError) -> [String] {
        let addresses = entry.value.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        for address in addresses where !isAddress(MyAddresses.normalise(address)) {
            throw ConfigError(
                path: path, line: entry.line,
                message: "'me' takes e-mail addresses separated by commas, like ann@example.org, "
                    + "ann@example.com, not " + quoted(address))
        }
        return addresses
    }

    /// `on_behalf_of`: the one address you answer for (a manager, a shared mailbox).
    static func principal(_ entry: ConfigFile.Entry, path: String) throws(ConfigError) -> String {
        let address = entry.value.trimmingCharacters(in: .whitespaces)
        guard isAddress(MyAddresses.normalise(address)) else {
            throw ConfigError(
                path: path, line: entry.line,
                message: "'on_behalf_of' takes the one e-mail address you answer for, like boss@example.org, not "
                    + quoted(address))
        }
        return address
    }

    /// Whether `text` is shaped like `local@domain`: one `@` with something on both sides and
    /// no blanks, angle brackets or control characters.
    private static func isAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && parts.allSatisfy { !$0.isEmpty }
            && !text.unicodeScalars.contains {
                $0.properties.isWhitespace || $0.properties.generalCategory == .control
                    || "<>,;\"".unicodeScalars.contains($0)
            }
    }

    private static func quoted(_ value: String) -> String {
        "'" + Printable.sanitize(value) + "'"
    }
}
