internal import CLibical
import Foundation
import InvitesModel

/// Reads an iTIP REPLY (RFC 5546 §3.2.3) for what each ATTENDEE in it answered: which
/// invitation and occurrence, the PARTSTAT, the DELEGATED-FROM, the comment. As the
/// DECLINECOUNTER is (``DeclineCounterReader``), it is read property by property: a REPLY need
/// carry no DTSTART. At most ``mostAnswers`` are read: a stranger's message is bounded.
package enum ReplyReader {
    /// More ATTENDEEs than any REPLY needs (one per VEVENT, RFC 5546 §3.2.3; a delegation's two).
    package static let mostAnswers = 1_000

    /// The METHOD the VCALENDAR names, and one answer per ATTENDEE of each VEVENT with a UID;
    /// `nil` when the text holds no VCALENDAR.
    package static func read(_ data: Data, display: DisplayZone) -> (method: String?, answers: [DelegateAnswer])? {
        guard let root = data.withUnsafeBytes({ ICalComponent.parse($0) }) else { return nil }
        let calendars = root.selfOrChildren(ICAL_VCALENDAR_COMPONENT)
        guard !calendars.isEmpty else { return nil }
        let resolver = ZoneResolver(display: display)
        for calendar in calendars {
            for zone in calendar.children(ICAL_VTIMEZONE_COMPONENT) { resolver.register(zone) }
        }
        var method: String?
        var answers: [DelegateAnswer] = []
        for calendar in calendars {
            method = method ?? calendar.text(ICAL_METHOD_PROPERTY)?.uppercased()
            for event in calendar.children(ICAL_VEVENT_COMPONENT) {
                guard let uid = event.text(ICAL_UID_PROPERTY), !uid.isEmpty else { continue }
                let stamp = event.firstProperty(ICAL_DTSTAMP_PROPERTY)?.time.map {
                    Date(
                        timeIntervalSince1970: Double(
                            ICalTimeValue(time: $0, zone: .utc).instant(display: resolver.display)))
                }
                let comment = event.text(ICAL_COMMENT_PROPERTY)?.trimmingCharacters(in: .whitespacesAndNewlines)
                let recurrenceID = ICalDocument.recurrenceID(of: event, resolver: resolver)
                let sequence = event.firstProperty(ICAL_SEQUENCE_PROPERTY).map {
                    Int(icalproperty_get_sequence($0.raw))
                }
                for attendee in event.properties(ICAL_ATTENDEE_PROPERTY) {
                    guard answers.count < mostAnswers, let address = attendee.value, !address.isEmpty else { continue }
                    let from = (attendee.parameter(ICAL_DELEGATEDFROM_PARAMETER) ?? "").split(separator: ",").map {
                        $0.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
                    }.filter { !$0.isEmpty }
                    answers.append(
                        DelegateAnswer(
                            uid: uid, recurrenceID: recurrenceID, attendee: address,
                            partstat: attendee.parameter(ICAL_PARTSTAT_PARAMETER)?.uppercased() ?? "NEEDS-ACTION",
                            delegatedFrom: from, comment: comment?.isEmpty == false ? comment : nil,
                            sequence: sequence, dtstamp: stamp))
                }
            }
        }
        return (method, answers)
    }
}
