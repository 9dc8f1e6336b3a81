/// Whether bytes hold a word, looked for before anything is parsed: most calendar files are
/// passed over on that alone.
enum ByteSearch {
    /// Whether `word` occurs in `bytes`; with `ignoringCase`, ASCII letters match either case
    /// (`word` in upper case), as iCalendar names are case-insensitive.
    static func contains(_ word: [UInt8], in bytes: UnsafeRawBufferPointer, ignoringCase: Bool = false) -> Bool {
        guard let first = word.first else { return true }
        guard bytes.count >= word.count else { return false }
        let fold: UInt8 = ignoringCase ? 0xDF : 0xFF
        var index = 0
        while index <= bytes.count - word.count {
            if bytes[index] & fold == first, word.indices.allSatisfy({ bytes[index + $0] & fold == word[$0] }) {
                return true
            }
            index += 1
        }
        return false
    }
}
