import Foundation
import InvitesFormats

/// Why the start a user typed for a proposal names no time to propose.
package enum ProposedTimeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not a time ``ProposedTime`` reads.
    case unreadable(String)
    /// A time already gone (for an all-day proposal, a day already over), as of `now`: a slip of
    /// the finger (a date a year off), never a time anyone can meet at.
    case past(String, now: Date)

    package var description: String {
        switch self {
        case .unreadable(let text):
            return "a start is a date and a time (2026-12-14 15:00), a time (15:00) or a date (2026-12-15), "
                + "not \(Printable.quoted(text, limit: 40))"
        case .past(let text, _):
            return "\(Printable.quoted(text, limit: 40)) is in the past: give a time to come"
        }
    }
}
