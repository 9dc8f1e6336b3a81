import Foundation
import InvitesFormats

/// The text of the timelines: strangers' titles as labels, padded and cut in terminal cells,
/// rows painted when colour is on.
///
/// The drawing (ruler, bars, marks) is ASCII; the labels are the titles as written, since a row
/// is known only by its title and `??????` names nothing. Under a locale that cannot show them
/// (``TerminalCharset/ascii``) titles are transliterated instead.
struct TimelineText {
    var charset: TerminalCharset

    /// First strong isolate and pop directional isolate: a right-to-left label between them
    /// cannot reorder the ruler, the bars or the times around it.
    static let isolateStart: Character = "\u{2068}"
    static let isolateEnd: Character = "\u{2069}"

    /// A title made printable: controls made visible, `(no title)` for none, and under an ASCII
    /// locale transliterated (`Köln` to `Koln`, `Встреча` to `Vstreca`), what has no Latin form `?`.
    func clean(_ text: String) -> String {
        let printable = Printable.title(text)
        guard charset == .ascii else { return printable }
        let latin =
            printable.applyingTransform(StringTransform(rawValue: "Any-Latin; Latin-ASCII"), reverse: false)
            ?? printable
        let folded = latin.folding(
            options: [.diacriticInsensitive, .widthInsensitive], locale: Locale(identifier: "en_US_POSIX"))
        return String(
            folded.unicodeScalars.map { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F ? Character($0) : "?" })
    }

    /// The cells `text` takes once cleaned.
    func width(_ text: String) -> Int {
        DisplayWidth.of(clean(text))
    }

    /// A label in exactly `width` cells: cut at a cell boundary with an ellipsis, isolated when
    /// it holds right-to-left text, padded with spaces.
    ///
    /// A row's label begins its line, and tmux keeps a zero-width character only on a cell
    /// before it: an FSI in the first column is dropped, its PDI kept, and the terminal tmux
    /// draws on shifted the row by a cell. An isolated label therefore starts one blank in, on
    /// which tmux keeps the FSI (cut one cell shorter so that the row keeps its width).
    func pad(_ text: String, _ width: Int) -> String {
        let clean = clean(text)
        guard clean.unicodeScalars.contains(where: TimelineText.isRightToLeft), width > 1 else {
            let cut = fitted(clean, width)
            return isolated(cut) + String(repeating: " ", count: max(width - DisplayWidth.of(cut), 0))
        }
        let cut = fitted(clean, width - 1)
        return " " + isolated(cut) + String(repeating: " ", count: max(width - 1 - DisplayWidth.of(cut), 0))
    }

    /// A line of titles cut to `width` cells; each title in it is cleaned and isolated by
    /// ``label(_:)`` first.
    func fit(_ line: String, _ width: Int) -> String {
        guard DisplayWidth.of(line) > width else { return line }
        // Cut with the isolates left out, then each right-to-left run closed again.
        var result = ""
        var open = false
        var used = 0
        let ellipsis = self.ellipsis
        for character in line {
            if character == TimelineText.isolateStart || character == TimelineText.isolateEnd {
                open = character == TimelineText.isolateStart
                result.append(character)
                continue
            }
            let cells = DisplayWidth.of(character)
            if used + cells > width - DisplayWidth.of(ellipsis) { break }
            result.append(character)
            used += cells
        }
        if open { result.append(TimelineText.isolateEnd) }
        return result + ellipsis
    }

    /// A title for a line of several (`all day: …`): cleaned and isolated, not cut.
    func label(_ text: String) -> String {
        isolated(clean(text))
    }

    /// `…` where the terminal can show it, `...` where it cannot: a label at 40 columns keeps
    /// two more cells of its title.
    var ellipsis: String { charset == .unicode ? "\u{2026}" : "..." }

    /// `text` cut to `width` cells at a cell boundary, ending in the ellipsis when anything was cut.
    private func fitted(_ text: String, _ width: Int) -> String {
        guard DisplayWidth.of(text) > width else { return text }
        let room = width - DisplayWidth.of(ellipsis)
        guard room > 0 else { return String(repeating: ".", count: max(width, 0)) }
        var result = ""
        var used = 0
        for character in text {
            let cells = DisplayWidth.of(character)
            if used + cells > room { break }
            result.append(character)
            used += cells
        }
        return result + ellipsis
    }

    /// `text` between FSI and PDI when it holds a right-to-left letter, so that it is laid out
    /// on its own and the line around it keeps its order.
    private func isolated(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: TimelineText.isRightToLeft) else { return text }
        return String(TimelineText.isolateStart) + text + String(TimelineText.isolateEnd)
    }

    /// Whether a scalar belongs to a right-to-left script: Hebrew, Arabic, Syriac, Thaana, N'Ko
    /// and the rest of U+0590–U+08FF, their presentation forms, and the historic right-to-left
    /// scripts of planes 1 (U+10800–U+10FFF, U+1E800–U+1EFFF). Swift exposes no bidi class.
    static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFE, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return true
        default: return false
        }
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
