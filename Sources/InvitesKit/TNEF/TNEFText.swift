import Foundation

/// The strings of a TNEF stream as Swift strings: UTF-16LE for PT_UNICODE and names, the
/// stream's codepage for 8-bit strings and attributes. A string ends at its first NUL.
enum TNEFText {
    static func utf16(_ raw: ArraySlice<UInt8>) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(raw.count / 2)
        var index = raw.startIndex
        while index + 1 < raw.endIndex {
            let unit = UInt16(raw[index]) | UInt16(raw[index + 1]) << 8
            if unit == 0 { break }
            units.append(unit)
            index += 2
        }
        return String(decoding: units, as: UTF16.self)
    }

    /// An 8-bit string: UTF-8 for codepage 65001 (and for ASCII),
    /// Latin-1 for 28591, Windows-1252 otherwise (Outlook's Western codepage; any byte reads).
    static func eightBit(_ raw: ArraySlice<UInt8>, codepage: UInt32) -> String {
        let text = raw.prefix { $0 != 0 }
        if codepage == 65001 || text.allSatisfy({ $0 < 0x80 }) { return String(decoding: text, as: UTF8.self) }
        if codepage != 28591, let decoded = String(bytes: text, encoding: .windowsCP1252) { return decoded }
        return String(text.map { Character(Unicode.Scalar($0)) })
    }
}
