/// Decides, from a VEVENT block's bytes alone, whether it can possibly have an instance near a
/// window, so that libical parses only the blocks that can.
///
/// It reads only DTSTART, DTEND, DURATION, RRULE, RDATE and RECURRENCE-ID, takes every wall time
/// as if it were UTC and widens by a margin larger than any zone's offset, and answers "maybe"
/// whenever it is unsure (a form it does not know, a rule it cannot bound). A "no" is always
/// safe: the block cannot reach the window. The equivalence test checks that answers are the
/// same with the filter as without it.
struct BlockPrefilter {
    /// More than the largest UTC offset (±14 h) plus a DST shift, with room for odd VTIMEZONEs.
    static let margin = 48 * 3_600

    let lower: Int
    let upper: Int

    init(window: Range<Int>) {
        lower = window.lowerBound
        upper = window.upperBound
    }

    /// Whether the block may have an instance in the window (true when in doubt).
    func mayReach(_ bytes: UnsafeRawBufferPointer, _ block: Range<Int>) -> Bool {
        guard let fields = BlockFields(bytes, block) else { return true }
        guard let start = fields.start.flatMap(BlockPrefilter.wallSeconds) else { return true }
        let length: Int
        if let end = fields.end {
            guard let endSeconds = BlockPrefilter.wallSeconds(end) else { return true }
            length = max(endSeconds - start, 0)
        } else if let duration = fields.duration {
            guard let seconds = BlockPrefilter.durationSeconds(duration) else { return true }
            length = max(seconds, 0)
        } else {
            length = fields.start?.count == 8 ? 86_400 : 0
        }
        if fields.hasRDATE || fields.thisAndFuture { return true }
        if let rid = fields.recurrenceID {
            guard let original = BlockPrefilter.wallSeconds(rid) else { return true }
            return near(start, start + length) || near(original, original + length)
        }
        guard let rule = fields.rule else { return near(start, start + length) }
        if start - BlockPrefilter.margin >= upper { return false }
        guard let last = BlockPrefilter.lastStart(rule: rule, start: start) else { return true }
        return last + length + BlockPrefilter.margin > lower
    }

    /// Whether a VTIMEZONE keeps to offsets real zones use (within ±14 h); a calendar with one
    /// that does not is read without the filter, since its wall times may be further off.
    static func isOrdinaryZone(_ bytes: UnsafeRawBufferPointer, _ block: Range<Int>) -> Bool {
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[block]), as: UTF8.self).uppercased()
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) where line.hasPrefix("TZOFFSET") {
            guard let colon = line.firstIndex(of: ":") else { return false }
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            let digits = value.dropFirst()
            guard value.first == "+" || value.first == "-", digits.count >= 4, let hours = Int(digits.prefix(2)),
                let minutes = Int(digits.dropFirst(2).prefix(2)), hours <= 14, minutes < 60
            else { return false }
        }
        return true
    }

    private func near(_ start: Int, _ end: Int) -> Bool {
        start - BlockPrefilter.margin < upper && end + BlockPrefilter.margin > lower
    }

    // MARK: Reading values

    /// `YYYYMMDD` or `YYYYMMDDTHHMMSS[Z]` as seconds since 1970, the wall time read as UTC.
    static func wallSeconds(_ value: ArraySlice<UInt8>) -> Int? {
        let digits = Array(value)
        func number(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= digits.count else { return nil }
            var result = 0
            for index in from..<(from + count) {
                let digit = Int(digits[index]) - 48
                guard (0...9).contains(digit) else { return nil }
                result = result * 10 + digit
            }
            return result
        }
        guard let year = number(0, 4), let month = number(4, 2), let day = number(6, 2),
            (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        let days = ICalTimeValue.daysSinceEpoch(year: year, month: month, day: day)
        if digits.count == 8 { return days * 86_400 }
        guard digits.count >= 15, digits[8] == UInt8(ascii: "T"), let hour = number(9, 2), let minute = number(11, 2),
            let second = number(13, 2), digits.count == 15 || (digits.count == 16 && digits[15] == UInt8(ascii: "Z"))
        else { return nil }
        return days * 86_400 + hour * 3_600 + minute * 60 + second
    }

    /// An RFC 5545 duration (`PT1H30M`, `P1D`, `P2W`) in seconds, days counted as 24 h (the
    /// margin covers a DST day); `nil` for anything else.
    static func durationSeconds(_ value: ArraySlice<UInt8>) -> Int? {
        var text = Substring(String(decoding: value, as: UTF8.self).uppercased())
        var sign = 1
        if text.hasPrefix("-") { sign = -1; text = text.dropFirst() } else if text.hasPrefix("+") { text = text.dropFirst() }
        guard text.hasPrefix("P") else { return nil }
        text = text.dropFirst()
        var total = 0
        var number = 0
        var sawDigit = false
        var inTime = false
        for character in text {
            if let digit = character.wholeNumberValue, character.isASCII {
                number = number * 10 + digit
                sawDigit = true
                guard number < 100_000_000 else { return nil }
                continue
            }
            switch (character, inTime) {
            case ("T", false): inTime = true; continue
            case ("W", false): total += number * 7 * 86_400
            case ("D", false): total += number * 86_400
            case ("H", true): total += number * 3_600
            case ("M", true): total += number * 60
            case ("S", true): total += number
            default: return nil
            }
            guard sawDigit else { return nil }
            number = 0
            sawDigit = false
        }
        return sawDigit ? nil : sign * total
    }

    /// The latest an instance of the rule can start, or `nil` when the rule cannot be bounded
    /// cheaply (no COUNT or UNTIL, or BY parts that may thin the instances out).
    static func lastStart(rule: ArraySlice<UInt8>, start: Int) -> Int? {
        var parts: [String: String] = [:]
        for part in String(decoding: rule, as: UTF8.self).uppercased().split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { return nil }
            parts[String(pair[0])] = String(pair[1])
        }
        if let until = parts["UNTIL"] {
            guard let seconds = wallSeconds(ArraySlice(Array(until.utf8))) else { return nil }
            return seconds + 86_400
        }
        guard let count = parts["COUNT"].flatMap({ Int($0) }), count >= 0 else { return nil }
        let interval = parts["INTERVAL"].flatMap { Int($0) } ?? 1
        guard interval >= 1 else { return nil }
        let other = Set(parts.keys).subtracting(["FREQ", "COUNT", "INTERVAL", "WKST", "BYDAY"])
        guard other.isEmpty else { return nil }
        let days: Int
        switch parts["FREQ"] {
        case "DAILY" where parts["BYDAY"] == nil: days = count * interval
        case "WEEKLY": days = (count + 1) * interval * 7
        case "MONTHLY" where parts["BYDAY"] == nil: days = (count + 1) * interval * 31
        case "YEARLY" where parts["BYDAY"] == nil: days = (count + 1) * interval * 366
        default: return nil
        }
        guard days < 200 * 366 else { return nil }
        return start + days * 86_400
    }
}

/// The lines of a VEVENT block that decide where it falls, unfolded, read at byte level.
struct BlockFields {
    var start: ArraySlice<UInt8>?
    var end: ArraySlice<UInt8>?
    var duration: ArraySlice<UInt8>?
    var rule: ArraySlice<UInt8>?
    var recurrenceID: ArraySlice<UInt8>?
    var hasRDATE = false
    var thisAndFuture = false

    /// `nil` when the block has something the filter will not judge (two RRULEs, a nested
    /// DTSTART, a value it cannot find).
    init?(_ bytes: UnsafeRawBufferPointer, _ block: Range<Int>) {
        var offset = block.lowerBound
        var depth = 0
        var lines: [[UInt8]] = []
        var current: [UInt8]?
        func flush() {
            if let line = current { lines.append(line) }
            current = nil
        }
        while offset < block.upperBound {
            var end = offset
            while end < block.upperBound, bytes[end] != 0x0A { end += 1 }
            var lineEnd = end
            if lineEnd > offset, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            let first = offset < lineEnd ? bytes[offset] : 0
            if first == 0x20 || first == 0x09 {
                if current != nil { current?.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[(offset + 1)..<lineEnd])) }
            } else {
                flush()
                let upper = first | 0x20
                if upper == 0x62 || upper == 0x65 {
                    let head = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<min(lineEnd, offset + 6)]), as: UTF8.self).uppercased()
                    if head.hasPrefix("BEGIN:") { depth += 1 } else if head.hasPrefix("END:") { depth -= 1 }
                }
                if depth == 1, upper == 0x64 || upper == 0x72 {  // 'd' or 'r'
                    current = Array(UnsafeRawBufferPointer(rebasing: bytes[offset..<lineEnd]))
                }
            }
            offset = end + 1
        }
        flush()
        for line in lines {
            guard let colon = BlockFields.valueStart(line) else { continue }
            let name = String(decoding: line[..<colon].prefix { $0 != UInt8(ascii: ";") }, as: UTF8.self).uppercased()
            let value = line[(colon + 1)...]
            switch name {
            case "DTSTART": if start != nil { return nil }; start = value
            case "DTEND": end = value
            case "DURATION": duration = value
            case "RRULE": if rule != nil { return nil }; rule = value
            case "RDATE": hasRDATE = true
            case "RECURRENCE-ID":
                recurrenceID = value
                thisAndFuture = String(decoding: line[..<colon], as: UTF8.self).uppercased().contains("THISANDFUTURE")
            default: continue
            }
        }
    }

    /// Where the value starts: after the first colon outside double quotes.
    private static func valueStart(_ line: [UInt8]) -> Int? {
        var quoted = false
        for (index, byte) in line.enumerated() {
            if byte == UInt8(ascii: "\"") { quoted.toggle() }
            if byte == UInt8(ascii: ":"), !quoted { return index }
        }
        return nil
    }
}
