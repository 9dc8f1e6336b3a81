/// Whether an invitation may write over, or take out, the components its UID already has in
/// your calendar.
///
/// A UID is no secret: anyone you ever invited has the UIDs of your meetings, and every attendee
/// has the organizer's. An invitation only ever changes its own copy: components whose
/// ORGANIZER is the invitation's. Your own events (ORGANIZER one of your addresses, or none at
/// all, as a calendar program writes an event you made for yourself) and another organizer's
/// meeting are never its copy: writing over them, and the sync that follows, would change or
/// cancel a meeting on your server for everyone in it.
package struct CalendarClaim: Sendable, Hashable {
    /// The organizer of the invitation that is to be written.
    package var organizer: Invite.Person?
    package var me: MyAddresses
    /// invites put this invitation into that calendar before (the store keeps a record of it):
    /// its copy of a push payload, which names no organizer, is then still its own.
    package var written: Bool

    package init(organizer: Invite.Person?, me: MyAddresses, written: Bool) {
        self.organizer = organizer
        self.me = me
        self.written = written
    }

    /// What a component of the UID in the calendar says of itself.
    package struct Holder: Sendable, Hashable {
        package var organizer: Invite.Person?
        package var title: String

        package init(organizer: Invite.Person?, title: String) {
            self.organizer = organizer
            self.title = title
        }
    }

    /// Why a component is not the invitation's to change.
    package enum Refusal: Sendable, Hashable {
        /// Your own event: its ORGANIZER is one of your addresses, or it has none.
        case yours(Holder)
        /// A meeting of another organizer than the invitation's.
        case otherOrganizer(Holder)
    }

    /// The first of `holders` the invitation may not change, or `nil` when every one is its
    /// own copy.
    package func refusal(of holders: [Holder]) -> Refusal? {
        for holder in holders {
            if let refusal = refusal(of: holder) { return refusal }
        }
        return nil
    }

    /// Whether one component is the invitation's to change.
    package func refusal(of holder: Holder) -> Refusal? {
        guard let address = holder.organizer?.address else {
            // No ORGANIZER: an event you made, unless invites wrote it for an invitation that
            // names no organizer either (a push payload).
            return written && organizer?.address == nil ? nil : .yours(holder)
        }
        if me.contains(address) { return .yours(holder) }
        return address == organizer?.address ? nil : .otherOrganizer(holder)
    }
}
