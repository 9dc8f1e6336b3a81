extension BlockFields {
    /// Where one bounding property of a block is in its file.
    struct Line: Sendable {
        var name: Name
        /// From the start of the property's line to the end of its last continuation line,
        /// without the CR.
        var start: Int
        var end: Int
        /// The length of the unfolded line: `end - start` unless it is folded.
        var length: Int
        /// Whether continuation lines follow the first.
        var folded = false
    }

    /// Picks a VEVENT's bounding lines and its UID out of its lines as ``ICSBlockScanner`` passes over
    /// them, so that each line of a vdir's 100,000 items is found once, not once to find the
    /// block and again for its fields. It keeps the lines of the block itself, not of a VALARM
    /// or other component nested in it, each with its continuation lines.
    struct Reader {
        /// BEGIN lines less END lines so far, the block's own BEGIN counted: 1 at its top level.
        private var depth = 1
        /// Whether a continuation line extends the last line kept.
        private var capturing = false

        /// Reads the line `start..<end` (without its line end) of the block that is open.
        mutating func read(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int, into lines: inout [Line]) {
            guard start < end else {
                capturing = false
                return
            }
            let first = bytes[start]
            if first == 0x20 || first == 0x09 {
                if capturing, let last = lines.indices.last {
                    // The continuation's leading blank is not part of the value (RFC 5545 §3.1).
                    lines[last].length += end - start - 1
                    lines[last].end = end
                    lines[last].folded = true
                }
                return
            }
            capturing = false
            switch first | 0x20 {
            case 0x62:  // 'b'
                if ICSBlockScanner.starts(bytes, start, end, "BEGIN:") { depth += 1 }
            case 0x65:  // 'e'
                if ICSBlockScanner.starts(bytes, start, end, "END:") { depth -= 1 }
            case 0x64, 0x72:  // 'd', 'r': the first letters of the bounding names
                guard depth == 1 else { return }
                for name in Name.bounding where ICSBlockScanner.property(bytes, start, end, name.text) {
                    lines.append(Line(name: name, start: start, end: end, length: end - start))
                    capturing = true
                    return
                }
            case 0x75:  // 'u'
                guard depth == 1, ICSBlockScanner.property(bytes, start, end, "UID") else { return }
                lines.append(Line(name: .uid, start: start, end: end, length: end - start))
                capturing = true
            default:
                return
            }
        }
    }
}
