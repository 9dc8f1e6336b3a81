import Foundation
import InvitesFormats
import InvitesModel

/// The lines of a VEVENT block that decide where it falls, unfolded, read at byte level.
///
/// The lines are kept in one buffer and each field as a range of it, handed out as a slice: a
/// block's fields are copied about a dozen times on their way through the prefilter, and with a
/// slice stored for each field every copy took ten references, a tenth of a cold vdir run's
/// reference counting.
struct BlockFields {
    /// The bounding lines, unfolded, one after another.
    private let storage: [UInt8]
    private var startRange: Range<Int>?
    private var endRange: Range<Int>?
    private var startParametersRange = 0..<0
    private var endParametersRange = 0..<0
    private var recurrenceIDParametersRange = 0..<0
    private var durationRange: Range<Int>?
    private var ruleRange: Range<Int>?
    private var recurrenceIDRange: Range<Int>?
    private var uidRange: Range<Int>?
    /// Each RDATE line's value and its parameters.
    private var rdateRanges: [(value: Range<Int>, parameters: Range<Int>)] = []
    private(set) var thisAndFuture = false

    var start: ArraySlice<UInt8>? { startRange.map { storage[$0] } }
    var end: ArraySlice<UInt8>? { endRange.map { storage[$0] } }
    /// What stands between the name and the colon (`;TZID=Europe/Berlin`): the zone a time is
    /// in, and whether DTSTART and DTEND are in one.
    var startParameters: ArraySlice<UInt8> { storage[startParametersRange] }
    var endParameters: ArraySlice<UInt8> { storage[endParametersRange] }
    var recurrenceIDParameters: ArraySlice<UInt8> { storage[recurrenceIDParametersRange] }
    var duration: ArraySlice<UInt8>? { durationRange.map { storage[$0] } }
    var rule: ArraySlice<UInt8>? { ruleRange.map { storage[$0] } }
    var recurrenceID: ArraySlice<UInt8>? { recurrenceIDRange.map { storage[$0] } }
    /// The first UID line's value, as libical takes it.
    var uid: ArraySlice<UInt8>? { uidRange.map { storage[$0] } }
    /// Each RDATE line's value: a comma-separated list.
    var rdates: [ArraySlice<UInt8>] { rdateRanges.map { storage[$0.value] } }
    /// Each RDATE line's parameters, in the order of ``rdates``.
    var rdateParameters: [ArraySlice<UInt8>] { rdateRanges.map { storage[$0.parameters] } }
    /// Whether the block has RDATE lines, without making the list of them.
    var hasRDates: Bool { !rdateRanges.isEmpty }

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
                ContentLine.unfold(bytes, line.start..<line.end, into: &storage)
            } else {
                storage.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[line.start..<line.end]))
            }
        }
        self.storage = storage
        var lower = 0
        for line in lines {
            let range = lower..<(lower + line.length)
            lower = range.upperBound
            let name = line.name
            guard let colon = ICSBlockScanner.valueStart(storage[range]) else { continue }
            let value = (colon + 1)..<range.upperBound
            let parameters = (range.lowerBound + name.text.utf8CodeUnitCount)..<colon
            switch name {
            // A property given twice is read one way by libical and maybe another here: the
            // block is left unbounded (RDATE may come many times).
            case .start:
                if startRange != nil { return nil }
                startRange = value
                startParametersRange = parameters
            case .end:
                if endRange != nil { return nil }
                endRange = value
                endParametersRange = parameters
            case .duration:
                if durationRange != nil { return nil }
                durationRange = value
            case .rule:
                if ruleRange != nil { return nil }
                ruleRange = value
            case .rdate:
                rdateRanges.append((value, parameters))
            case .recurrenceID:
                if recurrenceIDRange != nil { return nil }
                recurrenceIDRange = value
                recurrenceIDParametersRange = parameters
                thisAndFuture = BlockFields.contains(storage[parameters], "THISANDFUTURE")
            case .uid:
                if uidRange == nil { uidRange = value }
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
