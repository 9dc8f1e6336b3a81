/// How many terminal columns text takes, as a terminal draws it: East Asian wide and fullwidth
/// characters and emoji take two, combining marks and other zero-width characters none.
///
/// Swift exposes no East Asian Width property, so the wide blocks are listed here, from
/// Unicode's EastAsianWidth.txt (W and F); emoji come from the scalar's own emoji properties.
package enum DisplayWidth {
    /// The columns `text` takes; control characters must have been neutralised first
    /// (``Printable/sanitize(_:keepNewlines:)``).
    package static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// The columns one grapheme takes: its first scalar's, or two for an emoji sequence.
    package static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.count > 1, scalars.contains(where: { $0.value == 0xFE0F || $0.value == 0x200D }) { return 2 }
        return of(first)
    }

    static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if value == 0 || (0x1160...0x11FF).contains(value) { return 0 }
        if scalar.properties.isEmojiPresentation { return 2 }
        return wide.contains { $0.contains(value) } ? 2 : 1
    }

    private static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
        0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
        0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1AFF0...0x1B2FF,
        0x1F200...0x1F2FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    /// `text` cut to at most `width` columns, ending in `ellipsis` (`...` unless said) when
    /// anything was cut; a wide character never straddles the edge.
    package static func fit(_ text: String, to width: Int, ellipsis: String = "...") -> String {
        guard of(text) > width else { return text }
        let room = width - of(ellipsis)
        guard room > 0 else { return String(ellipsis.prefix(max(width, 0))) }
        var result = ""
        var used = 0
        for character in text {
            let columns = of(character)
            if used + columns > room { break }
            result.append(character)
            used += columns
        }
        return result + ellipsis
    }

    /// `text` in lines of at most `width` columns, broken at a space where one is near, the
    /// lines after the first behind `indent` spaces; at most `limit` lines, the last cut with
    /// `...` when text remains.
    package static func wrap(_ text: String, to width: Int, indent: Int = 0, limit: Int = 3) -> [String] {
        guard !text.isEmpty else { return [""] }
        var lines: [String] = []
        var rest = Substring(text)
        var prefix = ""
        // An indent that leaves no room is dropped rather than the text.
        let indent = width - indent > 3 ? indent : 0
        while !rest.isEmpty {
            let room = width - of(prefix)
            guard room > 3 else { return [fit(text, to: width)] }
            if of(String(rest)) <= room {
                lines.append(prefix + rest)
                break
            }
            if lines.count == limit - 1 {
                lines.append(prefix + fit(String(rest), to: room))
                break
            }
            var used = 0
            var cut = rest.startIndex
            var lastSpace: Substring.Index?
            for index in rest.indices {
                let columns = of(rest[index])
                if used + columns > room { break }
                used += columns
                if rest[index] == " " { lastSpace = index }
                cut = rest.index(after: index)
            }
            if let lastSpace,
                rest.distance(from: rest.startIndex, to: lastSpace) * 2 > rest.distance(from: rest.startIndex, to: cut)
            {
                cut = lastSpace
            }
            lines.append(prefix + rest[..<cut])
            rest = rest[cut...].drop { $0 == " " }
            prefix = String(repeating: " ", count: indent)
        }
        return lines
    }
}
