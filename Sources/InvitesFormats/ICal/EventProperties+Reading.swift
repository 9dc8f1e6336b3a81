internal import CLibical
import Foundation
import InvitesModel

extension EventProperties {
    /// The properties of every invitation in a message, by UID: each UID's master VEVENT (the
    /// one without RECURRENCE-ID; else its first), the message parsed once for all of them.
    package static func readAll(_ raw: Data) -> [String: EventProperties] {
        guard let root = raw.withUnsafeBytes({ ICalComponent.parse($0) }) else { return [:] }
        var found: [String: EventProperties] = [:]
        var masters: Set<String> = []
        for event in root.selfOrChildren(ICAL_VCALENDAR_COMPONENT).flatMap({ $0.scheduled() }) {
            guard let uid = event.text(ICAL_UID_PROPERTY), !masters.contains(uid) else { continue }
            let master = event.firstProperty(ICAL_RECURRENCEID_PROPERTY) == nil
            guard master || found[uid] == nil else { continue }
            found[uid] = properties(of: event)
            if master { masters.insert(uid) }
        }
        return found
    }

    /// The properties of the invitation's master VEVENT (the one with `uid` and no
    /// RECURRENCE-ID; else the first with `uid`) in `raw`; `nil` when there is none.
    static func read(_ raw: Data, uid: String) -> EventProperties? {
        readAll(raw)[uid]
    }

    /// The properties of one VEVENT; a series outline only for a master.
    static func properties(of event: ICalComponent) -> EventProperties {
        var found = EventProperties()
        found.url = event.text(ICAL_URL_PROPERTY)
        found.conferences = event.properties(ICAL_CONFERENCE_PROPERTY).compactMap { property in
            guard let uri = property.value else { return nil }
            let features = (property.parameter(ICAL_FEATURE_PARAMETER) ?? "").uppercased().split(separator: ",")
            return Conference(
                uri: uri, features: features.map { $0.trimmingCharacters(in: .whitespaces) },
                label: property.parameter(ICAL_LABEL_PARAMETER))
        }
        for property in event.properties(ICAL_X_PROPERTY) {
            guard let name = property.xName?.uppercased(), found.extensions[name] == nil, let value = property.value
            else { continue }
            found.extensions[name] = value
        }
        found.rule = event.firstProperty(ICAL_RRULE_PROPERTY)?.value
        found.addedDates = event.properties(ICAL_RDATE_PROPERTY).count
        found.removedDates = event.properties(ICAL_EXDATE_PROPERTY).count
        for attendee in event.properties(ICAL_ATTENDEE_PROPERTY)
        where attendee.parameter(ICAL_RSVP_PARAMETER)?.uppercased() == "FALSE" {
            found.noReplyAsked.insert(MyAddresses.normalise(attendee.value ?? ""))
        }
        for attendee in event.properties(ICAL_ATTENDEE_PROPERTY) {
            guard let from = attendee.parameter(ICAL_DELEGATEDFROM_PARAMETER), !from.isEmpty else { continue }
            // The first delegator named is the one shown (DELEGATED-FROM may list several).
            let first = from.split(separator: ",").first.map(String.init) ?? from
            var delegators = found.delegators ?? [:]
            delegators[MyAddresses.normalise(attendee.value ?? "")] = MyAddresses.normalise(
                first.trimmingCharacters(in: CharacterSet(charactersIn: "\" ")))
            found.delegators = delegators
        }
        if event.isTask { found.task = task(of: event) }
        if event.firstProperty(ICAL_RECURRENCEID_PROPERTY) == nil {
            let start = event.firstProperty(ICAL_DTSTART_PROPERTY)?.time
            var neverMatching: [String: String] = [:]
            for property in event.properties(ICAL_RRULE_PROPERTY) {
                guard let text = property.value, let start else { continue }
                // As expansion reads it: an all-day series repeats by whole days at the finest.
                var rule = icalproperty_get_rrule(property.raw)
                if start.is_date != 0 { rule = DayRule.normalised(rule) }
                if let parsed = RecurrenceRule(rule),
                    let reason = ImpossibleRule.reason(parsed, start: RecurrenceRule.Start(start))
                {
                    neverMatching[text] = reason
                }
            }
            found.outline = SeriesOutline(
                rules: event.properties(ICAL_RRULE_PROPERTY).compactMap(\.value),
                extraDates: event.properties(ICAL_RDATE_PROPERTY).reduce(0) { count, property in
                    count + (property.value?.split(separator: ",").count ?? 1)
                }, neverMatching: neverMatching)
        }
        return found
    }

    /// The facts of a VTODO that need no zone: PRIORITY and PERCENT-COMPLETE where they are in
    /// range (a stranger's numbers), STATUS, and DUE's date when it is one. DUE as an instant
    /// is the reader's, who knows the zones (``ICalDocument``).
    static func task(of todo: ICalComponent) -> TaskFacts {
        var task = TaskFacts()
        if let property = todo.firstProperty(ICAL_PRIORITY_PROPERTY) {
            task.priority = TaskFacts.priority(Int(icalproperty_get_priority(property.raw)))
        }
        if let property = todo.firstProperty(ICAL_PERCENTCOMPLETE_PROPERTY) {
            task.percent = TaskFacts.percent(Int(icalproperty_get_percentcomplete(property.raw)))
        }
        task.status = todo.firstProperty(ICAL_STATUS_PROPERTY)?.value.map {
            String($0.trimmingCharacters(in: .whitespaces).uppercased().prefix(20))
        }
        if let due = todo.firstProperty(ICAL_DUE_PROPERTY)?.time, due.is_date != 0 {
            task.dueDay = LocalDate(year: Int(due.year), month: Int(due.month), day: Int(due.day)).description
        }
        return task
    }
}
