import Foundation
import InvitesKit
import InvitesSystem

/// Lines instead of keys: what `review` reads from a pipe, a file, or a terminal that cannot
/// take single keys (`TERM=dumb`). Each line ends at a newline; the end of the input ends
/// the review.
final class LineKeyboard: Keyboard {
    private enum Source {
        case descriptor(Int32)
        case data(Data, offset: Int)
    }

    private var source: Source

    let singleKeys = false

    /// Reads a descriptor a byte at a time, so nothing after the line is taken from whoever
    /// shares it.
    init(descriptor: Int32) {
        source = .descriptor(descriptor)
    }

    /// Reads lines from memory (tests, and input read whole).
    init(data: Data) {
        source = .data(data, offset: 0)
    }

    func next() -> KeyboardEvent {
        var bytes: [UInt8] = []
        while true {
            guard let byte = nextByte() else {
                return bytes.isEmpty ? .end : .line(LineKeyboard.text(bytes))
            }
            if byte == 0x0A { return .line(LineKeyboard.text(bytes)) }
            if bytes.count < LineEditor.longest * 4 { bytes.append(byte) }
        }
    }

    func restore() {}

    private func nextByte() -> UInt8? {
        switch source {
        case .data(let data, let offset):
            guard offset < data.count else { return nil }
            source = .data(data, offset: offset + 1)
            return data[data.startIndex + offset]
        case .descriptor(let descriptor):
            var byte: UInt8 = 0
            let count = try? Posix.read(descriptor, into: &byte, count: 1)
            return count == 1 ? byte : nil
        }
    }

    private static func text(_ bytes: [UInt8]) -> String {
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasSuffix("\r") { text.removeLast() }
        return text
    }
}
