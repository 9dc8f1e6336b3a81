import InvitesFormats
import InvitesKit

/// The line `review` reads a comment or a time into, with the editing a shell's line has:
/// Backspace and Delete, the arrows, Home and End, Ctrl-U, Ctrl-W and Ctrl-K; a paste goes in
/// as text (``pasted(_:)``).
struct LineEditor: Sendable, Hashable {
    private(set) var characters: [Character] = []
    /// Where the next character goes, from 0 to `characters.count`.
    private(set) var cursor = 0

    /// The longest line taken: a comment is a few sentences.
    static let longest = 2_000

    init(text: String = "") {
        characters = Array(text.prefix(LineEditor.longest))
        cursor = characters.count
    }

    var text: String { String(characters) }

    /// Applies an editing key; `false` for a key that does not edit (Enter, Escape, …).
    mutating func apply(_ key: Key) -> Bool {
        switch key {
        case .character(let character):
            // A control character cannot be typed into a comment: it would reach the organizer.
            guard characters.count < LineEditor.longest,
                !character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            else { return true }
            characters.insert(character, at: cursor)
            cursor += 1
        case .paste(let text):
            let room = LineEditor.longest - characters.count
            let taken = Array(LineEditor.pasted(text).prefix(max(room, 0)))
            characters.insert(contentsOf: taken, at: cursor)
            cursor += taken.count
        case .backspace:
            guard cursor > 0 else { return true }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .delete:
            if cursor < characters.count { characters.remove(at: cursor) }
        case .left: cursor = max(cursor - 1, 0)
        case .right: cursor = min(cursor + 1, characters.count)
        case .home: cursor = 0
        case .end: cursor = characters.count
        case .killToStart:
            characters.removeFirst(cursor)
            cursor = 0
        case .killToEnd:
            characters.removeLast(characters.count - cursor)
        case .killWord:
            var start = cursor
            while start > 0, characters[start - 1] == " " { start -= 1 }
            while start > 0, characters[start - 1] != " " { start -= 1 }
            characters.removeSubrange(start..<cursor)
            cursor = start
        default:
            return false
        }
        return true
    }

    /// Pasted text as it goes into the line: each line break (CR, LF or both) and each tab a
    /// space, since the line is one line and Enter ends it; every other control character left
    /// out, as it cannot be typed either.
    static func pasted(_ text: String) -> String {
        var result = ""
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            defer { previous = scalar }
            switch scalar {
            case "\n" where previous == "\r":
                continue
            case "\r", "\n", "\t":
                result.append(" ")
            default:
                guard scalar.properties.generalCategory != .control else { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The line as drawn after `prompt` in `width` columns, and the column the cursor stands
    /// in: a text longer than the room shows the part around the cursor.
    func rendered(prompt: String, width: Int) -> (line: String, cursor: Int) {
        let room = max(width - DisplayWidth.of(prompt) - 1, 8)
        var start = 0
        while DisplayWidth.of(String(characters[start..<cursor])) > room - 1 { start += 1 }
        var shown = ""
        var used = 0
        for character in characters[start...] {
            let size = DisplayWidth.of(character)
            if used + size > room { break }
            shown.append(character)
            used += size
        }
        let before = String(characters[start..<cursor])
        return (
            prompt + Printable.sanitize(shown), DisplayWidth.of(prompt) + DisplayWidth.of(Printable.sanitize(before))
        )
    }
}
