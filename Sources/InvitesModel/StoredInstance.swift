import Foundation

/// One instance of an invitation that is more than an occurrence of its rule: the organizer sent
/// it on its own (moved, changed, cancelled), or you answered it apart from the series.
package struct StoredInstance: Sendable, Hashable {
    /// The instance's original start, in the inbox's form (``RecurrenceKey``).
    package var recurrenceID: String
    /// The instance as the organizer last sent it; `nil` when only you singled it out.
    package var organizer: Invite.Instance?
    /// The message the organizer's instance came in; `nil` when it never came in a message.
    package var message: Data?
    /// Your answer for this instance alone; `nil` when it follows the series.
    package var answer: InviteStatus?

    package init(recurrenceID: String, organizer: Invite.Instance?, message: Data?, answer: InviteStatus?) {
        self.recurrenceID = recurrenceID
        self.organizer = organizer
        self.message = message
        self.answer = answer
    }

    /// Whether the organizer cancelled this instance.
    package var isCancelled: Bool { organizer?.cancelled ?? false }

    /// Whether the organizer put this instance at another time than its rule gives it.
    package var isMoved: Bool {
        guard let organizer, !organizer.cancelled, let original = RecurrenceKey.instant(of: recurrenceID) else {
            return false
        }
        if let dates = organizer.dates { return dates.first.description != recurrenceID }
        return organizer.start != original
    }
}
