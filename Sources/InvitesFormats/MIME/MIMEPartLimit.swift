import Foundation

/// The most MIME parts one message may have, counted before GMime reads it.
///
/// GMime builds an object for every part it finds (its headers, its content type, its stream),
/// about 1.3 KB each: a stranger's 3 million empty parts (21 MB of `--b` lines) took `ingest` to
/// 4 GB and 27 s, before a single part was looked at. Every part after a multipart's preamble is
/// opened by a delimiter line, which begins with `--` (RFC 2046 §5.1.1), so the lines that begin
/// with `--` bound the parts from above: counting them is one `memchr` per line. Text that only
/// looks like a delimiter (a signature's `-- `, a quoted diff) counts too; a message with an
/// invitation has a few dozen parts, and 10,000 such lines is far beyond any.
enum MIMEPartLimit {
    /// The most lines that may open a part.
    static let mostParts = 10_000

    /// How many lines of `bytes` begin with `--`; counting stops past `limit`.
    static func delimiterLines(in bytes: UnsafeRawBufferPointer, limit: Int = mostParts) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let dash = UInt8(ascii: "-")
        var count = 0
        var start = 0
        while start < bytes.count, count <= limit {
            if start + 1 < bytes.count, bytes[start] == dash, bytes[start + 1] == dash { count += 1 }
            guard let found = memchr(base + start, 0x0A, bytes.count - start) else { break }
            start = base.distance(to: UnsafeRawPointer(found)) + 1
        }
        return count
    }
}
