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
        let wall = ICalTimeValue.wallSeconds(rid.time)
        if let index = overrideIndex[wall] {
            if overrides[index].sequence <= event.sequence { overrides[index] = event }
            return
        }
        overrideIndex[wall] = overrides.count
        overrides.append(event)
    }
}
