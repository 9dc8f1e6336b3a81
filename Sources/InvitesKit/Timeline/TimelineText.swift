import Foundation

/// The text of the timelines: strangers' titles made 7-bit ASCII, labels padded and cut,
/// rows painted when colour is on.
enum TimelineText {
    /// Printable 7-bit ASCII: accents folded away, controls made visible, anything else `?`.
    static func ascii(_ text: String) -> String {
        let folded = Printable.sanitize(text).folding(
            options: [.diacriticInsensitive, .widthInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        return String(
            folded.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F ? Character($0) : "?" })
    }

    /// A label cut to `width` with an ASCII ellipsis, padded with spaces.
    static func pad(_ text: String, _ width: Int) -> String {
        let clean = ascii(text)
        if clean.count > width { return String(clean.prefix(max(width - 3, 1))) + "..." }
        return clean + String(repeating: " ", count: width - clean.count)
    }

    /// A line cut to `width` with an ASCII ellipsis.
    static func fit(_ text: String, _ width: Int) -> String {
        let clean = ascii(text)
        return clean.count > width ? String(clean.prefix(width - 3)) + "..." : clean
    }

    static func trimRight(_ text: String) -> String {
        var text = text
        while text.last == " " { text.removeLast() }
        return text
    }

    /// The cells of a row, with ANSI colours around the marks when `color` is on.
    static func paint(_ cells: [Character], color: Bool) -> String {
        guard color else { return String(cells) }
        var result = ""
        for cell in cells {
            switch cell {
            case "=": result += "\u{1B}[32m=\u{1B}[0m"
            case "X": result += "\u{1B}[1;31mX\u{1B}[0m"
            case ".", "_": result += "\u{1B}[2m\(cell)\u{1B}[0m"
            default: result.append(cell)
            }
        }
        return result
    }
}
