import Foundation

/// An invitation's DESCRIPTION made readable in a few terminal lines.
///
/// Producers fill it with more than words: Google writes HTML (`<br>`, `&nbsp;`), Teams and
/// Google draw separators of underscores or `-::~:~::-` around their joining instructions. The
/// lines here are what a person would read: tags and entities turned into text, separators and
/// blank lines dropped, every line printable (``Printable``).
package enum DescriptionText {
    /// The readable lines of a description, in order, none empty.
    package static func lines(_ description: String) -> [String] {
        let text = looksLikeHTML(description) ? fromHTML(description) : description
        return text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: true)
            .map { Printable.sanitize(String($0)).trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !isSeparator($0) }
    }

    /// A line drawn, not written: four or more of `_ - ~ : = * # .` and nothing else.
    static func isSeparator(_ line: String) -> Bool {
        let drawing = Set("_-~:=*#. ")
        return line.count >= 4 && line.allSatisfy { drawing.contains($0) }
    }

    private static func looksLikeHTML(_ text: String) -> Bool {
        let lower = text.lowercased()
        return ["<br", "<p>", "<p ", "</", "&nbsp;", "&amp;", "&lt;"].contains { lower.contains($0) }
    }

    /// Line-breaking tags become line breaks, other tags go, entities become their characters.
    private static func fromHTML(_ html: String) -> String {
        var text = ""
        var index = html.startIndex
        while index < html.endIndex {
            let character = html[index]
            if character == "<", let close = html[index...].firstIndex(of: ">") {
                let tag = html[html.index(after: index)..<close].lowercased()
                let name = tag.drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }
                if ["br", "p", "div", "li", "tr", "h1", "h2", "h3", "h4"].contains(String(name)) { text.append("\n") }
                index = html.index(after: close)
                continue
            }
            if character == "&", let semicolon = html[index...].prefix(10).firstIndex(of: ";") {
                let name = String(html[html.index(after: index)..<semicolon])
                if let decoded = entity(name) {
                    text.append(decoded)
                    index = html.index(after: semicolon)
                    continue
                }
            }
            text.append(character)
            index = html.index(after: index)
        }
        return text
    }

    private static func entity(_ name: String) -> String? {
        switch name.lowercased() {
        case "nbsp": return " "
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos", "#39": return "'"
        default:
            guard name.hasPrefix("#"),
                let value = name.hasPrefix("#x") || name.hasPrefix("#X")
                    ? UInt32(name.dropFirst(2), radix: 16) : UInt32(name.dropFirst()),
                let scalar = Unicode.Scalar(value)
            else { return nil }
            return String(Character(scalar))
        }
    }
}
