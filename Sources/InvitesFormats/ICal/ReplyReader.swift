internal import CLibical
import Foundation
import InvitesModel

/// Reads an iTIP REPLY (RFC 5546 §3.2.3) for what each ATTENDEE in it answered: which
/// invitation and occurrence, the PARTSTAT, the DELEGATED-FROM, the comment, property by
/// property as the DECLINECOUNTER is (``ITIPMessageReader``): a REPLY need carry no DTSTART. At
/// most ``mostAnswers`` are read: a stranger's message is bounded.
package enum ReplyReader {
    /// More ATTENDEEs than any REPLY needs (one per VEVENT, RFC 5546 §3.2.3; a delegation's two).
    package static let mostAnswers = 1_000

    /// The METHOD the VCALENDAR names, and one answer per ATTENDEE of each VEVENT with a UID;
    /// `nil` when the text holds no VCALENDAR.
    package static func read(_ data: Data, display: DisplayZone) -> (method: String?, answers: [DelegateAnswer])? {
        guard let read = ITIPMessageReader.read(data, display: display) else { return nil }
        var answers: [DelegateAnswer] = []
        for event in read.events {
            for attendee in event.component.properties(ICAL_ATTENDEE_PROPERTY) {
                guard answers.count < mostAnswers, let address = attendee.value, !address.isEmpty else { continue }
                let from = (attendee.parameter(ICAL_DELEGATEDFROM_PARAMETER) ?? "").split(separator: ",").map {
                    $0.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
                }.filter { !$0.isEmpty }
                answers.append(
                    DelegateAnswer(
                        uid: event.uid, recurrenceID: event.recurrenceID, attendee: address,
                        partstat: attendee.parameter(ICAL_PARTSTAT_PARAMETER)?.uppercased() ?? "NEEDS-ACTION",
                        delegatedFrom: from, comment: event.comment, sequence: event.sequence, dtstamp: event.dtstamp))
            }
        }
        return (read.method, answers)
    }
}
