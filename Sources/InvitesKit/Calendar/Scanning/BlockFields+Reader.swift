import InvitesFormats

extension BlockFields {
    /// Where one bounding property of a block is in its file.
    ///
    /// The one-byte fields come last, so that a line takes 32 bytes, not 40: a file of 100,000
    /// events keeps 320,000 of them at the peak of its cold run.
    struct Line: Sendable {
        /// From the start of the property's line to the end of its last continuation line,
        /// without the CR.
        var start: Int
        var end: Int
        /// The length of the unfolded line: `end - start` unless it is folded.
        var length: Int
        var name: Name
        /// Whether continuation lines follow the first.
        var folded = false
    }

    /// Picks a VEVENT's bounding lines and its UID out of its content lines as ``ICSBlockScanner``
    /// passes over them, so that each line of a vdir's 100,000 items is found once, not once to
    /// find the block and again for its fields. It keeps the lines of the block itself, not of a
    /// VALARM or other component nested in it, each with its continuation lines.
    struct Reader {
        /// BEGIN lines less END lines so far, the block's own BEGIN counted: 1 at its top level.
        private var depth = 1

        /// Reads the content line `line` of the block that is open, judged by its head
        /// `head[start..<end]` (``ContentLine/withHead(_:scratch:_:)``): a name a fold cuts is
        /// read whole there.
        mutating func read(
            _ head: UnsafeRawBufferPointer, _ start: Int, _ end: Int, _ line: ContentLine, into lines: inout [Line]
        ) {
            guard start < end else { return }
            switch head[start] | 0x20 {
            case 0x62:  // 'b'
                if ICSBlockScanner.starts(head, start, end, "BEGIN:") { depth += 1 }
            case 0x65:  // 'e'
                if ICSBlockScanner.starts(head, start, end, "END:") { depth -= 1 }
            case 0x64, 0x72:  // 'd', 'r': the first letters of the bounding names
                guard depth == 1 else { return }
                for name in Name.bounding where ICSBlockScanner.property(head, start, end, name.text) {
                    lines.append(
                        Line(start: line.start, end: line.end, length: line.length, name: name, folded: line.folded))
                    return
                }
            case 0x75:  // 'u'
                guard depth == 1, ICSBlockScanner.property(head, start, end, "UID") else { return }
                lines.append(
                    Line(start: line.start, end: line.end, length: line.length, name: .uid, folded: line.folded))
            default:
                return
            }
        }
    }
}
