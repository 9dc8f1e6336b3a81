import Foundation
import InvitesFormats
import InvitesModel

/// Reads an iCalendar invitation (iTIP, RFC 5546) into invites: one per UID, holding the series
/// and the instances sent with it, or only instances where the message invites no series.
package struct ITIPParser: Sendable {
    package var display: DisplayZone

    package init(display: DisplayZone) {
        self.display = display
    }

    /// The methods that are messages for an organizer rather than invitations.
    static let organizerMethods: Set<String> = ["REPLY", "COUNTER", "REFRESH", "DECLINECOUNTER"]

    /// Reads one VCALENDAR. `fallbackMethod` is the `method=` parameter of an e-mail part's
    /// Content-Type, used when the VCALENDAR itself names none; `warn` hears of values libical
    /// could not read and dropped.
    package func parse(
        _ data: Data, file: String, source: Invite.Source, fallbackMethod: String?, warn: (String) -> Void = { _ in }
    ) throws(IngestError) -> [Invite] {
        if let line = data.withUnsafeBytes({ ICalDocument.overlongLine(in: $0) }) {
            throw .notAnInvite(
                file: file,
                reason: "line \(line) is longer than \(ICalDocument.longestLine >> 20) MiB: no invitation needs that")
        }
        let events = data.withUnsafeBytes { ICalComponent.eventCount(in: $0) }
        if events > ICalComponent.mostEvents {
            throw .notAnInvite(
                file: file,
                reason:
                    "it holds more than \(ICalComponent.mostEvents) VEVENTs and VTODOs: no invitation needs that many")
        }
        guard let document = ICalDocument.parse(data, display: display) else {
            throw .notAnInvite(file: file, reason: "libical finds no VCALENDAR in it")
        }
        for problem in document.problems { warn("\(file): \(problem)") }
        let written = document.method ?? fallbackMethod?.uppercased()
        if let written, ITIPParser.organizerMethods.contains(written) {
            throw .notForAttendee(file: file, method: written)
        }
        let method: Invite.Method
        switch written {
        case "CANCEL": method = .cancel
        case "PUBLISH": method = .publish
        case "REQUEST": method = .request
        case nil:
            let invitation = document.events.contains { $0.organizer != nil && !$0.attendees.isEmpty }
            guard invitation else {
                throw .notAnInvite(
                    file: file,
                    reason:
                        "no METHOD, and no VEVENT or VTODO with ORGANIZER and ATTENDEE: a calendar, not an invitation")
            }
            method = .request
        case "ADD": method = .add
        case let other?:
            throw .notAnInvite(file: file, reason: "unknown iTIP METHOD \(Printable.quoted(other, limit: 20))")
        }
        guard !document.events.isEmpty else {
            let reason =
                document.problems.first.map { "its VEVENT or VTODO cannot be used: \($0)" }
                ?? "it holds no VEVENT or VTODO"
            throw .notAnInvite(file: file, reason: reason)
        }
        if let nameless = document.events.first(where: { $0.uid.isEmpty }) {
            throw .missingField(
                file: file, place: "VEVENT \(Printable.quoted(nameless.title, limit: 40))", field: "UID")
        }

        var order: [String] = []
        var byUID: [String: [ICalDocument.Event]] = [:]
        for event in document.events {
            if byUID[event.uid] == nil { order.append(event.uid) }
            byUID[event.uid, default: []].append(event)
        }
        var invites: [Invite] = []
        for uid in order {
            let events = byUID[uid] ?? []
            if method == .add {
                if let added = self.added(events, source: source, raw: data, file: file, warn: warn) {
                    invites.append(added)
                }
                continue
            }
            let instances = events.filter { $0.recurrenceID != nil }
            guard let lead = events.first(where: { $0.recurrenceID == nil }) ?? instances.first else { continue }
            var made = invite(lead, method: method, source: source, raw: data, instance: lead.recurrenceID != nil)
            var seen = Set<String>()
            made.instances = instances.compactMap { event in
                guard let rid = event.recurrenceID, seen.insert(rid).inserted else { return nil }
                return Invite.Instance(
                    recurrenceID: rid, title: event.title.isEmpty ? lead.title : event.title, start: event.start,
                    end: event.end, dates: event.dates, sequence: event.sequence ?? event.microsoftSequence ?? 0,
                    dtstamp: event.dtstamp, cancelled: method == .cancel || event.cancelled,
                    thisAndFuture: event.thisAndFuture)
            }
            invites.append(made)
        }
        return invites
    }

    /// The instances a METHOD:ADD adds to the series of one UID (RFC 5546 §3.2.4): each VEVENT
    /// is one, named by its DTSTART as a RECURRENCE-ID would name it (the RFC gives an ADD none),
    /// and the invite they make is led by the first, as one that carries instances alone. A
    /// rule or dates on an ADD's VEVENT (more instances than its own) are not expanded: a
    /// warning says so, and a REFRESH gets the whole series.
    private func added(
        _ events: [ICalDocument.Event], source: Invite.Source, raw: Data, file: String, warn: (String) -> Void
    ) -> Invite? {
        var seen = Set<String>()
        var instances: [Invite.Instance] = []
        for event in events {
            let key = event.recurrenceID ?? event.dates?.first.description ?? RFC3339.utc(event.start)
            guard seen.insert(key).inserted else { continue }
            instances.append(
                Invite.Instance(
                    recurrenceID: key, title: event.title, start: event.start, end: event.end, dates: event.dates,
                    sequence: event.sequence ?? event.microsoftSequence ?? 0, dtstamp: event.dtstamp))
        }
        // Said once for the UID, however many VEVENTs carry a rule: a stranger's 10,000 are one line.
        if let ruled = events.first(where: \.recurs) {
            warn(
                "\(file): the ADD for \(Printable.quoted(ruled.title, limit: 40)) names more occurrences by a rule "
                    + "or dates than its own, which are not taken in; 'invites refresh' asks for the whole series")
        }
        guard let lead = events.first, let first = instances.first else { return nil }
        var made = invite(lead, method: .add, source: source, raw: raw, instance: false)
        made.recurrenceID = first.recurrenceID
        made.instances = instances
        return made
    }

    private func invite(
        _ event: ICalDocument.Event, method: Invite.Method, source: Invite.Source, raw: Data, instance: Bool
    ) -> Invite {
        Invite(
            uid: event.uid, recurrenceID: instance ? event.recurrenceID : nil, title: event.title,
            start: event.start, end: event.end, dates: event.dates, timeZone: event.tzid,
            location: event.location, description: event.description, organizer: event.organizer,
            attendees: event.attendees, sequence: event.sequence ?? event.microsoftSequence ?? 0,
            dtstamp: event.dtstamp, method: method, source: source, raw: raw, properties: event.properties)
    }
}
