import Foundation

/// One attendee's answer in an iTIP REPLY (RFC 5546 §3.2.3), as a delegator reads the REPLY of
/// the one they delegated to (RFC 5546 §4.2.5: the delegate answers the organizer, and the
/// delegator hears it too): who answered, what, for which component, and whom they name as
/// having delegated it to them.
package struct DelegateAnswer: Sendable, Hashable {
    package var uid: String
    /// The occurrence answered (``RecurrenceKey``); `nil` for the whole invitation.
    package var recurrenceID: String?
    /// The ATTENDEE's address, as the REPLY writes it.
    package var attendee: String
    /// Their PARTSTAT, upper-cased; NEEDS-ACTION when the line has none (RFC 5545 §3.2.12).
    package var partstat: String
    /// The addresses their DELEGATED-FROM names, as written (quotes and spaces trimmed).
    package var delegatedFrom: [String]
    package var comment: String?
    package var sequence: Int?
    package var dtstamp: Date?

    package init(
        uid: String, recurrenceID: String?, attendee: String, partstat: String, delegatedFrom: [String],
        comment: String?, sequence: Int?, dtstamp: Date?
    ) {
        self.uid = uid
        self.recurrenceID = recurrenceID
        self.attendee = attendee
        self.partstat = partstat
        self.delegatedFrom = delegatedFrom
        self.comment = comment
        self.sequence = sequence
        self.dtstamp = dtstamp
    }
}
