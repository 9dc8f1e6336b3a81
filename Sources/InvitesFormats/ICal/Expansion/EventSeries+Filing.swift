import Foundation

extension EventSeries {
    /// Files a VEVENT under its series: a second master keeps the higher SEQUENCE, a second
    /// override of the same instance likewise.
    package mutating func add(_ event: ICalEvent) {
        guard let rid = event.recurrenceID else {
            if let current = master, current.sequence > event.sequence { return }
            master = event
            return
        }
        if let index = overrides.firstIndex(where: { existing in
            guard let other = existing.recurrenceID else { return false }
            return ICalTimeValue.wallSeconds(other.time) == ICalTimeValue.wallSeconds(rid.time)
        }) {
            if overrides[index].sequence <= event.sequence { overrides[index] = event }
            return
        }
        overrides.append(event)
    }
}
