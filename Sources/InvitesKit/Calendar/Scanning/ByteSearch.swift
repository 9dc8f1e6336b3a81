/// Whether bytes hold a word, looked for before anything is parsed: most calendar files are
/// passed over on that alone.
enum ByteSearch {
    /// Whether `word` occurs in `bytes`; with `ignoringCase`, ASCII letters match either case,
    /// as iCalendar names and e-mail addresses are compared.
    static func contains(_ word: [UInt8], in bytes: UnsafeRawBufferPointer, ignoringCase: Bool = false) -> Bool {
        guard !word.isEmpty else { return true }
        guard bytes.count >= word.count else { return false }
        let fold: (UInt8) -> UInt8 = ignoringCase ? { (0x61...0x7A).contains($0) ? $0 - 0x20 : $0 } : { $0 }
        let wanted = word.map(fold)
        var index = 0
        while index <= bytes.count - wanted.count {
            if fold(bytes[index]) == wanted[0], wanted.indices.allSatisfy({ fold(bytes[index + $0]) == wanted[$0] }) {
                return true
            }
            index += 1
        }
        return false
    }
}
