import Foundation
import InvitesFormats
import InvitesModel

/// Reads the JSON a phone receives for a calendar invite: one payload, a JSON array of them, or
/// one per line (JSON Lines).
///
/// The app-specific keys (`title`, `start`, `end`, `id`, …) sit beside `aps`; a payload whose
/// `aps.category` names another kind of notification is refused rather than guessed at.
package struct PushPayloadParser: Sendable {
    package init() {}

    /// Every payload in the input, or the first error met: one bad payload refuses the whole
    /// file, so that a file is never half ingested.
    package func parse(_ data: Data, file: String) throws(IngestError) -> [Invite] {
        if let whole = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) {
            if let list = whole as? [Any] {
                var invites: [Invite] = []
                for (index, element) in list.enumerated() {
                    // Foundation traps, rather than throws, when asked to write a bare number or
                    // string: only an object is written back.
                    guard element is [String: Any], JSONSerialization.isValidJSONObject(element) else {
                        throw .notAnInvite(file: file, reason: "[\(index)] is not a JSON object")
                    }
                    let raw = (try? JSONSerialization.data(withJSONObject: element, options: [.sortedKeys])) ?? Data()
                    invites.append(try invite(element, raw: raw, file: file, place: "[\(index)]"))
                }
                guard !invites.isEmpty else { throw .notAnInvite(file: file, reason: "the JSON array is empty") }
                return invites
            }
            return [try invite(whole, raw: data, file: file, place: "payload")]
        }
        return try parseLines(data, file: file)
    }

    private func parseLines(_ data: Data, file: String) throws(IngestError) -> [Invite] {
        var invites: [Invite] = []
        var lineNumber = 0
        for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            let trimmed = line.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
            guard !trimmed.isEmpty, !trimmed.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) else { continue }
            let raw = Data(line)
            guard let object = try? JSONSerialization.jsonObject(with: raw, options: []) else {
                throw .notAnInvite(file: file, reason: "line \(lineNumber) is not valid JSON")
            }
            invites.append(try invite(object, raw: raw, file: file, place: "line \(lineNumber)"))
        }
        guard !invites.isEmpty else { throw .notAnInvite(file: file, reason: "no JSON payload in it") }
        return invites
    }

    private func invite(_ value: Any, raw: Data, file: String, place: String) throws(IngestError) -> Invite {
        guard let object = value as? [String: Any] else {
            throw .notAnInvite(file: file, reason: "\(place) is not a JSON object")
        }
        if let aps = object["aps"] as? [String: Any], let category = aps["category"] {
            let text = (category as? String) ?? String(describing: category)
            guard text == "CalendarInvite" else { throw .wrongCategory(file: file, place: place, category: text) }
        }
        guard let title = (object["title"] as? String)?.trimmingCharacters(in: .whitespacesAndNewlines),
            !title.isEmpty
        else { throw .missingField(file: file, place: place, field: "title") }
        let allDay = (object["allDay"] as? Bool) ?? false
        let start = try time(object, "start", allDay: allDay, file: file, place: place)
        let end = try time(object, "end", allDay: allDay, file: file, place: place)
        guard end.instant >= start.instant else { throw .endBeforeStart(file: file, place: place) }

        let senderID = try identifier(object["id"], file: file, place: place)
        let uid =
            senderID.map(PushPayloadParser.uid(forSenderID:))
            ?? "push-\(StableHash.hex(of: Data("\(title)|\(start.instant)|\(end.instant)".utf8)))@invites"
        var dates: Occurrence.AllDayDates?
        if allDay, let first = start.date, let last = end.date {
            dates = Occurrence.AllDayDates(first: first, endExclusive: last > first ? last : first.adding(days: 1))
        }
        return Invite(
            uid: uid, senderID: senderID, title: title, start: start.instant, end: end.instant,
            dates: dates, timeZone: nonEmpty(object["timezone"]), location: nonEmpty(object["location"]),
            description: nonEmpty(object["notes"]) ?? nonEmpty(object["description"]),
            organizer: organizer(object["organizer"]), method: .request, source: .push, raw: raw)
    }

    /// The UID a push payload's invite gets: stable across runs, derived only from the sender's id.
    package static func uid(forSenderID id: String) -> String {
        "push-\(id)@invites"
    }

    private struct Moment {
        var instant: Date
        var date: LocalDate?
    }

    private func time(
        _ object: [String: Any], _ field: String, allDay: Bool, file: String, place: String
    ) throws(IngestError) -> Moment {
        guard let text = (object[field] as? String)?.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
            if object[field] != nil, !(object[field] is String) {
                throw .invalidField(file: file, place: place, field: field, reason: "is not a string")
            }
            throw .missingField(file: file, place: place, field: field)
        }
        if allDay, let date = LocalDate(iso: text) {
            return Moment(instant: date.midnight(in: TimeZone(secondsFromGMT: 0) ?? .current), date: date)
        }
        guard let instant = RFC3339.parse(text) else {
            throw .invalidField(
                file: file, place: place, field: field,
                reason:
                    "is not an ISO 8601 time with an offset (like 2018-04-10T08:00:00-08:00 or …Z): \(Printable.quoted(text, limit: 40))"
            )
        }
        guard StorableTime.seconds.contains(instant.timeIntervalSince1970) else {
            throw .invalidField(
                file: file, place: place, field: field,
                reason:
                    "is outside the years 1 to 3000, the times an iCalendar file here can hold: \(Printable.quoted(text, limit: 40))"
            )
        }
        return Moment(instant: instant, date: allDay ? RFC3339.localDate(text) : nil)
    }

    private func identifier(_ value: Any?, file: String, place: String) throws(IngestError) -> String? {
        switch value {
        case nil, is NSNull:
            return nil
        case let text as String:
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed.isEmpty ? nil : trimmed
        case let number as NSNumber:
            if String(cString: number.objCType) == "c" {
                throw .invalidField(file: file, place: place, field: "id", reason: "must be a number or a string")
            }
            let double = number.doubleValue
            if double.rounded() == double, abs(double) < 1e15 { return String(Int64(double)) }
            return number.stringValue
        default:
            throw .invalidField(file: file, place: place, field: "id", reason: "must be a number or a string")
        }
    }

    private func organizer(_ value: Any?) -> Invite.Person? {
        if let object = value as? [String: Any] {
            let person = Invite.Person(name: nonEmpty(object["name"]), email: nonEmpty(object["email"]))
            return person.name == nil && person.email == nil ? nil : person
        }
        guard let text = nonEmpty(value) else { return nil }
        if let open = text.lastIndex(of: "<"), text.hasSuffix(">") {
            let name = text[..<open].trimmingCharacters(in: .whitespaces.union(.init(charactersIn: "\"")))
            let email = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
            return Invite.Person(name: name.isEmpty ? nil : name, email: email.isEmpty ? nil : email)
        }
        return text.contains("@") ? Invite.Person(name: nil, email: text) : Invite.Person(name: text, email: nil)
    }

    private func nonEmpty(_ value: Any?) -> String? {
        guard let text = (value as? String)?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else {
            return nil
        }
        return text
    }
}
