import Foundation

// Occurrences as ``WindowCache`` keeps them: every field, times as whole Unix seconds (the
// expansion never makes fractions), flags for what is optional.
extension IndexWriter {
    mutating func put(_ occurrence: Occurrence) {
        put(string: occurrence.uid)
        put(string: occurrence.title)
        put(string: occurrence.source)
        put(UInt64(bitPattern: Int64(occurrence.start.timeIntervalSince1970)))
        put(UInt64(bitPattern: Int64(occurrence.end.timeIntervalSince1970)))
        let free: UInt64 = switch occurrence.free {
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

extension IndexReader {
    mutating func occurrence() -> Occurrence? {
        guard let uid = string(), let title = string(), let source = string(), let start = next(), let end = next(),
            let flags = next()
        else { return nil }
        let free: Occurrence.FreeReason?
        switch flags & 3 {
        case 1: free = .transparent
        case 2: free = .cancelled
        case 3: free = .declined
        default: free = nil
        }
        var dates: Occurrence.AllDayDates?
        if flags & 4 != 0 {
            var values: [LocalDate] = []
            for _ in 0..<2 {
                guard let year = next(), let month = next(), month <= 12, let day = next(), day <= 31 else { return nil }
                values.append(LocalDate(year: Int(Int64(bitPattern: year)), month: Int(month), day: Int(day)))
            }
            dates = Occurrence.AllDayDates(first: values[0], endExclusive: values[1])
        }
        var recurrenceID: Date?
        if flags & 8 != 0 {
            guard let value = next() else { return nil }
            recurrenceID = Date(timeIntervalSince1970: Double(Int64(bitPattern: value)))
        }
        return Occurrence(
            uid: uid, title: title, start: Date(timeIntervalSince1970: Double(Int64(bitPattern: start))),
            end: Date(timeIntervalSince1970: Double(Int64(bitPattern: end))), dates: dates, recurrenceID: recurrenceID,
            free: free, source: source)
    }
}
