/// The text of an RTF document, as a meeting request's description: what a reader would see,
/// without fonts, colours, pictures or fields' instructions.
///
/// One pass over the bytes; groups nest on a stack that stops growing at 256 (deeper groups are
/// skipped, not followed), control words and their numbers are cut at RTF's own limits, and the
/// text stops at ``TNEFLimits/descriptionCharacters``. Outlook's RTF made from HTML (`\fromhtml1`)
/// keeps the HTML's tags in `\*\htmltag` groups and RTF's own rendering between `\htmlrtf` and
/// `\htmlrtf0`: both are left out, which leaves the HTML's text.
enum RTFText {
    private struct State {
        var skip = false
        var htmlRTF = false
        var unicodeSkip = 1
    }

    /// Destinations whose contents are not text.
    private static let hidden: Set<String> = [
        "fonttbl", "colortbl", "stylesheet", "info", "pict", "object", "header", "footer", "headerl",
        "headerr", "footerl", "footerr", "fldinst", "themedata", "colorschememapping", "datastore",
        "latentstyles", "listtable", "listoverridetable", "rsidtbl", "generator", "xmlnstbl", "filetbl",
        "revtbl", "pgdsctbl", "mmathPr", "footnote", "bkmkstart", "bkmkend",
    ]
    private static let maxDepth = 256

    static func text(_ rtf: [UInt8], codepage: UInt32 = 1252) -> String {
        var output = ""
        var pending: [UInt8] = []
        var codepage = codepage
        var stack: [State] = [State()]
        var state = State()
        var overflow = 0
        var skipChars = 0
        var index = 0
        var full = false

        func flush() {
            guard !pending.isEmpty else { return }
            output += TNEFText.eightBit(pending[...], codepage: codepage)
            pending.removeAll(keepingCapacity: true)
        }
        func emit(_ text: String) {
            flush()
            output += text
        }
        func visible() -> Bool { overflow == 0 && !state.skip && !state.htmlRTF }

        while index < rtf.count, !full {
            let byte = rtf[index]
            index += 1
            switch byte {
            case UInt8(ascii: "{"):
                if stack.count < maxDepth && overflow == 0 { stack.append(state) } else { overflow += 1 }
            case UInt8(ascii: "}"):
                if overflow > 0 {
                    overflow -= 1
                } else if let last = stack.popLast() {
                    state = last
                }
                skipChars = 0
            case UInt8(ascii: "\\"):
                guard index < rtf.count else { break }
                let next = rtf[index]
                if isLetter(next) {
                    var word: [UInt8] = []
                    while index < rtf.count, isLetter(rtf[index]), word.count < 32 {
                        word.append(rtf[index])
                        index += 1
                    }
                    var negative = false
                    var number: Int?
                    if index < rtf.count, rtf[index] == UInt8(ascii: "-") {
                        negative = true
                        index += 1
                    }
                    var digits = 0
                    while index < rtf.count, isDigit(rtf[index]) {
                        if digits < 10 { number = (number ?? 0) * 10 + Int(rtf[index] - UInt8(ascii: "0")) }
                        digits += 1
                        index += 1
                    }
                    if negative { number = number.map { -$0 } }
                    if index < rtf.count, rtf[index] == UInt8(ascii: " ") { index += 1 }
                    let name = String(decoding: word, as: UTF8.self)
                    if hidden.contains(name) { state.skip = true }
                    switch name {
                    case "par", "line", "row": if visible() { emit("\n") }
                    case "tab", "cell": if visible() { emit("\t") }
                    case "ansicpg": if let number, number > 0 { codepage = UInt32(number) }
                    case "uc": state.unicodeSkip = min(max(number ?? 1, 0), 8)
                    case "htmlrtf": state.htmlRTF = (number ?? 1) != 0
                    case "emdash": if visible() { emit("\u{2014}") }
                    case "endash": if visible() { emit("\u{2013}") }
                    case "bullet": if visible() { emit("\u{2022}") }
                    case "lquote": if visible() { emit("\u{2018}") }
                    case "rquote": if visible() { emit("\u{2019}") }
                    case "ldblquote": if visible() { emit("\u{201C}") }
                    case "rdblquote": if visible() { emit("\u{201D}") }
                    case "u":
                        if visible(), var value = number {
                            if value < 0 { value += 65536 }
                            emit(Unicode.Scalar(UInt32(clamping: value)).map { String($0) } ?? "\u{FFFD}")
                        }
                        skipChars = state.unicodeSkip
                    default: break
                    }
                    continue
                }
                index += 1
                switch next {
                case UInt8(ascii: "*"): state.skip = true
                case UInt8(ascii: "'"):
                    guard index + 1 < rtf.count, let high = hex(rtf[index]), let low = hex(rtf[index + 1]) else {
                        break
                    }
                    index += 2
                    if skipChars > 0 {
                        skipChars -= 1
                    } else if visible() {
                        pending.append(high << 4 | low)
                    }
                case UInt8(ascii: "~"): if visible() { emit(" ") }
                case UInt8(ascii: "_"): if visible() { emit("-") }
                case 0x0A, 0x0D: if visible() { emit("\n") }
                case UInt8(ascii: "\\"), UInt8(ascii: "{"), UInt8(ascii: "}"):
                    if visible() { pending.append(next) }
                default: break
                }
            case 0x0A, 0x0D:
                break
            default:
                if skipChars > 0 {
                    skipChars -= 1
                } else if visible() {
                    pending.append(byte)
                }
            }
            if output.utf8.count + pending.count > TNEFLimits.descriptionCharacters * 4 { full = true }
        }
        flush()
        return String(output.prefix(TNEFLimits.descriptionCharacters))
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
