import Foundation
import InvitesModel

/// Why an answer is refused before anything is recorded or written.
package enum AnswerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Accepting (or a tentative yes to) an invitation the organizer cancelled: the meeting is
    /// off, so there is nothing to attend, and a calendar copy would be a CANCELLED event that
    /// says ACCEPTED.
    case cancelled(handle: String, action: AnswerAction)
    /// The same for one occurrence the organizer cancelled.
    case occurrenceCancelled(handle: String, occurrence: String, action: AnswerAction)
    /// A report of progress (`progress`, `done`) on a meeting: only a task (a VTODO) is under
    /// way or done (RFC 5546 §3.4.3); a meeting is accepted, declined or tentative.
    case notATask(handle: String, action: AnswerAction)

    package var description: String {
        switch self {
        case .cancelled(let handle, let action):
            return "\(handle) was cancelled by the organizer: it cannot be \(action.rawValue); "
                + "nothing was recorded (decline it to clear it from the inbox)"
        case .occurrenceCancelled(let handle, let occurrence, let action):
            return "the occurrence \(occurrence) of \(handle) was cancelled by the organizer: it cannot be "
                + "\(action.rawValue); nothing was recorded"
        case .notATask(let handle, let action):
            return "\(handle) is a meeting, not a task: only a task is reported \(action.rawValue); "
                + "nothing was recorded (accept, decline or tentative answer a meeting)"
        }
    }
}
