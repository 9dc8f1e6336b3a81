import Foundation

/// An organizer's DECLINECOUNTER (RFC 5546 §3.2.8): your proposal of a new time was declined.
public struct DeclinedProposal: Sendable, Hashable {
    public var uid: String
    /// Who declined: only the organizer on file answers a proposal (``ForeignUpdate``).
    public var organizer: Invite.Person?
    /// The occurrence the proposal was for (``RecurrenceKey``); `nil` for the whole invitation.
    public var recurrenceID: String?
    /// The organizer's words, if they gave any.
    public var comment: String?
    public var sequence: Int?
    public var dtstamp: Date?

    public init(
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
