/// Turns the bytes a terminal sends into ``Key``s: UTF-8 characters, control keys, and the
/// escape sequences of arrows, Home, End and Delete (both `ESC [` and `ESC O` forms).
///
/// It keeps what it has not finished reading between calls, so a sequence split over two
/// reads decodes the same. A lone ESC is only a key once nothing follows it soon; the caller
/// says so with ``flush()``.
///
/// What the terminal marks as pasted (bracketed paste: `ESC [200~` before, `ESC [201~` after)
/// is one ``Key/paste(_:)``, never keys: a pasted "Sorry, clash⏎decline⏎" must not press Enter,
/// then `d`. A paste ends only at its end mark, however long the terminal takes to send it,
/// and keeps its first ``longestPaste`` bytes.
struct KeyDecoder {
    private var pending: [UInt8] = []
    /// The bytes of the paste being read; `nil` outside a paste.
    private var pasted: [UInt8]?
    /// Bytes of a paste that may be the start of its end mark.
    private var held: [UInt8] = []

    /// The most bytes of one paste kept: a line takes at most ``LineEditor/longest`` characters,
    /// of at most four bytes each.
    static let longestPaste = LineEditor.longest * 4

    private static let pasteStart = "200"
    private static let pasteEnd = Array("\u{1B}[201~".utf8)

    /// Whether bytes wait for more to complete them (an ESC, half a character); a paste in
    /// progress waits for its end mark alone, and no pause ends it.
    var isWaiting: Bool { !pending.isEmpty }

    /// The keys completed by one more byte.
    mutating func feed(_ byte: UInt8) -> [Key] {
        if pasted != nil { return paste(byte) }
        pending.append(byte)
        return drain()
    }

    /// One byte of a paste: kept, or held while it may begin the end mark; the paste once the
    /// end mark is whole.
    private mutating func paste(_ byte: UInt8) -> [Key] {
        held.append(byte)
        if held == KeyDecoder.pasteEnd {
            let text = String(decoding: pasted ?? [], as: UTF8.self)
            pasted = nil
            held = []
            return [.paste(text)]
        }
        // What can no longer begin the end mark is text of the paste.
        while !held.isEmpty, !KeyDecoder.pasteEnd.starts(with: held) {
            if (pasted?.count ?? 0) < KeyDecoder.longestPaste { pasted?.append(held[0]) }
            held.removeFirst()
        }
        return []
    }

    /// What is left when no more bytes come soon: a lone ESC is the Escape key, anything else
    /// unfinished means nothing.
    mutating func flush() -> [Key] {
        defer { pending.removeAll() }
        return pending.first == 0x1B ? [.escape] : pending.isEmpty ? [] : [.ignored]
    }

    private mutating func drain() -> [Key] {
        var keys: [Key] = []
        while let first = pending.first {
            if first == 0x1B {
                guard pending.count > 1 else { return keys }
                let second = pending[1]
                guard second == UInt8(ascii: "[") || second == UInt8(ascii: "O") else {
                    // ESC before a key is Alt and the key; it is taken as Escape, then the key.
                    pending.removeFirst()
                    keys.append(.escape)
                    continue
                }
                guard let final = pending.dropFirst(2).firstIndex(where: { (0x40...0x7E).contains($0) }) else {
                    if pending.count > 32 { pending.removeAll() }
                    return keys
                }
                let parameters = String(decoding: pending[2..<final], as: UTF8.self)
                if pending[final] == UInt8(ascii: "~"), parameters == KeyDecoder.pasteStart {
                    // What follows the mark is the paste, up to its end mark.
                    let rest = pending.dropFirst(final + 1)
                    pending = []
                    pasted = []
                    for byte in rest { keys += feed(byte) }
                    return keys
                }
                keys.append(KeyDecoder.sequence(final: pending[final], parameters: parameters))
                pending.removeFirst(final + 1)
                continue
            }
            if first < 0x80 {
                pending.removeFirst()
                keys.append(KeyDecoder.single(first))
                continue
            }
            let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
            guard pending.count >= length else { return keys }
            let bytes = pending.prefix(length)
            pending.removeFirst(length)
            let text = String(decoding: bytes, as: UTF8.self)
            keys.append(text.first.map { $0 == "\u{FFFD}" ? .ignored : .character($0) } ?? .ignored)
        }
        return keys
    }

    private static func single(_ byte: UInt8) -> Key {
        switch byte {
        case 0x0D, 0x0A: return .enter
        case 0x7F, 0x08: return .backspace
        case 0x01: return .home
        case 0x02: return .left
        case 0x04: return .endOfInput
        case 0x05: return .end
        case 0x06: return .right
        case 0x0B: return .killToEnd
        case 0x0C: return .refresh
        case 0x15: return .killToStart
        case 0x17: return .killWord
        case 0x20...0x7E: return .character(Character(Unicode.Scalar(byte)))
        default: return .ignored
        }
    }

    private static func sequence(final: UInt8, parameters: String) -> Key {
        switch (Character(Unicode.Scalar(final)), parameters) {
        case ("C", _): return .right
        case ("D", _): return .left
        case ("H", _): return .home
        case ("F", _): return .end
        case ("~", "1"), ("~", "7"): return .home
        case ("~", "4"), ("~", "8"): return .end
        case ("~", "3"): return .delete
        default: return .ignored
        }
    }
}
