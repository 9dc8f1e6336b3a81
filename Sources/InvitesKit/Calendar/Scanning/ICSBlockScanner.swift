import Foundation
import InvitesFormats

/// Finds the VEVENT, VTODO and VTIMEZONE blocks of an iCalendar file at byte level, and the
/// calendar's `X-WR-TIMEZONE` line.
///
/// A large calendar is split here without building a `String` per line (splitting 84 MB into
/// lines through Foundation costs seconds); only the blocks that matter are handed to libical.
/// The same pass picks out the lines ``BlockPrefilter`` bounds an event by and checks each
/// zone's offsets, since going over a block's lines a second time cost a cold vdir run as much
/// as finding them.
/// Component names are matched case-insensitively at the start of a line, as RFC 5545 §3.1
/// allows, and both CRLF and LF line ends are accepted. Lines are read as ``ContentLine``s,
/// unfolded wherever the fold falls (a BEGIN line, a property name), as libical reads them.
struct ICSBlockScanner {
    enum Kind: Sendable {
        case event
        /// A VTODO: a task, which takes no time. Found so that a task invitation's copy can be
        /// found, replaced and taken out by its UID; no occurrence is read from it.
        case task
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
        // Where a line whose head hangs on a fold is unfolded (``ContentLine/withHead(_:scratch:_:)``).
        var scratch: [UInt8] = []
        let count = bytes.count
        if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { offset = 3 }
        while offset < count {
            // A content line with its continuation lines; `line` counts the lines of the file.
            let content = ContentLine.read(bytes, at: offset, limit: count)
            let lineStart = offset
            let first = line
            offset = content.next
            line += content.lines
            if first == 1 { result.usesCRLF = content.firstEnd < count && bytes[content.firstEnd] == 0x0D }
            content.withHead(bytes, scratch: &scratch) { head, start, end in
                if let current = open {
                    if current.kind == .event {
                        fields.read(head, start, end, content, into: &result.boundingLines)
                    } else if ordinary, !BlockPrefilter.isOrdinaryLine(head, start..<end) {
                        ordinary = false
                    }
                }
                guard start < end else { return }
                let initial = head[start] | 0x20
                if initial == 0x78 {  // 'x'
                    if open == nil, result.sawCalendar, property(head, start, end, "X-WR-TIMEZONE") {
                        result.blocks.append(Block(kind: .calendarZone, range: lineStart..<offset, line: first))
                    }
                    return
                }
                guard initial == 0x62 || initial == 0x65 else { return }  // 'b' or 'e'
                if matches(head, start, end, "BEGIN:") {
                    let name = start + 6
                    if open == nil {
                        if matches(head, name, end, "VCALENDAR") {
                            result.sawCalendar = true
                        } else if matches(head, name, end, "VEVENT") {
                            open = (.event, lineStart, first)
                            depth = 0
                            fields = BlockFields.Reader()
                            firstField = result.boundingLines.count
                        } else if matches(head, name, end, "VTODO") {
                            open = (.task, lineStart, first)
                            depth = 0
                        } else if matches(head, name, end, "VTIMEZONE") {
                            if let known = zones?.match(bytes, at: lineStart) {
                                // As scanning its lines would have left it.
                                let blockEnd = lineStart + known.bytes.count
                                ordinary = known.ordinary
                                result.blocks.append(
                                    Block(
                                        kind: .timezone, range: lineStart..<blockEnd, line: first,
                                        fields: firstField..<result.boundingLines.count, ordinary: ordinary,
                                        memoSlot: known.slot))
                                firstField = result.boundingLines.count
                                offset = blockEnd
                                line = first + known.lines
                                return
                            }
                            open = (.timezone, lineStart, first)
                            depth = 0
                            ordinary = true
                        }
                    } else {
                        depth += 1
                    }
                } else if open == nil, matches(head, start, end, "END:"), matches(head, start + 4, end, "VCALENDAR") {
                    result.calendarEnd = lineStart
                } else if matches(head, start, end, "END:"), let current = open {
                    let name = start + 4
                    let closes: Bool
                    switch current.kind {
                    case .event: closes = matches(head, name, end, "VEVENT")
                    case .task: closes = matches(head, name, end, "VTODO")
                    case .timezone, .calendarZone: closes = matches(head, name, end, "VTIMEZONE")
                    }
                    if closes && depth == 0 {
                        let slot =
                            current.kind == .timezone
                            ? zones?.remember(
                                bytes, current.start..<offset, lines: line - current.line, ordinary: ordinary) : nil
                        result.blocks.append(
                            Block(
                                kind: current.kind, range: current.start..<offset, line: current.line,
                                fields: firstField..<result.boundingLines.count, ordinary: ordinary, memoSlot: slot))
                        firstField = result.boundingLines.count
                        open = nil
                    } else if matches(head, name, end, "VCALENDAR") {
                        result.unterminated.append(
                            Block(kind: current.kind, range: current.start..<lineStart, line: current.line))
                        result.boundingLines.removeSubrange(firstField...)
                        open = nil
                    } else {
                        depth = max(depth - 1, 0)
                    }
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

    /// The unfolded value of the block's first `name` property (not of a component nested in
    /// it), read without libical: for finding a UID or TZID in a file about to be edited byte
    /// for byte, or for grouping blocks by UID before any is parsed. A fold anywhere in the
    /// line, its name included, is read as libical reads it.
    static func value(of name: StaticString, in bytes: UnsafeRawBufferPointer, block: Range<Int>) -> [UInt8]? {
        var offset = block.lowerBound
        var depth = 0
        var scratch: [UInt8] = []
        while offset < block.upperBound {
            let line = ContentLine.read(bytes, at: offset, limit: block.upperBound)
            offset = line.next
            let found = line.withHead(bytes, scratch: &scratch) { head, start, end -> Bool in
                guard start < end else { return false }
                switch head[start] | 0x20 {
                case 0x62: if starts(head, start, end, "BEGIN:") { depth += 1 }
                case 0x65: if starts(head, start, end, "END:") { depth -= 1 }
                default: return depth == 1 && property(head, start, end, name)
                }
                return false
            }
            guard found else { continue }
            let unfolded = line.unfolded(bytes)
            guard let colon = valueStart(unfolded[...]) else { return nil }
            return Array(unfolded[(colon + 1)...])
        }
        return nil
    }

    /// The unfolded value of the content line that starts at `start`, continuation lines and all.
    static func lineValue(_ bytes: UnsafeRawBufferPointer, at start: Int) -> String? {
        let line = ContentLine.read(bytes, at: start, limit: bytes.count).unfolded(bytes)
        guard let colon = valueStart(line[...]) else { return nil }
        return String(decoding: line[(colon + 1)...], as: UTF8.self)
    }

    /// ``value(of:in:block:)`` as text.
    static func text(of name: StaticString, in bytes: UnsafeRawBufferPointer, block: Range<Int>) -> String? {
        value(of: name, in: bytes, block: block).map { String(decoding: $0, as: UTF8.self) }
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

extension ICSBlockScanner.Kind {
    /// Whether a block of this kind is an invitation's component, found by its UID: a meeting's
    /// VEVENT or a task's VTODO.
    var holdsUID: Bool { self == .event || self == .task }
}
