import Foundation
import InvitesFormats
import InvitesModel

/// Turns what a user types after `--occurrence` into the ``RecurrenceKey`` of an occurrence the
/// invitation really has.
///
/// An occurrence is named by its original start as `show` prints it in the display zone, by a
/// date where that day holds one occurrence only, or by the RECURRENCE-ID value itself: in UTC,
/// or without `Z` in the display zone or in the series' own zone, as the invitation writes it.
package struct OccurrencePicker {
    package var query: CalendarQuery
    package var time: HumanTime

    package init(query: CalendarQuery) {
        self.query = query
        self.time = HumanTime(zone: query.display)
    }

    /// A picker that reads no calendar: the invitation's own occurrences are all it expands.
    package init(display: DisplayZone, me: MyAddresses, clock: @escaping @Sendable () -> Date = { Date() }) {
        self.init(query: CalendarQuery(sources: [], display: display, me: me, index: nil, clock: clock))
    }

    /// One occurrence of the invitation: its key, original start and where it is now.
    package struct Found: Sendable, Hashable {
        package var key: String
        package var original: Date
        package var occurrence: Occurrence
    }

    /// The keys of the occurrences named, in the order given.
    package func keys(for whens: [String], of stored: StoredInvite) throws(OccurrenceError) -> [String] {
        var keys: [String] = []
        for when in whens {
            let key = try key(for: when, of: stored)
            if !keys.contains(key) { keys.append(key) }
        }
        return keys
    }

    /// `--from WHEN`: the occurrence WHEN names and every later one within ``FromWhen``'s bound,
    /// in time order.
    package func keys(from when: String, of stored: StoredInvite) throws(OccurrenceError) -> [String] {
        let first = try key(for: when, of: stored)
        let instant = RecurrenceKey.instant(of: first) ?? stored.invite.start
        let window = DateInterval(start: instant.addingTimeInterval(-2 * 86_400), duration: FromWhen.reach + 4 * 86_400)
        let found = occurrences(of: stored, in: window)
        guard let start = found.first(where: { $0.key == first })?.original else { return [first] }
        // The occurrences the organizer cancelled take no answer (a cancel of this and all later
        // takes every one after it); WHEN's own is kept, and refused as cancelled if it is.
        let live = found.filter { $0.key == first || $0.occurrence.free != .cancelled }
        return FromWhen.covered(live.map { ($0.key, $0.original) }, from: start)
    }

    private func key(for when: String, of stored: StoredInvite) throws(OccurrenceError) -> String {
        let zone = query.display.timeZone
        let text = when.trimmingCharacters(in: .whitespaces)
        var day: LocalDate?
        var instants: [Date] = []
        if let date = LocalDate(iso: text) ?? LocalDate(basic: text) {
            day = date
        } else if let moment = RFC3339.parse(text) ?? Self.spaced(text, zone: zone) {
            instants = [moment]
        } else if let moment = Self.basicTime(text, zone: zone) {
            // A RECURRENCE-ID without `Z` is the user's wall time, or one copied from the
            // invitation, where it is in the series' own zone (`RECURRENCE-ID;TZID=…`): both.
            instants = [moment]
            if let own = stored.invite.timeZone.flatMap(DisplayZone.init(tzid:)),
                let theirs = Self.basicTime(text, zone: own.timeZone), theirs != moment
            {
                instants.append(theirs)
            }
        } else {
            throw .unreadable(when: when)
        }
        let centre = instants.first ?? day?.midnight(in: zone) ?? Date()
        let span: TimeInterval = 400 * 86_400
        let all = occurrences(of: stored, in: DateInterval(start: centre.addingTimeInterval(-span), duration: 2 * span))
        guard !all.isEmpty || stored.invite.recurrenceID != nil || !stored.instances.isEmpty else {
            throw .notRecurring(handle: stored.handle)
        }
        let matches: [Found]
        if !instants.isEmpty {
            matches = all.filter { instants.contains($0.original) }
        } else if let day {
            matches = all.filter { found in
                found.occurrence.dates?.first == day && RecurrenceKey.isDate(found.key)
                    || LocalDate(found.original, in: zone) == day
            }
        } else {
            matches = []
        }
        if matches.count == 1 { return matches[0].key }
        if matches.count > 1 { throw .ambiguous(when: when, candidates: matches.map { describe($0) }) }
        let nearest = all.sorted {
            abs($0.original.timeIntervalSince(centre)) < abs($1.original.timeIntervalSince(centre))
        }
        .prefix(3).sorted { $0.original < $1.original }
        throw .noSuch(when: when, nearest: nearest.map { describe($0) })
    }

    /// The invitation's occurrences in a stretch of time, each with its key.
    package func occurrences(of stored: StoredInvite, in window: DateInterval) -> [Found] {
        let copy = ITIPComposer.organizerCopy(of: stored, display: query.display)
        return query.occurrences(of: copy, uid: stored.invite.uid, in: window).compactMap { occurrence in
            let original = occurrence.recurrenceID ?? occurrence.start
            let key = RecurrenceKey.key(of: occurrence, display: query.display)
            guard occurrence.recurrenceID != nil || stored.instance(key) != nil else { return nil }
            return Found(key: key, original: original, occurrence: occurrence)
        }
    }

    /// How `show` prints an occurrence's original start: `2026-12-14 10:00`, or the date alone.
    package func describe(_ found: Found) -> String {
        RecurrenceKey.isDate(found.key)
            ? found.key
            : LocalDate(found.original, in: query.display.timeZone).description
                + " " + time.clock(found.original)
    }

    /// `20261214T090000Z`, or `20261214T100000` in `zone`.
    private static func basicTime(_ text: String, zone: TimeZone) -> Date? {
        let utc = text.hasSuffix("Z")
        let body = utc ? String(text.dropLast()) : text
        let parts = body.split(separator: "T")
        guard parts.count == 2, let date = LocalDate(basic: parts[0]), parts[1].count == 6,
            let hour = Int(parts[1].prefix(2)), let minute = Int(parts[1].dropFirst(2).prefix(2)),
            let second = Int(parts[1].suffix(2)), hour < 24, minute < 60, second < 61
        else { return nil }
        let seconds = TimeInterval(hour * 3_600 + minute * 60 + second)
        return date.midnight(in: utc ? TimeZone(identifier: "UTC") ?? zone : zone).addingTimeInterval(seconds)
    }

    /// `2026-12-14 10:00` in the display zone.
    private static func spaced(_ text: String, zone: TimeZone) -> Date? {
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2, let date = LocalDate(iso: parts[0]) else { return nil }
        let clock = parts[1].split(separator: ":")
        guard clock.count == 2, let hour = Int(clock[0]), let minute = Int(clock[1]), hour < 24, minute < 60 else {
            return nil
        }
        // The wall time on that day, as the display zone has it (the first, where it occurs twice).
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let components = DateComponents(year: date.year, month: date.month, day: date.day, hour: hour, minute: minute)
        return calendar.date(from: components)
    }
}
