import Foundation

/// Reads durations as users type them: `90m`, `2h`, `1h30m`, `45s`, `1d`, or `0`.
package enum DurationParser {
    /// The duration in seconds, or `nil` when the text is not one.
    package static func parse(_ text: String) -> TimeInterval? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if trimmed == "0" { return 0 }
        guard !trimmed.isEmpty else { return nil }
        var total: TimeInterval = 0
        var number = ""
        var sawUnit = false
        for character in trimmed {
            if character.isASCII, character.isNumber {
                number.append(character)
                continue
            }
            guard let value = Double(number), number.count <= 9 else { return nil }
            switch character {
            case "d": total += value * 86_400
            case "h": total += value * 3_600
            case "m": total += value * 60
            case "s": total += value
            default: return nil
            }
            number = ""
            sawUnit = true
        }
        return number.isEmpty && sawUnit ? total : nil
    }

    /// `1h30m`, `2h`, `45m`, for showing a parsed duration back.
    package static func format(_ seconds: TimeInterval) -> String {
        let minutes = Int((seconds / 60).rounded())
        switch (minutes / 60, minutes % 60) {
        case (0, let rest): return "\(rest)m"
        case (let hours, 0): return "\(hours)h"
        case (let hours, let rest): return "\(hours)h\(rest)m"
        }
    }
}
