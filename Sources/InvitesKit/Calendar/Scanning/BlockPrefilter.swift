import Foundation
import InvitesModel

/// Decides, from a VEVENT block's bytes alone, whether it can possibly have an instance near a
/// window, so that libical parses only the blocks that can.
///
/// It reads only DTSTART, DTEND, DURATION, RRULE, RDATE and RECURRENCE-ID, takes every wall time
/// as if it were UTC and widens by the offsets its zones can have, and answers "maybe" whenever
/// it is unsure (a form it does not know, a rule it cannot bound). A time in UTC is bounded
/// exactly; one in a zone the file defines or the system knows by the offsets that zone's
/// definitions give (``ZoneResolver/offsets(of:)``); a floating time or a date, taken in the
/// display zone, which the index does not know, by a margin larger than any zone's offset. In a
/// large calendar the margin would hand libical every event of the days on either side. A "no"
/// is always safe: the block cannot reach the window. The equivalence test checks that answers
/// are the same with the filter as without it.
struct BlockPrefilter {
    /// More than the largest UTC offset (±14 h) plus a DST shift, with room for odd VTIMEZONEs.
    static let margin = 48 * 3_600

    private static let thisAndFuture = Array("THISANDFUTURE".utf8)

    /// What the bytes of a VEVENT block say about where its instances can fall. It depends on
    /// the block and the zones it names, not on any window, so it can be kept in an index.
    struct Bounds: Equatable, Sendable {
        /// The stretch of time (Unix seconds) outside which the block has no instance; `nil`
        /// when it cannot be bounded from the bytes alone.
        var reach: Range<Int>?
        /// The days a simple rule falls on, for ruling out a window inside the reach.
        var pattern: RulePattern?
        /// A `RANGE=THISANDFUTURE` override moves the instances of another block, its master,
        /// so no block of its file can be ruled out by its own bounds.
        var thisAndFuture = false
        /// Which place of its series the block fills; `nil` for a block without a UID, which is
        /// a series of its own.
        var slot: Slot?
    }

    /// A block's place in its series. Two blocks in one place (two masters, two overrides of
    /// one instance) are settled by SEQUENCE when both are parsed, so neither may be left out
    /// by its own bounds: the other would win.
    struct Slot: Hashable, Sendable {
        /// The UID as ``BlockFields/uidHash(value:)`` keys it: a collision only
        /// leaves more blocks unfiltered.
        var uid: UInt64
        var place: Place

        enum Place: Hashable, Sendable {
            case master
            /// The wall time of the instance overridden, read as UTC, as ``EventSeries`` tells
            /// overrides apart.
            case instance(Int)
            /// Not read here: may be any place of the series.
            case unknown
        }
    }

    /// The offsets from UTC (seconds east) a zone a TZID names can give, for the TZID's value;
    /// `nil` when it names no zone, or one whose offsets are not known.
    typealias ZoneOffsets = (_ tzid: ArraySlice<UInt8>) -> ClosedRange<Int>?

    /// The bounds of the VEVENT block at `block`, whose bounding lines are `lines`, its zones'
    /// offsets found by `zones`; unbounded whenever the bytes leave a doubt. Its
    /// ``Bounds/slot`` is found only where another block may share it (`alone` is false) or its
    /// own override moves other instances: a vdir item is one event, and hashing 100,000 UIDs
    /// for nothing was 1.6 % of a cold run's work.
    ///
    /// With `floating`, floating times and dates are bounded by those offsets (the display
    /// zone's, for one query) rather than the margin: such bounds hold for that query alone,
    /// and are never kept in an index.
    static func bounds(
        _ bytes: UnsafeRawBufferPointer, _ block: Range<Int>, _ lines: ArraySlice<BlockFields.Line>,
        alone: Bool = false, floating: ClosedRange<Int>? = nil, zones: ZoneOffsets = { _ in nil }
    ) -> Bounds {
        guard let fields = BlockFields(bytes, lines) else {
            // Unreadable here, it may still be an override that moves its master's instances
            // (its RANGE parameter folded or not).
            return Bounds(
                thisAndFuture: ByteSearch.contains(
                    thisAndFuture, in: UnsafeRawBufferPointer(rebasing: bytes[block]), ignoringCase: true),
                slot: ICSBlockScanner.value(of: "UID", in: bytes, block: block).map {
                    Slot(uid: BlockFields.uidHash(value: $0[...]), place: .unknown)
                })
        }
        var found = bounds(fields, floating: floating, zones: zones)
        if !alone || found.thisAndFuture, let uid = fields.uid {
            let place: Slot.Place =
                if let rid = fields.recurrenceID { wallSeconds(rid).map(Slot.Place.instance) ?? .unknown } else {
                    .master
                }
            found.slot = Slot(uid: BlockFields.uidHash(value: uid), place: place)
        }
        return found
    }

    private static func bounds(_ fields: BlockFields, floating: ClosedRange<Int>?, zones: ZoneOffsets) -> Bounds {
        guard !fields.thisAndFuture else { return Bounds(thisAndFuture: true) }
        guard let start = fields.start.flatMap(wallSeconds), let signed = length(fields, start: start) else {
            return Bounds()
        }
        // DTEND before DTSTART: each instance spans back from its start (see ICalEvent), so it
        // is bounded as one that starts that much earlier and lasts as long, without a pattern.
        let lead = max(-signed, 0)
        let length = abs(signed)
        let offsets = offsets(fields, floating: floating, zones: zones)
        var pattern: RulePattern?
        if let rule = fields.rule, !fields.hasRDates, fields.recurrenceID == nil, lead == 0,
            fields.end == nil || fields.startParameters == fields.endParameters
        {
            pattern = RulePattern(rule: rule, start: start, length: length, offsets: offsets)
        }
        let reach = reach(fields, start: start, length: length, offsets: offsets).map {
            ($0.lowerBound - lead)..<$0.upperBound
        }
        return Bounds(reach: reach, pattern: pattern)
    }

    /// The wall length of an instance: DTEND less DTSTART (negative when DTEND is earlier),
    /// DURATION, or the RFC 5545 defaults.
    private static func length(_ fields: BlockFields, start: Int) -> Int? {
        if let end = fields.end {
            // A DATE-TIME DTEND beside a DATE DTSTART may reach into one more day (see ICalEvent).
            return wallSeconds(end).map { $0 - start + (fields.start?.count == 8 && end.count > 8 ? 86_400 : 0) }
        }
        if let duration = fields.duration {
            return durationSeconds(duration).map { max($0, 0) }
        }
        return fields.start?.count == 8 ? 86_400 : 0
    }

    /// The offsets from UTC every time of the block can be read with: 0 for one written in UTC
    /// (`Z`, which libical takes before any TZID), those of its zone for one with a TZID,
    /// `floating` for a date or a floating time (taken in the display zone); `nil` when one's
    /// offsets are not known. DTSTART, DTEND, RECURRENCE-ID and each RDATE are read, a
    /// period's end included.
    private static func offsets(
        _ fields: BlockFields, floating: ClosedRange<Int>?, zones: ZoneOffsets
    ) -> ClosedRange<Int>? {
        var found: ClosedRange<Int>?
        // The offsets of the last parameters read: DTSTART's and DTEND's are mostly the same.
        var last: (parameters: ArraySlice<UInt8>, offsets: ClosedRange<Int>?)?
        func add(_ value: ArraySlice<UInt8>, _ parameters: ArraySlice<UInt8>) -> Bool {
            var offsets = 0...0
            if value.count == 8, let floating {
                offsets = floating
            } else if !isUTC(value) {
                guard value.count == 15 else { return false }
                if last == nil || last?.parameters != parameters {
                    switch ZoneParameter(parameters) {
                    case .named(let tzid): last = (parameters, zones(tzid))
                    case .none: last = (parameters, floating)
                    case .unsure: return false
                    }
                }
                guard let known = last?.offsets else { return false }
                offsets = known
            }
            // A day or more is no clock's offset (``VTimezoneLimits``), and not stored.
            guard offsets.lowerBound > -86_400, offsets.upperBound < 86_400 else { return false }
            found = found?.joined(with: offsets) ?? offsets
            return true
        }
        guard let start = fields.start, add(start, fields.startParameters) else { return nil }
        if let end = fields.end, !add(end, fields.endParameters) { return nil }
        if let rid = fields.recurrenceID, !add(rid, fields.recurrenceIDParameters) { return nil }
        for (list, parameters) in zip(fields.rdates, fields.rdateParameters) {
            for value in list.split(separator: UInt8(ascii: ",")) {
                guard let slash = value.firstIndex(of: UInt8(ascii: "/")) else {
                    guard add(value, parameters) else { return nil }
                    continue
                }
                let tail = value[(slash + 1)...]
                guard add(value[..<slash], parameters), durationSeconds(tail) != nil || add(tail, parameters) else {
                    return nil
                }
            }
        }
        return found
    }

    /// `YYYYMMDDTHHMMSSZ`, as ``wallSeconds(_:)`` reads it.
    private static func isUTC(_ value: ArraySlice<UInt8>) -> Bool {
        value.count == 16 && value.last == UInt8(ascii: "Z")
    }

    /// The stretch outside which the block has no instance: its wall times, read as UTC,
    /// widened by ``widening(_:)``.
    private static func reach(
        _ fields: BlockFields, start: Int, length: Int, offsets: ClosedRange<Int>?
    ) -> Range<Int>? {
        let (before, after) = widening(offsets)
        if let rid = fields.recurrenceID {
            guard !fields.hasRDates, let original = wallSeconds(rid) else { return nil }
            return (min(start, original) - before)..<(max(start, original) + length + after + 1)
        }
        var first = start
        var last = start
        var longest = length
        for list in fields.rdates {
            for value in list.split(separator: UInt8(ascii: ",")) {
                guard let instance = rdate(value, length: length) else { return nil }
                first = min(first, instance.start)
                last = max(last, instance.start)
                longest = max(longest, instance.length)
            }
        }
        if let rule = fields.rule {
            guard let ruleLast = lastStart(rule: rule, start: start) else { return (first - before)..<Int.max }
            last = max(last, ruleLast)
        }
        return (first - before)..<(last + longest + after + 1)
    }

    /// How much earlier than its wall start and later than its wall end, both read as UTC, an
    /// instance in zones of `offsets` can lie: an instant is the wall time less an offset, and
    /// an instance's length is DTEND less DTSTART as instants (``ICalEvent``), which a change of
    /// offset between the first instance and a later one stretches by up to the offsets'
    /// spread. Without known offsets, ``margin`` either way.
    static func widening(_ offsets: ClosedRange<Int>?) -> (before: Int, after: Int) {
        guard let offsets else { return (margin, margin) }
        let spread = offsets.upperBound - offsets.lowerBound
        return (offsets.upperBound + spread, spread - offsets.lowerBound)
    }

    /// One RDATE value: a date, a date-time, or a period (`start/end` or `start/duration`),
    /// with the length of the instance it adds; `nil` for anything else.
    private static func rdate(_ value: ArraySlice<UInt8>, length: Int) -> (start: Int, length: Int)? {
        guard let slash = value.firstIndex(of: UInt8(ascii: "/")) else {
            guard let start = wallSeconds(value) else { return nil }
            return (start, value.count == 8 ? max(length, 86_400) : length)
        }
        guard let start = wallSeconds(value[..<slash]) else { return nil }
        let tail = value[(slash + 1)...]
        guard let end = wallSeconds(tail) ?? durationSeconds(tail).map({ start + $0 }) else { return nil }
        return (start, max(end - start, 0))
    }

    /// Whether a line of a VTIMEZONE keeps to offsets real zones use: true unless it is a
    /// `TZOFFSETFROM`/`TZOFFSETTO` line whose offset is not within ±14 h. A calendar with a
    /// zone that does not is read without the filter, since its wall times may be further off.
    static func isOrdinaryLine(_ bytes: UnsafeRawBufferPointer, _ line: Range<Int>) -> Bool {
        // Most of a VTIMEZONE's lines are told apart by their first letter: a vdir item carries
        // its zones whole, and a cold run looks at 3.6 million such lines in a 100k vdir.
        guard line.lowerBound < line.upperBound, bytes[line.lowerBound] | 0x20 == UInt8(ascii: "t") else { return true }
        return !ICSBlockScanner.starts(bytes, line.lowerBound, line.upperBound, "TZOFFSET")
            || isOrdinaryOffset(bytes, line)
    }

    /// Whether a `TZOFFSETFROM`/`TZOFFSETTO` line holds `±hhmm[ss]` within ±14 h.
    private static func isOrdinaryOffset(_ bytes: UnsafeRawBufferPointer, _ line: Range<Int>) -> Bool {
        guard let base = bytes.baseAddress, let colon = memchr(base + line.lowerBound, 0x3A, line.count) else {
            return false
        }
        var at = base.distance(to: UnsafeRawPointer(colon)) + 1
        var end = line.upperBound
        while at < end, bytes[at] == 0x20 || bytes[at] == 0x09 { at += 1 }
        while end > at, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        guard end - at >= 5, bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") else { return false }
        // Each byte less "0", wrapping: a digit only when below 10.
        let digits = (bytes[at + 1] &- 0x30, bytes[at + 2] &- 0x30, bytes[at + 3] &- 0x30, bytes[at + 4] &- 0x30)
        guard digits.0 < 10, digits.1 < 10, digits.2 < 10, digits.3 < 10 else { return false }
        return Int(digits.0) * 10 + Int(digits.1) <= 14 && Int(digits.2) * 10 + Int(digits.3) < 60
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
        let days = LocalDate.daysSinceEpoch(year: year, month: month, day: day)
        if digits.count == 8 { return days * 86_400 }
        guard digits.count >= 15, digits[base + 8] == UInt8(ascii: "T"), let hour = number(9, 2),
            let minute = number(11, 2),
            let second = number(13, 2),
            digits.count == 15 || (digits.count == 16 && digits[base + 15] == UInt8(ascii: "Z"))
        else { return nil }
        return days * 86_400 + hour * 3_600 + minute * 60 + second
    }

    /// An RFC 5545 duration (`PT1H30M`, `P1D`, `P2W`) in seconds, days counted as 24 h (the
    /// margin covers a DST day); `nil` for anything else.
    static func durationSeconds(_ value: ArraySlice<UInt8>) -> Int? {
        var text = Substring(String(decoding: value, as: UTF8.self).uppercased())
        var sign = 1
        if text.hasPrefix("-") {
            sign = -1; text = text.dropFirst()
        } else if text.hasPrefix("+") {
            text = text.dropFirst()
        }
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
            // Each part is below 10^8 weeks; a stranger's thousand parts must not add up past Int.
            guard sawDigit, total < longestDuration else { return nil }
            number = 0
            sawDigit = false
        }
        return sawDigit ? nil : sign * total
    }

    /// The longest duration read, about 3,000 years: beyond it the block is not bounded.
    private static let longestDuration = 100_000_000_000

    /// The latest an instance of the rule can start, or `nil` when the rule cannot be bounded
    /// cheaply (no COUNT or UNTIL, BY parts that may thin the instances out, a part given twice
    /// or empty, where what libical makes of the rule is not guessed).
    static func lastStart(rule: ArraySlice<UInt8>, start: Int) -> Int? {
        var until: Int?
        var count: Int?
        var interval = 1
        var frequency: ArraySlice<UInt8> = []
        var hasDays = false
        var monthDay: Int?
        var periodic = true
        // The parts seen so far: the known ones as bits, any other by name (rare, so a set of
        // strings is made only then). A vdir bounds 100,000 rules; none of them allocates here.
        var seen: UInt8 = 0
        var others = Set<String>()
        let read = ruleParts(rule) { key, value in
            let known = RuleKey.allCases.first { isWord(key, $0.text) }
            if let known {
                guard seen & (1 << known.rawValue) == 0 else { return false }
                seen |= 1 << known.rawValue
            } else {
                guard others.insert(asciiUpper(key)).inserted else { return false }
            }
            switch known {
            case .until:
                guard let seconds = wallSeconds(value) else { return false }
                until = seconds
            case .count: count = number(value)
            case .interval: interval = number(value) ?? 0
            case .frequency: frequency = value
            case .days: hasDays = true
            case .monthDay:
                // One day of the month that every month has keeps MONTHLY periodic.
                guard let day = number(value), (1...28).contains(day) else {
                    periodic = false
                    return true
                }
                monthDay = day
            case .weekStart: return true
            case nil: periodic = false
            }
            return true
        }
        guard read else { return nil }
        // UNTIL bounds every instance, whatever else the rule says.
        if let until { return until + 86_400 }
        guard periodic, let count, interval >= 1, count < 1_000_000, interval < 1_000_000 else { return nil }
        let days: Int
        if isWord(frequency, "DAILY"), !hasDays, monthDay == nil {
            days = count * interval
        } else if isWord(frequency, "WEEKLY"), monthDay == nil {
            days = (count + 1) * interval * 7
        } else if isWord(frequency, "MONTHLY"), !hasDays {
            days = (count + 1) * interval * 31
        } else if isWord(frequency, "YEARLY"), !hasDays, monthDay == nil {
            days = (count + 1) * interval * 366
        } else {
            return nil
        }
        guard days < 200 * 366 else { return nil }
        return start + days * 86_400
    }

    /// Hands `body` the key and value of each `KEY=value` part of a rule in turn, read in place;
    /// false as soon as a part has no `=` (an empty one, where libical stops reading, has none)
    /// or `body` says false.
    static func ruleParts(
        _ rule: ArraySlice<UInt8>, _ body: (_ key: ArraySlice<UInt8>, _ value: ArraySlice<UInt8>) -> Bool
    ) -> Bool {
        var rest = rule
        while true {
            let end = rest.firstIndex(of: UInt8(ascii: ";")) ?? rest.endIndex
            let part = rest[..<end]
            guard let equals = part.firstIndex(of: UInt8(ascii: "=")),
                body(part[part.startIndex..<equals], part[(equals + 1)...])
            else { return false }
            guard end < rest.endIndex else { return true }
            rest = rest[(end + 1)...]
        }
    }

    /// The parts of a rule that ``lastStart(rule:start:)`` reads.
    private enum RuleKey: UInt8, CaseIterable {
        case until, count, interval, frequency, days, monthDay, weekStart

        var text: StaticString {
            switch self {
            case .until: "UNTIL"
            case .count: "COUNT"
            case .interval: "INTERVAL"
            case .frequency: "FREQ"
            case .days: "BYDAY"
            case .monthDay: "BYMONTHDAY"
            case .weekStart: "WKST"
            }
        }
    }

    /// Whether `bytes` are `word`, a word of capital letters, in either case.
    static func isWord(_ bytes: ArraySlice<UInt8>, _ word: StaticString) -> Bool {
        let length = word.utf8CodeUnitCount
        guard bytes.count == length else { return false }
        let pointer = word.utf8Start
        var index = 0
        for byte in bytes {
            guard byte | 0x20 == pointer[index] | 0x20 else { return false }
            index += 1
        }
        return true
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
