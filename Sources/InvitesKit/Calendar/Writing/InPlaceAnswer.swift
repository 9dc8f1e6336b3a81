import Foundation
import InvitesFormats
import InvitesModel

/// Your answer written into an item a scheduling server put in your calendar, the way RFC 6638
/// §3.2.2.1 lets an attendee change the server's copy: your ATTENDEE's PARTSTAT, an override for
/// one occurrence, your COMMENT. Every other byte stays as the server (or the sync) wrote it,
/// so the sync uploads a change the server recognises as your answer, and nothing else.
///
/// A content line is edited in its unfolded form and folded again only when it changed; a
/// line that still fits in 75 octets is written unfolded.
struct InPlaceAnswer {
    var uid: String
    var me: MyAddresses
    /// The PARTSTAT to set: ACCEPTED, DECLINED or TENTATIVE.
    var partstat: String
    /// The occurrences answered alone, by inbox key; `nil` is the series: every VEVENT of the
    /// UID, since a series answer is for every instance.
    var keys: [String]?
    var comment: String?
    var display: DisplayZone
    /// For a task reported on (``percent(after:reported:)``): the PERCENT-COMPLETE its VTODOs
    /// take, which RFC 6638 §3.2.2.1 lets an attendee change; `nil` leaves it as it is.
    var percent: Int? = nil

    /// The PERCENT-COMPLETE a report writes into the task's copy: the percent reported for
    /// `progress` (held to 0...100), 100 for `done`, none for any other answer.
    static func percent(after action: AnswerAction, reported: Int?) -> Int? {
        switch action {
        case .inProcess: reported.map { min(max($0, 0), 100) } ?? 0
        case .completed: 100
        default: nil
        }
    }

    /// The item with the answer in it; throws when the item no longer holds the UID.
    func apply(to data: Data, path: String) throws(CalendarError) -> Data {
        guard let result = applied(to: data) else { throw .invitationGone(path: path, uid: uid) }
        return result
    }

    /// The item with the answer in it; `nil` when it holds no VEVENT (or VTODO) of the UID.
    private func applied(to data: Data) -> Data? {
        data.withUnsafeBytes { bytes -> Data? in
            let scan = ICSBlockScanner.scan(bytes)
            let blocks = scan.blocks.filter {
                $0.kind.holdsUID && ICSBlockScanner.text(of: "UID", in: bytes, block: $0.range) == uid
            }.map(\.range)
            guard !blocks.isEmpty else { return nil }
            let zones = scan.blocks.filter { $0.kind == .timezone }.map(\.range)
            let blockKeys = CalendarBlocks.keys(of: blocks, zones: zones, in: bytes, display: display)
            let newline = scan.usesCRLF ? "\r\n" : "\n"
            var edits: [(range: Range<Int>, bytes: [UInt8])] = []
            var added: [String] = []
            func block(_ range: Range<Int>) -> UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: bytes[range]) }
            if let keys {
                for key in keys {
                    if let index = blockKeys.firstIndex(of: key) {
                        edits.append((blocks[index], edit(block(blocks[index]), withComment: true, newline)))
                    } else if let made = InvitationComponents.instance(
                        of: uid, in: data, at: key, partstat: partstat, me: me, comment: comment, display: display)
                    {
                        added.append(made.replacingOccurrences(of: "\r\n", with: newline))
                    }
                }
            } else {
                for (index, range) in blocks.enumerated() {
                    edits.append((range, edit(block(range), withComment: blockKeys[index] == nil, newline)))
                }
            }
            if !added.isEmpty, let last = blocks.last {
                edits.append((last.upperBound..<last.upperBound, Array(added.joined().utf8)))
            }
            var result = Data()
            var cursor = 0
            for edit in edits.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
                result.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[cursor..<edit.range.lowerBound]))
                result.append(contentsOf: edit.bytes)
                cursor = edit.range.upperBound
            }
            result.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[cursor...]))
            return result
        }
    }

    /// One VEVENT (or VTODO) block with your PARTSTAT set on your ATTENDEE lines of its own
    /// (not its alarms'), an ATTENDEE added when it lists you under none of your addresses, and
    /// the COMMENT added before its END line; a VTODO's PERCENT-COMPLETE set to ``percent``
    /// where there is one (replaced in place, else added before its END line).
    ///
    /// Byte for byte: a fold may fall inside a UTF-8 sequence (a CN in another script), which
    /// only the unfolded line holds whole; a line that does not change is written back as its
    /// bytes were.
    func edit(_ block: UnsafeRawBufferPointer, withComment: Bool, _ newline: String) -> [UInt8] {
        var lines = InPlaceAnswer.logicalLines(block)
        var depth = 0
        var mine = false
        var endIndex: Int?
        let task =
            lines.first.map {
                InPlaceAnswer.name(of: $0.text) == "BEGIN" && $0.text.uppercased().hasPrefix("BEGIN:VTODO")
            } ?? false
        let percentLine = task ? percent.map { "PERCENT-COMPLETE:\($0)" } : nil
        var percentWritten = false
        for index in lines.indices {
            let unfolded = lines[index].text
            let name = InPlaceAnswer.name(of: unfolded)
            if name == "BEGIN" { depth += 1 }
            if name == "END" {
                depth -= 1
                if depth == 0 { endIndex = index }
            }
            if depth == 1, name == "PERCENT-COMPLETE", let percentLine {
                // A stranger's value, however long, is replaced whole; a second line goes.
                lines[index].physical = percentWritten ? [] : Array((percentLine + newline).utf8)
                percentWritten = true
                continue
            }
            guard depth == 1, name == "ATTENDEE", let colon = InPlaceAnswer.valueStart(unfolded) else { continue }
            let value = String(unfolded[unfolded.index(after: colon)...])
            guard me.contains(value) else { continue }
            mine = true
            var changed = InPlaceAnswer.settingPartstat(partstat, in: unfolded)
            // Another answer ends a delegation: your line no longer says whom you sent.
            if partstat != "DELEGATED" { changed = InPlaceAnswer.setting("DELEGATED-TO", to: nil, in: changed) }
            if changed != unfolded { lines[index].physical = Array(InPlaceAnswer.fold(changed, newline).utf8) }
        }
        var extra = ""
        if let percentLine, !percentWritten { extra += percentLine + newline }
        if !mine, let address = me.all.sorted().first {
            extra += InPlaceAnswer.fold("ATTENDEE;PARTSTAT=\(partstat):mailto:\(address)", newline)
        }
        if withComment, let comment, let line = ICalComponent.commentLine(comment) {
            extra += line.replacingOccurrences(of: "\r\n", with: newline)
        }
        if !extra.isEmpty, let endIndex { lines[endIndex].physical = Array(extra.utf8) + lines[endIndex].physical }
        return lines.flatMap(\.physical)
    }

    /// A content line as written (with its folds and line end) and unfolded.
    struct Line {
        var physical: [UInt8]
        /// Without its folds and its line end.
        var unfolded: [UInt8]

        /// ``unfolded`` as text: whole, since no fold is left to split a character.
        var text: String { String(decoding: unfolded, as: UTF8.self) }
    }

    /// The content lines of a text, read as ``ICSBlockScanner`` reads them (``ContentLine``).
    static func logicalLines(_ bytes: UnsafeRawBufferPointer) -> [Line] {
        var lines: [Line] = []
        var start = 0
        while start < bytes.count {
            let line = ContentLine.read(bytes, at: start, limit: bytes.count)
            lines.append(Line(physical: Array(bytes[start..<line.next]), unfolded: line.unfolded(bytes)))
            start = line.next
        }
        return lines
    }

    /// The property name of a content line, upper-cased.
    static func name(of line: String) -> String {
        String(line.prefix { $0 != ";" && $0 != ":" }).uppercased()
    }

    /// Where the value starts: the first colon outside a quoted parameter value.
    static func valueStart(_ line: String) -> String.Index? {
        var quoted = false
        for index in line.indices {
            if line[index] == "\"" { quoted.toggle() }
            if line[index] == ":", !quoted { return index }
        }
        return nil
    }

    /// The line with its PARTSTAT parameter set (added when it has none); every other
    /// parameter stays as written, in its place.
    static func settingPartstat(_ partstat: String, in line: String) -> String {
        setting("PARTSTAT", to: partstat, in: line)
    }

    /// The line with the parameter `name` set to `value` (added last when it has none), or
    /// without it for a `nil` value; every other parameter stays as written, in its place.
    static func setting(_ name: String, to value: String?, in line: String) -> String {
        guard let colon = valueStart(line) else { return line }
        let head = line[..<colon]
        var parameters: [Substring] = []
        var start = head.startIndex
        var quoted = false
        for index in head.indices {
            if head[index] == "\"" { quoted.toggle() }
            if head[index] == ";", !quoted {
                parameters.append(head[start..<index])
                start = head.index(after: index)
            }
        }
        parameters.append(head[start...])
        var found = false
        let rewritten = parameters.enumerated().compactMap { position, parameter -> String? in
            guard position > 0, parameter.uppercased().hasPrefix(name + "=") else { return String(parameter) }
            found = true
            return value.map { name + "=" + $0 }
        }
        let added = found ? "" : value.map { ";\(name)=" + $0 } ?? ""
        return rewritten.joined(separator: ";") + added + line[colon...]
    }

    /// A content line folded at 75 octets (RFC 5545 §3.1), never inside a UTF-8 sequence.
    static func fold(_ line: String, _ newline: String) -> String {
        let bytes = Array(line.utf8)
        var result: [UInt8] = []
        var count = 0
        var index = 0
        while index < bytes.count {
            var length = 1
            let lead = bytes[index]
            if lead >= 0xF0 { length = 4 } else if lead >= 0xE0 { length = 3 } else if lead >= 0xC0 { length = 2 }
            length = min(length, bytes.count - index)
            if count + length > 75 {
                result.append(contentsOf: Array(newline.utf8) + [0x20])
                count = 1
            }
            result.append(contentsOf: bytes[index..<(index + length)])
            count += length
            index += length
        }
        return String(decoding: result + Array(newline.utf8), as: UTF8.self)
    }
}
