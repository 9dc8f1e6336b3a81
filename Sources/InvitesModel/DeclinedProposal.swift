import Foundation

/// An organizer's DECLINECOUNTER (RFC 5546 §3.2.8): your proposal of a new time was declined.
package struct DeclinedProposal: Sendable, Hashable {
    package var uid: String
    /// Who declined: only the organizer on file answers a proposal (``ForeignUpdate``).
    package var organizer: Invite.Person?
    /// The occurrence the proposal was for (``RecurrenceKey``); `nil` for the whole invitation.
    package var recurrenceID: String?
    /// The organizer's words, if they gave any.
    package var comment: String?
    package var sequence: Int?
    package var dtstamp: Date?

    package init(
        uid: String, organizer: Invite.Person? = nil, recurrenceID: String?, comment: String?, sequence: Int?,
        dtstamp: Date?
    ) {
        self.uid = uid
        self.organizer = organizer
        self.recurrenceID = recurrenceID
        self.comment = comment
        self.sequence = sequence
        self.dtstamp = dtstamp
    }
}
