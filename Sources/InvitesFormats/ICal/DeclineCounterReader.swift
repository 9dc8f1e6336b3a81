internal import CLibical
import Foundation
import InvitesModel

/// Reads an organizer's DECLINECOUNTER: which invitation (and occurrence) it answers, and what
/// the organizer said. Its VEVENT need have no DTSTART (RFC 5546 §3.2.8 asks only for the UID,
/// the organizer, the attendee and the stamp), so it is read property by property rather than as
/// an event to place in time.
package enum DeclineCounterReader {
    /// The METHOD the VCALENDAR names, and one declined proposal per VEVENT with a UID; `nil`
    /// when the text holds no VCALENDAR.
    package static func read(_ data: Data, display: DisplayZone) -> (method: String?, declined: [DeclinedProposal])? {
        guard let root = data.withUnsafeBytes({ ICalComponent.parse($0) }) else { return nil }
        let calendars = root.selfOrChildren(ICAL_VCALENDAR_COMPONENT)
        guard !calendars.isEmpty else { return nil }
        let resolver = ZoneResolver(display: display)
        for calendar in calendars {
            for zone in calendar.children(ICAL_VTIMEZONE_COMPONENT) { resolver.register(zone) }
        }
        var method: String?
        var declined: [DeclinedProposal] = []
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
                declined.append(
                    DeclinedProposal(
                        uid: uid, organizer: ICalDocument.organizer(of: event),
                        recurrenceID: ICalDocument.recurrenceID(of: event, resolver: resolver),
                        comment: comment?.isEmpty == false ? comment : nil,
                        sequence: event.firstProperty(ICAL_SEQUENCE_PROPERTY).map {
                            Int(icalproperty_get_sequence($0.raw))
                        }, dtstamp: stamp))
            }
        }
        return (method, declined)
    }
}
