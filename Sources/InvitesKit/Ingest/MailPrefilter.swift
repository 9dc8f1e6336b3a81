import Foundation

/// Whether a message's bytes may hold an invitation, decided without parsing it, so that a
/// Maildir's ordinary mail (99 % of it) is never handed to GMime.
///
/// Only MIME headers can make a part a calendar part (``MailParser`` takes `text/calendar`,
/// `application/ics`, `application/x-ics`, `text/x-vcalendar` and `.ics` file names), and MIME
/// headers are never encoded: a base64 calendar does not say `BEGIN:VCALENDAR` in its bytes, but
/// its `Content-Type` names the type in plain ASCII. So only the lines that begin with
/// `Content-` (any case), and the folded lines that continue them, are looked at, unfolded: a
/// message's text that talks about `.ics` files, or an attachment's base64, costs one `memchr`
/// per line.
/// A file name written as an RFC 2047 encoded word or split into RFC 2231 sections could hide
/// `.ics`, so a content header with either is taken as a candidate too. Outlook's winmail.dat
/// (`application/ms-tnef`, or any type under that name) may hold a meeting: a candidate too.
enum MailPrefilter {
    /// What a content header line names when its part may be a calendar, lowercase.
    private static let needles: [[UInt8]] = [
        "text/calendar", "application/ics", "application/x-ics", "text/x-vcalendar", ".ics", "=?", "*0",
        "ms-tnef", "winmail.dat",
    ].map { Array($0.utf8) }
    private static let prefix = Array("content-".utf8)

    static func mayHoldCalendarPart(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
        // The content header being read, its folds undone and its blanks left out: GMime reads
        // `text/\r\n calendar` as text/calendar (blanks may stand around the slash), so a
        // needle is looked for across the lines of a header, blanks skipped. That finds more
        // than GMime does (`text/cal endar`), never less.
        var header: [UInt8] = []
        var continuing = false
        var start = 0
        while start < bytes.count {
            let end = next(UInt8(ascii: "\n"), in: bytes, from: start)
            // Old Mac mail ends its lines with a bare CR (GMime reads it so): such a line is cut at
            // each CR; the CR of a CRLF ends the last piece.
            var piece = start
            while piece < end {
                let stop = next(UInt8(ascii: "\r"), in: bytes, from: piece, before: end)
                let line = UnsafeRawBufferPointer(start: base + piece, count: stop - piece)
                let first = line.first ?? 0
                if first != UInt8(ascii: " ") && first != UInt8(ascii: "\t") {
                    if continuing, contains(header) { return true }
                    header.removeAll(keepingCapacity: true)
                    continuing = startsWithContent(line)
                }
                if continuing {
                    for byte in line where byte != UInt8(ascii: " ") && byte != UInt8(ascii: "\t") {
                        header.append(byte)
                    }
                }
                piece = stop + 1
            }
            if start == end {
                if continuing, contains(header) { return true }
                header.removeAll(keepingCapacity: true)
                continuing = false
            }
            start = end + 1
        }
        return continuing && contains(header)
    }

    /// Where the next `byte` is at or after `start` (and before `limit`), or `limit`.
    private static func next(_ byte: UInt8, in bytes: UnsafeRawBufferPointer, from start: Int, before limit: Int? = nil)
        -> Int
    {
        let limit = limit ?? bytes.count
        guard let base = bytes.baseAddress, start < limit,
            let found = memchr(base + start, Int32(byte), limit - start)
        else { return limit }
        return base.distance(to: UnsafeRawPointer(found))
    }

    private static func startsWithContent(_ line: UnsafeRawBufferPointer) -> Bool {
        guard line.count > prefix.count else { return false }
        for index in 0..<prefix.count where line[index] | 0x20 != prefix[index] { return false }
        return true
    }

    /// Whether the header holds one of ``needles``, ignoring ASCII case.
    private static func contains(_ line: [UInt8]) -> Bool {
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
