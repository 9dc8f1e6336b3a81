/// Whether an address can stand in a mail's `To:` as it is: an RFC 5322 `addr-spec`
/// (`local-part@domain`), with the UTF-8 of RFC 6532, and no longer than SMTP carries it.
///
/// A stranger writes the ORGANIZER, and a reply goes to it: an address with an 8-bit CSI
/// (U+009B) or an ESC in it would reach the sendmail command, the organizer's mail reader and
/// every terminal that shows the header. Such an address is no address, so no mail is made for
/// it; nothing in it is repaired into some other address either.
package enum MailAddress {
    /// The longest address SMTP carries (RFC 5321 §4.5.3.1.3: a path of 256 octets, angle
    /// brackets included).
    package static let longest = 254

    /// Whether `address` is a `dot-atom` or quoted `local-part`, `@`, and a `dot-atom` domain or
    /// a domain literal (`[192.0.2.1]`), of printable characters only: no control character
    /// (C0, DEL, C1), no bidirectional or other format character, no space outside quotes.
    package static func isValid(_ address: String) -> Bool {
        guard address.utf8.count <= longest, let at = address.lastIndex(of: "@") else { return false }
        let local = address[..<at]
        let domain = address[address.index(after: at)...]
        return (isDotAtom(local) || isQuoted(local)) && (isDotAtom(domain) || isLiteral(domain))
    }

    /// `atext` with its dots: none first, last or twice in a row.
    static func isDotAtom(_ text: Substring) -> Bool {
        !text.isEmpty && !text.hasPrefix(".") && !text.hasSuffix(".") && !text.contains("..")
            && text.unicodeScalars.allSatisfy { $0 == "." || isAtext($0) }
    }

    /// `"…"`: printable characters and spaces, a backslash before a quote or a backslash.
    static func isQuoted(_ text: Substring) -> Bool {
        guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else { return false }
        var escaped = false
        for scalar in text.dropFirst().dropLast().unicodeScalars {
            if escaped {
                guard scalar == " " || isVisible(scalar) else { return false }
                escaped = false
            } else if scalar == "\\" {
                escaped = true
            } else {
                guard scalar != "\"", scalar == " " || isVisible(scalar) else { return false }
            }
        }
        return !escaped
    }

    /// `[…]`: a domain literal, of printable ASCII but the brackets and the backslash.
    static func isLiteral(_ text: Substring) -> Bool {
        guard text.count >= 2, text.hasPrefix("["), text.hasSuffix("]") else { return false }
        return text.dropFirst().dropLast().unicodeScalars.allSatisfy {
            (0x21...0x7E).contains($0.value) && $0 != "[" && $0 != "]" && $0 != "\\"
        }
    }

    /// RFC 5322 `atext`, and the non-ASCII characters RFC 6532 adds that are letters, marks,
    /// digits, punctuation or symbols.
    static func isAtext(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            return scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                || "!#$%&'*+-/=?^_`{|}~".unicodeScalars.contains(scalar)
        }
        return isVisible(scalar)
    }

    /// A character that shows as itself: printable ASCII but the space, or a non-ASCII
    /// character that is none of control, format (the bidi overrides), space, separator,
    /// private, surrogate or unassigned.
    static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return (0x21...0x7E).contains(scalar.value) }
        switch scalar.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate,
            .unassigned:
            return false
        default:
            return true
        }
    }
}
