import Foundation

/// Finds the VEVENT and VTIMEZONE blocks of an iCalendar file at byte level, and the calendar's
/// `X-WR-TIMEZONE` line.
///
/// A large calendar is split here without building a `String` per line (splitting 84 MB into
/// lines through Foundation costs seconds); only the blocks that matter are handed to libical.
/// The same pass picks out the lines ``BlockPrefilter`` bounds an event by and checks each
/// zone's offsets, since going over a block's lines a second time cost a cold vdir run as much
/// as finding them.
/// Component names are matched case-insensitively at the start of a line, as RFC 5545 §3.1
/// allows, and both CRLF and LF line ends are accepted.
struct ICSBlockScanner {
    enum Kind: Sendable {
        case event
        case timezone
        /// The VCALENDAR's own `X-WR-TIMEZONE` line: the zone its floating times are read in.
        case calendarZone
    }

    /// One component's bytes, from its BEGIN line to the end of its END line.
    struct Block: Sendable {
        var kind: Kind
        var range: Range<Int>
        /// The 1-based line its BEGIN is on.
        var line: Int
        /// For an event, where its bounding lines are in ``Result/boundingLines``.
        var fields: Range<Int> = 0..<0
        /// For a VTIMEZONE, whether its offsets are ones real zones use
        /// (``BlockPrefilter/isOrdinaryLine(_:_:)``).
        var ordinary = true
        /// For a VTIMEZONE the scan took from its ``ZoneMemo`` or left there, where it is kept.
        var memoSlot: Int?
    }

    struct Result: Sendable {
        var blocks: [Block] = []
        /// Whether a `BEGIN:VCALENDAR` line was seen at all.
        var sawCalendar = false
        /// A block whose END never came: its kind and starting line.
        var unterminated: [Block] = []
        /// Where the last `END:VCALENDAR` line starts, the place new components go before.
        var calendarEnd: Int?
        /// Whether the file's first line ends in CRLF.
        var usesCRLF = true
        /// The bounding lines of every event, in order (see ``BlockFields/Reader``).
        var boundingLines: [BlockFields.Line] = []

        /// The bounding lines of `block`.
        func fields(of block: Block) -> ArraySlice<BlockFields.Line> {
            boundingLines[block.fields]
        }
    }

    /// Scans a whole file; with `zones`, a VTIMEZONE block met before on this thread is taken
    /// whole (``ZoneMemo``).
    static func scan(_ bytes: UnsafeRawBufferPointer, zones: ZoneMemo? = nil) -> Result {
        var result = Result()
        // A vdir item has two or three blocks and a few bounding lines: room for them at once
        // rather than in steps.
        result.blocks.reserveCapacity(4)
        result.boundingLines.reserveCapacity(8)
        var open: (kind: Kind, start: Int, line: Int)?
        var depth = 0
        var fields = BlockFields.Reader()
        var firstField = 0
        var ordinary = true
        var offset = 0
        var line = 1
        let count = bytes.count
        if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { offset = 3 }
        while offset < count {
            let lineStart = offset
            var lineEnd = count
            if let newline = memchrIndex(bytes, from: offset, byte: 0x0A) {
                lineEnd = newline
                offset = newline + 1
            } else {
                offset = count
            }
            defer { line += 1 }
            if line == 1 { result.usesCRLF = lineEnd > lineStart && bytes[lineEnd - 1] == 0x0D }
            if let current = open {
                var end = lineEnd
                if end > lineStart, bytes[end - 1] == 0x0D { end -= 1 }
                if current.kind == .event {
                    fields.read(bytes, lineStart, end, into: &result.boundingLines)
                } else if ordinary, !BlockPrefilter.isOrdinaryLine(bytes, lineStart..<end) {
                    ordinary = false
                }
            }
            let first = bytes[lineStart] | 0x20
            if first == 0x78 {  // 'x'
                if open == nil, result.sawCalendar, property(bytes, lineStart, lineEnd, "X-WR-TIMEZONE") {
                    result.blocks.append(Block(kind: .calendarZone, range: lineStart..<offset, line: line))
                }
                continue
            }
            guard first == 0x62 || first == 0x65 else { continue }  // 'b' or 'e'
            if matches(bytes, lineStart, lineEnd, "BEGIN:") {
                let name = lineStart + 6
                if open == nil {
                    if matches(bytes, name, lineEnd, "VCALENDAR") {
                        result.sawCalendar = true
                    } else if matches(bytes, name, lineEnd, "VEVENT") {
                        open = (.event, lineStart, line)
                        depth = 0
                        fields = BlockFields.Reader()
                        firstField = result.boundingLines.count
                    } else if matches(bytes, name, lineEnd, "VTIMEZONE") {
                        if let known = zones?.match(bytes, at: lineStart) {
                            // As scanning its lines would have left it.
                            let end = lineStart + known.bytes.count
                            ordinary = known.ordinary
                            result.blocks.append(
                                Block(
                                    kind: .timezone, range: lineStart..<end, line: line,
                                    fields: firstField..<result.boundingLines.count, ordinary: ordinary,
                                    memoSlot: known.slot))
                            firstField = result.boundingLines.count
                            offset = end
                            line += known.lines - 1
                            continue
                        }
                        open = (.timezone, lineStart, line)
                        depth = 0
                        ordinary = true
                    }
                } else {
                    depth += 1
                }
            } else if open == nil, matches(bytes, lineStart, lineEnd, "END:"),
                matches(bytes, lineStart + 4, lineEnd, "VCALENDAR")
            {
                result.calendarEnd = lineStart
            } else if matches(bytes, lineStart, lineEnd, "END:"), let current = open {
                let name = lineStart + 4
                let closes =
                    current.kind == .event
                    ? matches(bytes, name, lineEnd, "VEVENT") : matches(bytes, name, lineEnd, "VTIMEZONE")
                if closes && depth == 0 {
                    let slot =
                        current.kind == .timezone
                        ? zones?.remember(
                            bytes, current.start..<offset, lines: line - current.line + 1, ordinary: ordinary) : nil
                    result.blocks.append(
                        Block(
                            kind: current.kind, range: current.start..<offset, line: current.line,
                            fields: firstField..<result.boundingLines.count, ordinary: ordinary, memoSlot: slot))
                    firstField = result.boundingLines.count
                    open = nil
                } else if matches(bytes, name, lineEnd, "VCALENDAR") {
                    result.unterminated.append(
                        Block(kind: current.kind, range: current.start..<lineStart, line: current.line))
                    result.boundingLines.removeSubrange(firstField...)
                    open = nil
                } else {
                    depth = max(depth - 1, 0)
                }
            }
        }
        if let current = open {
            result.unterminated.append(Block(kind: current.kind, range: current.start..<count, line: current.line))
            result.boundingLines.removeSubrange(firstField...)
        }
        return result
    }

    /// Whether the line at `start` begins with `word` (ASCII, case-insensitive) and, for a
    /// component name, ends right after it but for trailing white space.
    private static func matches(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int, _ word: StaticString) -> Bool
    {
        guard starts(bytes, start, end, word) else { return false }
        let length = word.utf8CodeUnitCount
        if word.utf8Start[length - 1] == UInt8(ascii: ":") { return true }
        var rest = start + length
        while rest < end, bytes[rest] == 0x0D || bytes[rest] == 0x20 || bytes[rest] == 0x09 { rest += 1 }
        return rest == end
    }

    private static func memchrIndex(_ bytes: UnsafeRawBufferPointer, from: Int, byte: UInt8) -> Int? {
        guard let base = bytes.baseAddress, from < bytes.count else { return nil }
        guard let found = memchr(base + from, Int32(byte), bytes.count - from) else { return nil }
        return base.distance(to: UnsafeRawPointer(found))
    }

    /// The unfolded value of the block's first `name` property (not of a component nested in
    /// it), read without libical: for finding a UID or TZID in a file about to be edited byte
    /// for byte, or for grouping blocks by UID before any is parsed.
    static func value(of name: StaticString, in bytes: UnsafeRawBufferPointer, block: Range<Int>) -> [UInt8]? {
        var line: [UInt8]?
        var extending = false
        topLevelLines(bytes, block, [name]) { found, text in
            if found != nil {
                extending = line == nil
                if line == nil { line = Array(text) }
            } else if extending {
                line?.append(contentsOf: text)
            }
        }
        guard let line, let colon = valueStart(line[...]) else { return nil }
        return Array(line[(colon + 1)...])
    }

    /// The unfolded value of the content line that starts at `start`, continuation lines and all.
    static func lineValue(_ bytes: UnsafeRawBufferPointer, at start: Int) -> String? {
        var line: [UInt8] = []
        var offset = start
        repeat {
            // A continuation line's leading blank is not part of the value (RFC 5545 §3.1).
            let from = offset == start ? offset : offset + 1
            var end = memchrIndex(bytes, from: offset, byte: 0x0A) ?? bytes.count
            let next = end + 1
            if end > from, bytes[end - 1] == 0x0D { end -= 1 }
            if from < end { line.append(contentsOf: bytes[from..<end]) }
            offset = next
        } while offset < bytes.count && (bytes[offset] == 0x20 || bytes[offset] == 0x09)
        guard let colon = valueStart(line[...]) else { return nil }
        return String(decoding: line[(colon + 1)...], as: UTF8.self)
    }

    /// Appends the content line `line` (from its first line to the end of its last
    /// continuation line) unfolded: each line without its CR, each continuation line without
    /// its leading blank.
    static func unfold(_ bytes: UnsafeRawBufferPointer, _ line: Range<Int>, into storage: inout [UInt8]) {
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

    /// ``value(of:in:block:)`` as text.
    static func text(of name: StaticString, in bytes: UnsafeRawBufferPointer, block: Range<Int>) -> String? {
        value(of: name, in: bytes, block: block).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with each line of the properties `names` that belong to the block itself,
    /// not to a VALARM or other component nested in it (with the index of the name), then with
    /// each of its continuation lines without the leading blank (with `nil`). Byte-level, with
    /// memchr for the line ends.
    static func topLevelLines(
        _ bytes: UnsafeRawBufferPointer, _ block: Range<Int>, _ names: [StaticString],
        _ body: (Int?, UnsafeRawBufferPointer) -> Void
    ) {
        var offset = block.lowerBound
        var depth = 0
        var capturing = false
        while offset < block.upperBound {
            var end = offset
            if let base = bytes.baseAddress, let found = memchr(base + offset, 0x0A, block.upperBound - offset) {
                end = base.distance(to: UnsafeRawPointer(found))
            } else {
                end = block.upperBound
            }
            var lineEnd = end
            if lineEnd > offset, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            defer { offset = end + 1 }
            guard offset < lineEnd else {
                capturing = false
                continue
            }
            let first = bytes[offset]
            if first == 0x20 || first == 0x09 {
                if capturing { body(nil, UnsafeRawBufferPointer(rebasing: bytes[(offset + 1)..<lineEnd])) }
                continue
            }
            capturing = false
            let initial = first | 0x20
            if initial == 0x62, starts(bytes, offset, lineEnd, "BEGIN:") {
                depth += 1
            } else if initial == 0x65, starts(bytes, offset, lineEnd, "END:") {
                depth -= 1
            } else if depth == 1, names.contains(where: { $0.utf8Start.pointee | 0x20 == initial }) {
                for (index, name) in names.enumerated() where property(bytes, offset, lineEnd, name) {
                    body(index, UnsafeRawBufferPointer(rebasing: bytes[offset..<lineEnd]))
                    capturing = true
                    break
                }
            }
        }
    }

    /// Whether the line starts with `word`, ASCII case-insensitively.
    static func starts(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int, _ word: StaticString) -> Bool {
        let length = word.utf8CodeUnitCount
        guard end - start >= length else { return false }
        let pointer = word.utf8Start
        for index in 0..<length where (bytes[start + index] | 0x20) != (pointer[index] | 0x20) {
            return false
        }
        return true
    }

    /// Whether the line is the property `name` (followed by `:` or `;`).
    static func property(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int, _ name: StaticString)
        -> Bool
    {
        let length = name.utf8CodeUnitCount
        guard end - start > length, starts(bytes, start, end, name) else { return false }
        let next = bytes[start + length]
        return next == UInt8(ascii: ":") || next == UInt8(ascii: ";")
    }

    /// Where the value starts: after the first colon outside double quotes.
    static func valueStart(_ line: ArraySlice<UInt8>) -> Int? {
        var quoted = false
        for index in line.indices {
            if line[index] == UInt8(ascii: "\"") { quoted.toggle() }
            if line[index] == UInt8(ascii: ":"), !quoted { return index }
        }
        return nil
    }
}
