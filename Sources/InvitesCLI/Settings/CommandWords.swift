/// Splits a command line from the config (`sendmail = msmtp -a "work account" -t`) into words the
/// way a shell would for quotes and backslashes, and nothing more: no variables, no globbing, no
/// second command. The words are run as they are, never through a shell.
enum CommandWords {
    /// The words; `nil` when a quote is left open.
    static func split(_ line: String) -> [String]? {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                word.append(character)
                escaped = false
                continue
            }
            switch (quote, character) {
            case (nil, "\\"), ("\"", "\\"):
                escaped = true
                inWord = true
            case (nil, "'"), (nil, "\""):
                quote = character
                inWord = true
            case let (open?, close) where open == close:
                quote = nil
            case (nil, let blank) where blank == " " || blank == "\t":
                if inWord { words.append(word) }
                word = ""
                inWord = false
            default:
                word.append(character)
                inWord = true
            }
        }
        guard quote == nil, !escaped else { return nil }
        if inWord { words.append(word) }
        return words
    }
}
