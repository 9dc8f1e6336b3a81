import Foundation
import InvitesFormats
import InvitesKit
import InvitesSystem

/// The config file: `key = value` lines, `#` comments, keys that may repeat (`calendar`, `me`).
///
/// A `#` that starts a line, or follows a space or tab in a value, starts a comment, for every
/// key: the recipes write `send = never  # …` beside the value, and a comment that became part
/// of the `sendmail` command once mailed the reply to a recipient `#`. A value that needs ` #`
/// is put in double quotes (`name = "Ann #2"`), which are taken off; `sendmail`'s quotes group
/// its words as a shell's do, so a ` #` inside them is part of the command.
struct ConfigFile {
    struct Entry {
        var value: String
        var line: Int
    }

    /// The keys the file may set.
    static let keys: Set<String> = [
        "calendar", "me", "tz", "before", "after", "color", "occurrences", "name", "send", "sendmail", "respond_url",
        "on_behalf_of",
        "workday", "workdays", "scheduling", "server_wait", "maildir", "notify", "notify_command", "open", "nudge",
    ]

    var values: [String: [Entry]] = [:]

    /// Reads the file; a bad line is an error naming it. A missing file is an empty config when
    /// it is the default one (`namedBy == nil`), an error when the user named it.
    ///
    /// `~` and `~/…` in values (and in the PATH of `scheduling = MODE PATH`) are the user's
    /// `home` (`$HOME`, as a shell expands them), not the passwd entry's home, which differs
    /// under `sudo -E`, in containers and in tests.
    static func load(_ path: String, home: String, namedBy: String?) throws -> ConfigFile {
        // `stat` itself, not FileManager, which a `status` would set up for this alone.
        guard let info = try? Posix.stat(path) else {
            if let namedBy { throw ConfigFileError.missing(path: path, namedBy: namedBy) }
            return ConfigFile()
        }
        guard info.st_mode & S_IFMT != S_IFDIR else {
            throw ConfigFileError.unreadable(path: path, reason: "it is a folder")
        }
        let descriptor: Int32
        do {
            descriptor = try Posix.open(path, O_RDONLY | O_CLOEXEC)
        } catch {
            throw ConfigFileError.unreadable(path: path, reason: error.description)
        }
        defer { try? Posix.close(descriptor, path: path) }
        let data: Data
        do {
            data = try DescriptorReader.readAll(descriptor)
        } catch {
            throw ConfigFileError.unreadable(path: path, reason: error.description)
        }
        var config = ConfigFile()
        let text = String(decoding: data, as: UTF8.self)
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces.union(.init(charactersIn: "\r")))
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let equals = line.firstIndex(of: "=") else {
                throw ConfigError(path: path, line: index + 1, message: "expected 'key = value'")
            }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            guard keys.contains(key) else {
                var message = "unknown key '\(Printable.sanitize(key))'"
                if let suggestion = Suggestion.closest(to: key, in: Array(keys)) {
                    message += "; did you mean '\(suggestion)'?"
                }
                throw ConfigError(path: path, line: index + 1, message: message)
            }
            guard let value = Self.value(line[line.index(after: equals)...], shellWords: key == "sendmail") else {
                throw ConfigError(path: path, line: index + 1, message: "'\(key)' has a quote left open")
            }
            guard !value.isEmpty else {
                throw ConfigError(path: path, line: index + 1, message: "'\(key)' has no value")
            }
            var expanded = Self.expandingHome(value, home: home)
            // `scheduling = MODE PATH`: the path names a calendar as a `calendar` line does, `~` too.
            if key == "scheduling", let space = expanded.firstIndex(of: " ") {
                let path = expanded[expanded.index(after: space)...].trimmingCharacters(in: .whitespaces)
                expanded = expanded[..<space] + " " + Self.expandingHome(path, home: home)
            }
            config.values[key, default: []].append(Entry(value: expanded, line: index + 1))
        }
        return config
    }

    /// `~` and `~/…` as the user's home; any other text as it is.
    private static func expandingHome(_ text: String, home: String) -> String {
        text == "~" || text.hasPrefix("~/") ? home + text.dropFirst() : text
    }

    /// A value without its comment and blanks around, and without the double quotes that hold
    /// it whole; `nil` when a quote that starts it is left open. With `shellWords`, single and double quotes
    /// and backslashes anywhere keep a `#` in the value and stay there, for ``CommandWords``.
    static func value(_ text: Substring, shellWords: Bool) -> String? {
        let text = text.trimmingCharacters(in: .whitespaces)
        if !shellWords, text.hasPrefix("\"") {
            let inside = text.dropFirst()
            guard let close = inside.firstIndex(of: "\"") else { return nil }
            let rest = inside[inside.index(after: close)...].trimmingCharacters(in: .whitespaces)
            if rest.isEmpty || rest.hasPrefix("#") { return String(inside[..<close]) }
        }
        var quote: Character?
        var escaped = false
        var previous: Character = " "
        for index in text.indices {
            let character = text[index]
            defer { previous = character }
            if escaped {
                escaped = false
                continue
            }
            switch (quote, character) {
            case ("'", "'"), ("\"", "\""):
                quote = nil
            case (nil, "'"), (nil, "\""), (nil, "\\"), ("\"", "\\"):
                guard shellWords else { break }
                if character == "\\" { escaped = true } else { quote = character }
            case (nil, "#") where previous == " " || previous == "\t":
                return text[..<index].trimmingCharacters(in: .whitespaces)
            default:
                break
            }
        }
        return text
    }
}
