import Foundation
import InvitesModel

// Occurrences as ``WindowCache`` keeps them: every field, times as whole Unix seconds (the
// expansion never makes fractions), flags for what is optional.
extension IndexWriter {
    mutating func put(_ occurrence: Occurrence) {
        put(string: occurrence.uid)
        put(string: occurrence.title)
        put(string: occurrence.source)
        put(UInt64(bitPattern: Int64(occurrence.start.timeIntervalSince1970)))
        put(UInt64(bitPattern: Int64(occurrence.end.timeIntervalSince1970)))
        let free: UInt64 =
            switch occurrence.free {
            case nil: 0
            case .transparent: 1
            case .cancelled: 2
            case .declined: 3
            }
        put(free | (occurrence.dates == nil ? 0 : 4) | (occurrence.recurrenceID == nil ? 0 : 8))
        if let dates = occurrence.dates {
            for date in [dates.first, dates.endExclusive] {
                put(UInt64(bitPattern: Int64(date.year)))
                put(UInt64(date.month))
                put(UInt64(date.day))
            }
        }
        if let recurrenceID = occurrence.recurrenceID {
            put(UInt64(bitPattern: Int64(recurrenceID.timeIntervalSince1970)))
        }
    }
}
