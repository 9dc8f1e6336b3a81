#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
        guard let reach = BlockPrefilter.reach(bytes, block) else { return true }
        return reach.lowerBound < upper && reach.upperBound > lower
    }

    /// The stretch of time (Unix seconds, widened by ``margin``) outside which the block has no
    /// instance; `nil` when it cannot be bounded from the bytes alone. It depends on the block
    /// only, not on any window, so it can be kept in an index.
    static func reach(_ bytes: UnsafeRawBufferPointer, _ block: Range<Int>) -> Range<Int>? {
        guard let fields = BlockFields(bytes, block), let start = fields.start.flatMap(wallSeconds) else { return nil }
        let length: Int
        if let end = fields.end {
            guard let endSeconds = wallSeconds(end) else { return nil }
            length = max(endSeconds - start, 0)
        } else if let duration = fields.duration {
            guard let seconds = durationSeconds(duration) else { return nil }
            length = max(seconds, 0)
        } else {
            length = fields.start?.count == 8 ? 86_400 : 0
        }
        if fields.hasRDATE || fields.thisAndFuture { return nil }
        if let rid = fields.recurrenceID {
            guard let original = wallSeconds(rid) else { return nil }
            return (min(start, original) - margin)..<(max(start, original) + length + margin + 1)
        }
        guard let rule = fields.rule else { return (start - margin)..<(start + length + margin + 1) }
        guard let last = lastStart(rule: rule, start: start) else { return (start - margin)..<Int.max }
        return (start - margin)..<(max(last, start) + length + margin + 1)
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

    // MARK: Reading values

    /// `YYYYMMDD` or `YYYYMMDDTHHMMSS[Z]` as seconds since 1970, the wall time read as UTC.
    static func wallSeconds(_ value: ArraySlice<UInt8>) -> Int? {
        let digits = value
        let base = value.startIndex
        func number(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= digits.count else { return nil }
            var result = 0
            for index in (base + from)..<(base + from + count) {
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
        guard digits.count >= 15, digits[base + 8] == UInt8(ascii: "T"), let hour = number(9, 2), let minute = number(11, 2),
            let second = number(13, 2), digits.count == 15 || (digits.count == 16 && digits[base + 15] == UInt8(ascii: "Z"))
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
        var count: Int?
        var interval = 1
        var frequency: ArraySlice<UInt8> = []
        var hasDays = false
        var monthDay: Int?
        var index = rule.startIndex
        while index < rule.endIndex {
            let partEnd = rule[index...].firstIndex(of: UInt8(ascii: ";")) ?? rule.endIndex
            let part = rule[index..<partEnd]
            index = partEnd < rule.endIndex ? partEnd + 1 : partEnd
            guard let equals = part.firstIndex(of: UInt8(ascii: "=")) else { return nil }
            let key = part[part.startIndex..<equals]
            let value = part[(equals + 1)...]
            switch asciiUpper(key) {
            case "UNTIL":
                guard let seconds = wallSeconds(value) else { return nil }
                return seconds + 86_400
            case "COUNT": count = number(value)
            case "INTERVAL": interval = number(value) ?? 0
            case "FREQ": frequency = value
            case "BYDAY": hasDays = true
            case "BYMONTHDAY":
                // One day of the month that every month has keeps MONTHLY periodic.
                guard let day = number(value), (1...28).contains(day) else { return nil }
                monthDay = day
            case "WKST": continue
            default: return nil
            }
        }
        guard let count, interval >= 1 else { return nil }
        let days: Int
        switch asciiUpper(frequency) {
        case "DAILY" where !hasDays && monthDay == nil: days = count * interval
        case "WEEKLY" where monthDay == nil: days = (count + 1) * interval * 7
        case "MONTHLY" where !hasDays: days = (count + 1) * interval * 31
        case "YEARLY" where !hasDays && monthDay == nil: days = (count + 1) * interval * 366
        default: return nil
        }
        guard days < 200 * 366 else { return nil }
        return start + days * 86_400
    }

    private static func asciiUpper(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }, as: UTF8.self)
    }

    private static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard !bytes.isEmpty, bytes.count <= 9 else { return nil }
        var result = 0
        for byte in bytes {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            result = result * 10 + Int(byte - 0x30)
        }
        return result
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
                if capturing, !lines.isEmpty {
                    lines[lines.count - 1].append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[(offset + 1)..<lineEnd]))
                }
                continue
            }
            capturing = false
            switch first | 0x20 {
            case 0x62 where BlockFields.starts(bytes, offset, lineEnd, "BEGIN:"):
                depth += 1
            case 0x65 where BlockFields.starts(bytes, offset, lineEnd, "END:"):
                depth -= 1
            case 0x64, 0x72:  // 'd', 'r'
                guard depth == 1 else { continue }
                for name in BlockFields.names where BlockFields.property(bytes, offset, lineEnd, name) {
                    lines.append(Array(UnsafeRawBufferPointer(rebasing: bytes[offset..<lineEnd])))
                    capturing = true
                    break
                }
            default:
                continue
            }
        }
        for line in lines {
            guard let colon = BlockFields.valueStart(line) else { continue }
            let name = String(decoding: line[..<colon].prefix { $0 != UInt8(ascii: ";") }, as: UTF8.self).uppercased()
            let value = line[(colon + 1)...]
            switch name {
            case "DTSTART":
                if start != nil { return nil }
                start = value
            case "DTEND": end = value
            case "DURATION": duration = value
            case "RRULE":
                if rule != nil { return nil }
                rule = value
            case "RDATE": hasRDATE = true
            case "RECURRENCE-ID":
                recurrenceID = value
                thisAndFuture = String(decoding: line[..<colon], as: UTF8.self).uppercased().contains("THISANDFUTURE")
            default: continue
            }
        }
    }

    private static let names: [StaticString] = ["DTSTART", "DTEND", "DURATION", "RRULE", "RDATE", "RECURRENCE-ID"]

    /// Whether the line starts with `word`, ASCII case-insensitively.
    private static func starts(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int, _ word: StaticString) -> Bool {
        let length = word.utf8CodeUnitCount
        guard end - start >= length else { return false }
        let pointer = word.utf8Start
        for index in 0..<length where (bytes[start + index] | 0x20) != (pointer[index] | 0x20) {
            return false
        }
        return true
    }

    /// Whether the line is the property `name` (followed by `:` or `;`).
    private static func property(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int, _ name: StaticString) -> Bool {
        let length = name.utf8CodeUnitCount
        guard end - start > length, starts(bytes, start, end, name) else { return false }
        let next = bytes[start + length]
        return next == UInt8(ascii: ":") || next == UInt8(ascii: ";")
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
