import Foundation
import InvitesModel

/// Reads an organizer's DECLINECOUNTER: which invitation (and occurrence) it answers, and what
/// the organizer said. Its VEVENT need have no DTSTART (RFC 5546 §3.2.8 asks only for the UID,
/// the organizer, the attendee and the stamp), so it is read property by property rather than as
/// an event to place in time (``ITIPMessageReader``).
package enum DeclineCounterReader {
    /// The METHOD the VCALENDAR names, and one declined proposal per VEVENT with a UID; `nil`
    /// when the text holds no VCALENDAR.
    package static func read(_ data: Data, display: DisplayZone) -> (method: String?, declined: [DeclinedProposal])? {
        guard let read = ITIPMessageReader.read(data, display: display) else { return nil }
        let declined = read.events.map { event in
            DeclinedProposal(
                uid: event.uid, organizer: ICalDocument.organizer(of: event.component),
                recurrenceID: event.recurrenceID, comment: event.comment, sequence: event.sequence,
                dtstamp: event.dtstamp)
        }
        return (read.method, declined)
    }
}
