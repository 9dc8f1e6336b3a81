import Foundation

/// Asks a yes-or-no question on the controlling terminal, as `send = ask` needs even when
/// standard input is the mail a client piped in.
enum TerminalPrompt {
    /// `true` for an answer starting with y, `false` for anything else; `nil` when there is no
    /// terminal to ask on (a cron job, a test).
    static func confirm(_ question: String) -> Bool? {
        let terminal = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard terminal >= 0 else { return nil }
        defer { close(terminal) }
        let asked = Array(question.utf8)
        guard asked.withUnsafeBytes({ write(terminal, $0.baseAddress, $0.count) }) == asked.count else { return nil }
        var answer: [UInt8] = []
        var byte: UInt8 = 0
        while answer.count < 64 {
            let count = read(terminal, &byte, 1)
            if count < 0, errno == EINTR { continue }
            guard count == 1, byte != 0x0A else { break }
            answer.append(byte)
        }
        let text = String(decoding: answer, as: UTF8.self).trimmingCharacters(in: .whitespaces).lowercased()
        return text.hasPrefix("y")
    }
}
