import Foundation

/// Whether bytes hold a word, looked for before anything is parsed: most calendar files are
/// passed over on that alone.
enum ByteSearch {
    /// Whether `word` occurs in `bytes` as libical reads them: a fold (a line end followed by a
    /// space or a tab, RFC 5545 §3.1) between two of its bytes is skipped, wherever it falls,
    /// since servers fold an ATTENDEE at 75 octets, inside your address. With `ignoringCase`,
    /// ASCII letters match either case, as iCalendar names and e-mail addresses are compared.
    ///
    /// A byte that cannot start the word costs one comparison, as before folds were seen; only
    /// a line end met inside a match is looked at further.
    static func contains(_ word: [UInt8], in bytes: UnsafeRawBufferPointer, ignoringCase: Bool = false) -> Bool {
        guard !word.isEmpty else { return true }
        let count = bytes.count
        guard count >= word.count else { return false }
        // Most callers pass the word in capitals already: no copy then.
        let wanted = ignoringCase && word.contains(where: { $0 >= 0x61 && $0 <= 0x7A }) ? word.map(upper) : word
        let head = wanted[0]
        // The other case of the first byte, or the byte itself: a letter matches either.
        let other = ignoringCase && head >= 0x41 && head <= 0x5A ? head | 0x20 : head
        let last = count - wanted.count
        guard let base = bytes.baseAddress else { return false }
        if let anchor = wanted.firstIndex(of: UInt8(ascii: "@")), anchor > 0,
            !wanted.contains(where: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A })
        {
            return contains(wanted, anchoredAt: anchor, in: bytes, ignoringCase: ignoringCase)
        }
        // The next place of each case of the first byte, found by memchr: a first look reads
        // 100,000 items for your address, which most never hold, and byte by byte that scan
        // cost as much as reading them.
        func next(_ byte: UInt8, from: Int) -> Int {
            guard from <= last, let found = memchr(base + from, Int32(byte), last + 1 - from) else { return last + 1 }
            return base.distance(to: UnsafeRawPointer(found))
        }
        var upperAt = next(head, from: 0)
        var otherAt = other == head ? last + 1 : next(other, from: 0)
        while true {
            let index = min(upperAt, otherAt)
            guard index <= last else { return false }
            if matches(wanted, in: bytes, from: index + 1, ignoringCase: ignoringCase) { return true }
            if index == upperAt { upperAt = next(head, from: index + 1) }
            if index == otherAt { otherAt = next(other, from: index + 1) }
        }
    }

    /// ``contains(_:in:ignoringCase:)`` for a word with an `@` (an address): the places of its
    /// `@` are found by memchr, which few bytes of a calendar item are, and the word is matched
    /// from there both ways, folds skipped. Looking for the first letter instead stopped at every
    /// such letter of 100,000 items, most of which never hold the address.
    private static func contains(
        _ wanted: [UInt8], anchoredAt anchor: Int, in bytes: UnsafeRawBufferPointer, ignoringCase: Bool
    ) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let count = bytes.count
        var from = anchor
        let end = count - (wanted.count - anchor) + 1
        while from < end, let found = memchr(base + from, 0x40, end - from) {
            let at = base.distance(to: UnsafeRawPointer(found))
            if matches(wanted, in: bytes, from: at + 1, position: anchor + 1, ignoringCase: ignoringCase),
                matchesBefore(wanted[..<anchor], in: bytes, endingBefore: at, ignoringCase: ignoringCase)
            {
                return true
            }
            from = at + 1
        }
        return false
    }

    /// Whether `wanted` ends right before `end`, read backwards, folds skipped: a blank after a
    /// line end is a fold's (the word holds no blank).
    private static func matchesBefore(
        _ wanted: ArraySlice<UInt8>, in bytes: UnsafeRawBufferPointer, endingBefore end: Int, ignoringCase: Bool
    ) -> Bool {
        var at = end - 1
        var position = wanted.endIndex - 1
        while position >= wanted.startIndex {
            guard at >= 0 else { return false }
            var byte = bytes[at]
            if (byte == 0x20 || byte == 0x09), at >= 1, bytes[at - 1] == 0x0A {
                at -= 2
                if at >= 0, bytes[at] == 0x0D { at -= 1 }
                continue
            }
            if ignoringCase { byte = upper(byte) }
            guard byte == wanted[position] else { return false }
            at -= 1
            position -= 1
        }
        return true
    }

    /// Whether `word` starts at `start` of `bytes`, folds between its bytes skipped as in
    /// ``contains(_:in:ignoringCase:)``.
    static func starts(
        with word: [UInt8], in bytes: UnsafeRawBufferPointer, at start: Int, ignoringCase: Bool = false
    ) -> Bool {
        guard !word.isEmpty else { return true }
        guard start < bytes.count else { return false }
        let wanted = ignoringCase ? word.map(upper) : word
        let byte = ignoringCase ? upper(bytes[start]) : bytes[start]
        return byte == wanted[0] && matches(wanted, in: bytes, from: start + 1, ignoringCase: ignoringCase)
    }

    /// Whether `wanted` but its first byte follows at `start`, folds skipped.
    private static func matches(
        _ wanted: [UInt8], in bytes: UnsafeRawBufferPointer, from start: Int, position first: Int = 1,
        ignoringCase: Bool
    ) -> Bool {
        var at = start
        var position = first
        let count = bytes.count
        while position < wanted.count {
            guard at < count else { return false }
            var byte = bytes[at]
            if byte == 0x0D || byte == 0x0A {
                let fold = foldLength(bytes, at: at)
                if fold > 0 {
                    at += fold
                    continue
                }
            }
            if ignoringCase { byte = upper(byte) }
            guard byte == wanted[position] else { return false }
            at += 1
            position += 1
        }
        return true
    }

    /// How many bytes the fold at `at` spans (CRLF or LF, then a space or a tab); 0 for none.
    static func foldLength(_ bytes: UnsafeRawBufferPointer, at: Int) -> Int {
        var next = at
        if bytes[next] == 0x0D {
            next += 1
            guard next < bytes.count, bytes[next] == 0x0A else { return 0 }
        } else if bytes[next] != 0x0A {
            return 0
        }
        next += 1
        guard next < bytes.count, bytes[next] == 0x20 || bytes[next] == 0x09 else { return 0 }
        return next + 1 - at
    }

    private static func upper(_ byte: UInt8) -> UInt8 {
        byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte
    }
}
