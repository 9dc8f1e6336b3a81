import Foundation

/// Whether a message's bytes may hold an invitation, decided without parsing it, so that a
/// Maildir's ordinary mail (99 % of it) is never handed to GMime.
///
/// Only MIME headers can make a part a calendar part (``MailParser`` takes `text/calendar`,
/// `application/ics`, `application/x-ics`, `text/x-vcalendar` and `.ics` file names), and MIME
/// headers are never encoded: a base64 calendar does not say `BEGIN:VCALENDAR` in its bytes, but
/// its `Content-Type` names the type in plain ASCII. So only the lines that begin with
/// `Content-` (any case), and the folded lines that continue them, are looked at: a message's
/// text that talks about `.ics` files, or an attachment's base64, costs one `memchr` per line.
/// A file name written as an RFC 2047 encoded word or split into RFC 2231 sections could hide
/// `.ics`, so a content header with either is taken as a candidate too.
enum MailPrefilter {
    /// What a content header line names when its part may be a calendar, lowercase.
    private static let needles: [[UInt8]] = [
        "text/calendar", "application/ics", "application/x-ics", "text/x-vcalendar", ".ics", "=?", "*0",
    ].map { Array($0.utf8) }
    private static let prefix = Array("content-".utf8)

    static func mayHoldCalendarPart(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
        var start = 0
        var continuing = false
        while start < bytes.count {
            let end: Int
            if let newline = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start) {
                end = base.distance(to: UnsafeRawPointer(newline))
            } else {
                end = bytes.count
            }
            let line = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
            let first = line.first ?? 0
            if first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
                if continuing, contains(line) { return true }
            } else {
                continuing = startsWithContent(line)
                if continuing, contains(line) { return true }
            }
            start = end + 1
        }
        return false
    }

    private static func startsWithContent(_ line: UnsafeRawBufferPointer) -> Bool {
        guard line.count > prefix.count else { return false }
        for index in 0..<prefix.count where line[index] | 0x20 != prefix[index] { return false }
        return true
    }

    /// Whether the line holds one of ``needles``, ignoring ASCII case.
    private static func contains(_ line: UnsafeRawBufferPointer) -> Bool {
        for needle in needles where line.count >= needle.count {
            var index = 0
            while index + needle.count <= line.count {
                var matched = true
                for offset in 0..<needle.count where lower(line[index + offset]) != needle[offset] {
                    matched = false
                    break
                }
                if matched { return true }
                index += 1
            }
        }
        return false
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }
}
