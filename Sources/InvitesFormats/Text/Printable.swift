/// Makes text written by strangers safe to print on a terminal.
///
/// Control characters (C0, DEL, C1), and with them every escape sequence, become visible
/// placeholders, as do the bidirectional overrides (U+202A–U+202E, U+2066–U+2069) that can make
/// a title read differently from what it is.
package enum Printable {
    /// The text with every control character made visible: `^[` for ESC, `<U+202E>` for a bidi
    /// override. Newlines and tabs become a space unless `keepNewlines` is set.
    package static func sanitize(_ text: String, keepNewlines: Bool = false) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            let value = scalar.value
            switch value {
            case 0x0A where keepNewlines:
                result.unicodeScalars.append(scalar)
            case 0x09, 0x0A, 0x0D:
                result.append(" ")
            case 0x00..<0x20:
                result.append("^")
                result.unicodeScalars.append(Unicode.Scalar(UInt8(value + 0x40)))
            case 0x7F:
                result.append("^?")
            case 0x80..<0xA0, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x061C:
                result.append("<U+\(String(value, radix: 16, uppercase: true).leftPadded(to: 4))>")
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A document (an iCalendar text, a mail) for a terminal: its line ends (LF, CRLF) and tabs
    /// as they are, every other control character and bidi override made visible as
    /// ``sanitize(_:keepNewlines:)`` makes it (a lone CR a space), so that nothing in it moves
    /// the cursor, sets the window's title or turns text around.
    package static func document(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var scalars = text.unicodeScalars.makeIterator()
        var next = scalars.next()
        while let scalar = next {
            next = scalars.next()
            switch scalar.value {
            case 0x09, 0x0A:
                result.unicodeScalars.append(scalar)
            case 0x0D where next == "\n":
                result.unicodeScalars.append(scalar)
            default:
                result += sanitize(String(scalar))
            }
        }
        return result
    }

    /// A title to print: sanitised, and `(no title)` where the sender gave none or only blanks,
    /// so that `show` never opens with a blank line and `list` never has a hole where the title
    /// goes. JSON keeps the title as it was sent.
    package static func title(_ text: String) -> String {
        let clean = sanitize(text)
        return clean.allSatisfy(\.isWhitespace) ? "(no title)" : clean
    }

    /// A title in quotes, cut to `limit` characters, for messages that name one: `(no title)` in
    /// quotes where the sender gave none, so that no message reads `declined ""`.
    package static func quotedTitle(_ text: String, limit: Int) -> String {
        quoted(title(text), limit: limit)
    }

    /// Sanitised text in quotes, cut to `limit` characters with an ellipsis, for error messages.
    package static func quoted(_ text: String, limit: Int) -> String {
        let clean = sanitize(text)
        let cut = clean.count > limit ? String(clean.prefix(limit)) + "..." : clean
        return "\"\(cut)\""
    }
}
