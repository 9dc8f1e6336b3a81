import Foundation
import InvitesKit
import InvitesSystem

/// Asks a yes-or-no question on the controlling terminal, as `send = ask` needs even when
/// standard input is the mail a client piped in.
enum TerminalPrompt {
    /// `true` for `y`, `false` for any other key; `nil` when there is no terminal to ask on (a
    /// cron job, a test).
    ///
    /// One key answers, as in `review`: the terminal is put in cbreak mode for it and always
    /// given back as it was (``RawTerminal``: also on Ctrl-C, SIGTERM and Ctrl-Z). A terminal
    /// whose mode cannot be set is read a line.
    static func confirm(_ question: String) -> Bool? {
        guard let terminal = try? Posix.open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC) else { return nil }
        defer { try? Posix.close(terminal) }
        guard say(question, on: terminal) else { return nil }
        guard let keys = RawTerminal(descriptor: terminal) else { return line(from: terminal) }
        var answer = false
        reading: while true {
            switch keys.next() {
            case .key(.character(let character)):
                answer = character == "y" || character == "Y"
                break reading
            case .key(.ignored), .resized:
                continue
            case .key, .line, .end:
                break reading
            }
        }
        keys.restore()
        // The key is not echoed in cbreak mode: the answer is written out, and the line ended.
        _ = say(answer ? "y\n" : "n\n", on: terminal)
        return answer
    }

    private static func say(_ text: String, on terminal: Int32) -> Bool {
        (try? DescriptorWriter.writeAll(text, to: terminal)) != nil
    }

    /// A line's answer: `true` when it starts with y.
    private static func line(from terminal: Int32) -> Bool {
        var answer: [UInt8] = []
        var byte: UInt8 = 0
        while answer.count < 64 {
            let count = try? Posix.read(terminal, into: &byte, count: 1)
            guard count == 1, byte != 0x0A else { break }
            answer.append(byte)
        }
        let text = String(decoding: answer, as: UTF8.self).trimmingCharacters(in: .whitespaces).lowercased()
        return text.hasPrefix("y")
    }
}
