import Foundation
import InvitesFormats
import InvitesSystem

/// Why a new time cannot be proposed, and what to do instead.
package enum ProposalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The organizer's software takes no proposals (`X-MICROSOFT-DISALLOW-COUNTER:TRUE`).
    case disallowed(handle: String)
    case push(handle: String)
    case announcement(handle: String)
    /// A task (a VTODO) holds no time to move; its due date is the organizer's to change.
    case task(handle: String)
    case cancelled(handle: String)
    case noOrganizer(handle: String)
    /// The ORGANIZER's address cannot stand in a mail's `To:` (``MailAddress``).
    case organizerAddressInvalid(handle: String, address: String)
    case noAddress
    /// The time proposed is the time the invitation has.
    case sameTime(handle: String)
    /// `--free` found nothing within working hours in the days it looks through.
    case noFreeTime(handle: String, from: String, days: Int)
    /// `--free` for a series found nothing within working hours on the occurrence's own day,
    /// which a series keeps.
    case noFreeTimeThatDay(handle: String, day: String)
    /// GMime, which writes the e-mail, cannot be loaded.
    case library(LibraryLoadError)

    package var description: String {
        switch self {
        case .disallowed(let handle):
            return "\(handle): the organizer does not take proposals of a new time "
                + "(X-MICROSOFT-DISALLOW-COUNTER:TRUE); say what time suits you in a comment instead: "
                + "invites comment \(handle) 'Could we meet at …?'"
        case .push(let handle):
            return "\(handle) came as a push payload: its sender takes an answer, not a proposal of a new time"
        case .announcement(let handle):
            return "\(handle) was published (METHOD:PUBLISH), not an invitation: there is nobody to propose to"
        case .task(let handle):
            return "\(handle) is a task: it holds no time to move; say when you can do it in a comment instead: "
                + "invites comment \(handle) 'I can have it done by …'"
        case .cancelled(let handle):
            return "\(handle) was cancelled by the organizer: there is no time left to move"
        case .noOrganizer(let handle):
            return "\(handle) names no ORGANIZER to propose a new time to"
        case .organizerAddressInvalid(let handle, let address):
            return "the organizer of \(handle) gives the address \(Printable.quoted(address, limit: 80)), "
                + "which is not one a mail can be sent to (RFC 5322): no proposal can be mailed"
        case .noAddress:
            return "proposing a new time needs your address"
        case .sameTime(let handle):
            return "\(handle) is already at that time"
        case .noFreeTime(let handle, let from, let days):
            return "\(handle): no stretch long enough is free within your working hours in the \(days) days from "
                + "\(from); give a time with --at"
        case .library(let error):
            return "the e-mail cannot be written: \(error)"
        case .noFreeTimeThatDay(let handle, let day):
            return "\(handle): no other stretch long enough is free within your working hours on \(day), the "
                + "occurrence's day, which a series keeps; give a time with --at"
        }
    }
}
