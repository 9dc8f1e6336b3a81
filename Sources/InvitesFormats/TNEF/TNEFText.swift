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

    /// An 8-bit string: UTF-8 for codepage 65001 (and for ASCII), the codepage's own encoding
    /// where Foundation has it, Windows-1252 otherwise (Outlook's Western codepage), and
    /// Latin-1 where that cannot read the bytes (any byte reads as Latin-1).
    static func eightBit(_ raw: ArraySlice<UInt8>, codepage: UInt32) -> String {
        let text = raw.prefix { $0 != 0 }
        if codepage == 65001 || text.allSatisfy({ $0 < 0x80 }) { return String(decoding: text, as: UTF8.self) }
        let encoding = encodings[codepage] ?? .windowsCP1252
        if let decoded = String(bytes: text, encoding: encoding) { return decoded }
        return String(text.map { Character(Unicode.Scalar($0)) })
    }

    /// Windows codepages ([MS-OXTNEF] attOemCodepage, PidTagInternetCodepage) Outlook writes.
    private static let encodings: [UInt32: String.Encoding] = [
        1250: .windowsCP1250, 1251: .windowsCP1251, 1252: .windowsCP1252, 1253: .windowsCP1253,
        1254: .windowsCP1254, 28591: .isoLatin1, 28592: .isoLatin2, 932: .shiftJIS, 51932: .japaneseEUC,
        50220: .iso2022JP,
    ]
}
