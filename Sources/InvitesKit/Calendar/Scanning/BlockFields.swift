import Foundation

/// The lines of a VEVENT block that decide where it falls, unfolded, read at byte level.
struct BlockFields {
    var start: ArraySlice<UInt8>?
    var end: ArraySlice<UInt8>?
    /// What stands between the name and the colon (`;TZID=Europe/Berlin`): the zone a time is
    /// in, and whether DTSTART and DTEND are in one.
    var startParameters: ArraySlice<UInt8> = []
    var endParameters: ArraySlice<UInt8> = []
    var recurrenceIDParameters: ArraySlice<UInt8> = []
    var duration: ArraySlice<UInt8>?
    var rule: ArraySlice<UInt8>?
    var recurrenceID: ArraySlice<UInt8>?
    /// The first UID line's value, as libical takes it.
    var uid: ArraySlice<UInt8>?
    /// Each RDATE line's value: a comma-separated list.
    var rdates: [ArraySlice<UInt8>] = []
    /// Each RDATE line's parameters, in the order of ``rdates``.
    var rdateParameters: [ArraySlice<UInt8>] = []
    var thisAndFuture = false

    /// `nil` when the block has something the filter will not judge (two RRULEs, a nested
    /// DTSTART, a value it cannot find).
    ///
    /// - Parameters:
    ///   - bytes: The file the block is in.
    ///   - lines: The block's bounding lines, as a ``Reader`` picked them out.
    init?(_ bytes: UnsafeRawBufferPointer, _ lines: ArraySlice<Line>) {
        // The lines, unfolded, copied one after another into one buffer of the right size: a
        // block costs one allocation however many lines it has.
        var storage: [UInt8] = []
        storage.reserveCapacity(lines.reduce(0) { $0 + $1.length })
        for line in lines {
            if line.folded {
                ICSBlockScanner.unfold(bytes, line.start..<line.end, into: &storage)
            } else {
                storage.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[line.start..<line.end]))
            }
        }
        var lower = 0
        for line in lines {
            let range = lower..<(lower + line.length)
            lower = range.upperBound
            let name = line.name
            guard let colon = ICSBlockScanner.valueStart(storage[range]) else { continue }
            let value = storage[(colon + 1)..<range.upperBound]
            let parameters = storage[(range.lowerBound + name.text.utf8CodeUnitCount)..<colon]
            switch name {
            // A property given twice is read one way by libical and maybe another here: the
            // block is left unbounded (RDATE may come many times).
            case .start:
                if start != nil { return nil }
                start = value
                startParameters = parameters
            case .end:
                if end != nil { return nil }
                end = value
                endParameters = parameters
            case .duration:
                if duration != nil { return nil }
                duration = value
            case .rule:
                if rule != nil { return nil }
                rule = value
            case .rdate:
                rdates.append(value)
                rdateParameters.append(parameters)
            case .recurrenceID:
                if recurrenceID != nil { return nil }
                recurrenceID = value
                recurrenceIDParameters = parameters
                thisAndFuture = BlockFields.contains(parameters, "THISANDFUTURE")
            case .uid:
                if uid == nil { uid = value }
            }
        }
    }

    /// The properties that decide where a block falls, and the UID that decides which series
    /// it falls in.
    enum Name: Sendable {
        case start, end, duration, rule, rdate, recurrenceID, uid

        static let bounding: [Name] = [.start, .end, .duration, .rule, .rdate, .recurrenceID]

        var text: StaticString {
            switch self {
            case .start: "DTSTART"
            case .end: "DTEND"
            case .duration: "DURATION"
            case .rule: "RRULE"
            case .rdate: "RDATE"
            case .recurrenceID: "RECURRENCE-ID"
            case .uid: "UID"
            }
        }
    }

    /// An unfolded UID value as a key for grouping blocks the way libical's UIDs group them, or
    /// a little coarser (without backslashes, ASCII lower-cased and trimmed), hashed as
    /// ``StableHash/fnv1a(_:)`` hashes, without making the key: every block of a file is keyed.
    static func uidHash(value: ArraySlice<UInt8>) -> UInt64 {
        // The key loses every backslash and is trimmed of blanks: so blanks and backslashes
        // at either end are dropped alike.
        let edge: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x5C }
        var lower = value.startIndex
        var upper = value.endIndex
        while lower < upper, edge(value[lower]) { lower += 1 }
        while upper > lower, edge(value[upper - 1]) { upper -= 1 }
        var hash = StableHash.FNV1a()
        for index in lower..<upper where value[index] != 0x5C {
            let byte = value[index]
            hash.add(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
        }
        return hash.value
    }

    /// Whether `bytes` contain `word`, ASCII case-insensitively.
    static func contains(_ bytes: ArraySlice<UInt8>, _ word: StaticString) -> Bool {
        let length = word.utf8CodeUnitCount
        guard bytes.count >= length else { return false }
        let pointer = word.utf8Start
        return (bytes.startIndex...(bytes.endIndex - length)).contains { start in
            (0..<length).allSatisfy { (bytes[start + $0] | 0x20) == (pointer[$0] | 0x20) }
        }
    }
}
