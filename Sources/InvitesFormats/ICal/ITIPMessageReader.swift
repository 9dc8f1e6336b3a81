internal import CLibical
import Foundation
import InvitesModel

/// What the iTIP messages sent to an attendee about an invitation they hold (the organizer's
/// DECLINECOUNTER, a delegate's REPLY) share: each VEVENT with a UID, its RECURRENCE-ID, DTSTAMP,
/// SEQUENCE and COMMENT, read property by property (such a VEVENT need have no DTSTART), and the
/// METHOD the VCALENDAR names.
enum ITIPMessageReader {
    /// One VEVENT with a UID, and what every such message carries.
    struct Event {
        var component: ICalComponent
        var uid: String
        var recurrenceID: String?
        var dtstamp: Date?
        var sequence: Int?
        /// Trimmed; `nil` when empty.
        var comment: String?
    }

    /// The METHOD and the VEVENTs with a UID of every VCALENDAR in `data`; `nil` when it holds
    /// none.
    static func read(_ data: Data, display: DisplayZone) -> (method: String?, events: [Event])? {
        guard let root = data.withUnsafeBytes({ ICalComponent.parse($0) }) else { return nil }
        let calendars = root.selfOrChildren(ICAL_VCALENDAR_COMPONENT)
        guard !calendars.isEmpty else { return nil }
        let resolver = ZoneResolver(display: display)
        for calendar in calendars {
            for zone in calendar.children(ICAL_VTIMEZONE_COMPONENT) { resolver.register(zone) }
        }
        var method: String?
        var events: [Event] = []
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
                events.append(
                    Event(
                        component: event, uid: uid,
                        recurrenceID: ICalDocument.recurrenceID(of: event, resolver: resolver),
                        dtstamp: stamp,
                        sequence: event.firstProperty(ICAL_SEQUENCE_PROPERTY).map {
                            Int(icalproperty_get_sequence($0.raw))
                        }, comment: comment?.isEmpty == false ? comment : nil))
            }
        }
        return (method, events)
    }
}
