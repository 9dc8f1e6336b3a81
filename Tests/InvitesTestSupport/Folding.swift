import Foundation

/// A content line folded once at a chosen byte, as a server folds it (RFC 5545 §3.1): for
/// tables that fold a line at every position, inside its name, a parameter, an address or a
/// UTF-8 sequence.
package enum Folding {
    /// The three folds taken in turn: CRLF and a space (what servers write), CRLF and a tab,
    /// a bare LF and a space (vdirsyncer writes LF files).
    package static let folds: [[UInt8]] = [[0x0D, 0x0A, 0x20], [0x0D, 0x0A, 0x09], [0x0A, 0x20]]

    /// One way of folding a line: the byte it is folded before, and the text with that line
    /// folded there.
    package struct Case: CustomStringConvertible, Sendable {
        package var line: String
        package var position: Int
        package var data: Data

        package var description: String {
            let bytes = Array(line.utf8)
            return "\(line.prefix(12))… folded before byte \(position) "
                + String(decoding: bytes[..<position].suffix(6), as: UTF8.self).debugDescription
        }
    }

    /// `text` with its content line `line` folded before each of its bytes in turn (and after
    /// its last one: a continuation line holding only the blank), the folds of ``folds`` taken
    /// in turn. `line` must stand in `text`, whole, at the start of a line; the first such line is
    /// folded.
    package static func everyFold(of line: String, in text: String) -> [Case] {
        let bytes = Array(text.utf8)
        let wanted = Array(line.utf8)
        guard
            let start = (0...(bytes.count - wanted.count)).first(where: { index in
                (index == 0 || bytes[index - 1] == 0x0A) && Array(bytes[index..<(index + wanted.count)]) == wanted
            })
        else { preconditionFailure("no line \(line) in the text") }
        return (0...wanted.count).map { position in
            let fold = folds[position % folds.count]
            var folded = Array(bytes[..<(start + position)])
            folded += fold
            folded += bytes[(start + position)...]
            return Case(line: line, position: position, data: Data(folded))
        }
    }
}
