import Foundation
import InvitesModel

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
                guard let year = next(), let month = next(), month <= 12, let day = next(), day <= 31 else {
                    return nil
                }
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
