import Foundation

/// One content line of an iCalendar text (RFC 5545 §3.1): its first line and the continuation
/// lines that fold it, each beginning with a space or a tab, with a CRLF or a bare LF between.
///
/// A fold may fall anywhere, inside a property name, an address or a UTF-8 sequence (Xandikos,
/// Google and Nextcloud fold an ATTENDEE at 75 octets, inside your address), and libical reads
/// the line unfolded; so must every reader here. Most lines are not folded, and most folded
/// lines (a DESCRIPTION, an ATTENDEE) are folded well after their name: such a line is judged on
/// its first line, in place, as fast as before. Only a line whose decision may hang on what
/// follows the fold (``needsUnfolding(_:)``) is copied out unfolded.
///
/// Here rather than beside the scanner: the iCalendar text is read this way before libical is
/// given it (``ICalComponent/eventCount(in:limit:)``) as well as by the calendar's scanners.
package struct ContentLine {
    /// Where its first line starts.
    package var start: Int
    /// Where its first line ends, without its CR or LF.
    package var firstEnd: Int
    /// Where its last line ends, without its CR or LF.
    package var end: Int
    /// Where the next content line starts: after its last LF, or at the limit.
    package var next: Int
    /// How many lines it spans: 1 when it is not folded.
    package var lines: Int
    /// How many bytes it has unfolded: without line ends and without each continuation's blank.
    package var length: Int

    package var folded: Bool { lines > 1 }

    /// The content line that starts at `start` and ends before `limit` at the latest.
    package static func read(_ bytes: UnsafeRawBufferPointer, at start: Int, limit: Int) -> ContentLine {
        let (firstEnd, next) = lineEnd(bytes, from: start, limit: limit)
        var line = ContentLine(
            start: start, firstEnd: firstEnd, end: firstEnd, next: next, lines: 1, length: firstEnd - start)
        // An empty line is continued like any other: libical reads "\r\n DTSTART:…" after one
        // as a DTSTART.
        while line.next < limit, bytes[line.next] == 0x20 || bytes[line.next] == 0x09 {
            let from = line.next
            (line.end, line.next) = lineEnd(bytes, from: from, limit: limit)
            line.lines += 1
            // The continuation's leading blank is not part of the line.
            line.length += line.end - from - 1
        }
        return line
    }

    /// Where the line that starts at `from` ends without its CR, and where the next one starts.
    private static func lineEnd(_ bytes: UnsafeRawBufferPointer, from: Int, limit: Int) -> (end: Int, next: Int) {
        guard let base = bytes.baseAddress, from < limit, let found = memchr(base + from, 0x0A, limit - from) else {
            return (limit, limit)
        }
        let newline = base.distance(to: UnsafeRawPointer(found))
        return (newline > from && bytes[newline - 1] == 0x0D ? newline - 1 : newline, newline + 1)
    }

    /// Whether what a reader makes of the line may hang on bytes after its first fold: its name
    /// is cut by the fold (the first line holds no `:` or `;`), or it is a line whose whole
    /// value is read (`BEGIN:`, `END:`, a VTIMEZONE's `TZOFFSETFROM`/`TZOFFSETTO`: their first
    /// letters b, e, t). Every other name any reader here looks for ends within the first line,
    /// and its value is read unfolded by ``unfold(_:_:into:)``.
    func needsUnfolding(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard folded else { return false }
        guard start < firstEnd else { return true }
        switch bytes[start] | 0x20 {
        case 0x62, 0x65, 0x74: return true
        default: break
        }
        var at = start
        while at < firstEnd {
            let byte = bytes[at]
            if byte == UInt8(ascii: ":") || byte == UInt8(ascii: ";") { return false }
            at += 1
        }
        return true
    }

    /// Calls `body` with bytes and the range in them where the line's head can be judged: the
    /// first line in place, or the whole line unfolded into `scratch` when
    /// ``needsUnfolding(_:)``.
    package func withHead<Result>(
        _ bytes: UnsafeRawBufferPointer, scratch: inout [UInt8],
        _ body: (UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Result
    ) -> Result {
        guard needsUnfolding(bytes) else { return body(bytes, start, firstEnd) }
        scratch.removeAll(keepingCapacity: true)
        ContentLine.unfold(bytes, start..<end, into: &scratch)
        return scratch.withUnsafeBytes { body($0, 0, $0.count) }
    }

    /// The line unfolded.
    package func unfolded(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        var storage: [UInt8] = []
        storage.reserveCapacity(length)
        ContentLine.unfold(bytes, start..<end, into: &storage)
        return storage
    }

    /// Appends the content line `line` (from its first line to the end of its last
    /// continuation line) unfolded: each line without its CR, each continuation line without
    /// its leading blank.
    package static func unfold(_ bytes: UnsafeRawBufferPointer, _ line: Range<Int>, into storage: inout [UInt8]) {
        var offset = line.lowerBound
        while offset < line.upperBound {
            let from = offset == line.lowerBound ? offset : offset + 1
            var end = line.upperBound
            offset = line.upperBound
            if let base = bytes.baseAddress, let found = memchr(base + from, 0x0A, line.upperBound - from) {
                end = base.distance(to: UnsafeRawPointer(found))
                offset = end + 1
                if end > from, bytes[end - 1] == 0x0D { end -= 1 }
            }
            if from < end { storage.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[from..<end])) }
        }
    }
}
