import Foundation
import InvitesKit

/// The config file: `key = value` lines, `#` comments, keys that may repeat (`calendar`, `me`).
struct ConfigFile {
    struct Entry {
        var value: String
        var line: Int
    }

    /// The keys the file may set.
    static let keys: Set<String> = [
        "calendar", "me", "tz", "before", "after", "color", "occurrences", "name", "send", "sendmail", "respond_url",
        "workday", "workdays",
    ]

    var values: [String: [Entry]] = [:]

    /// Reads the file; a missing file is an empty config, a bad line an error naming it.
    static func load(_ path: String) throws(ConfigError) -> ConfigFile {
        guard let data = FileManager.default.contents(atPath: path) else { return ConfigFile() }
        var config = ConfigFile()
        let text = String(decoding: data, as: UTF8.self)
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces.union(.init(charactersIn: "\r")))
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let equals = line.firstIndex(of: "=") else {
                throw ConfigError(path: path, line: index + 1, message: "expected 'key = value'")
            }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            guard keys.contains(key) else {
                var message = "unknown key '\(Printable.sanitize(key))'"
                if let suggestion = Suggestion.closest(to: key, in: Array(keys)) {
                    message += "; did you mean '\(suggestion)'?"
                }
                throw ConfigError(path: path, line: index + 1, message: message)
            }
            guard !value.isEmpty else {
                throw ConfigError(path: path, line: index + 1, message: "'\(key)' has no value")
            }
            let expanded = value.hasPrefix("~/") ? NSHomeDirectory() + value.dropFirst() : value
            config.values[key, default: []].append(Entry(value: expanded, line: index + 1))
        }
        return config
    }
}
