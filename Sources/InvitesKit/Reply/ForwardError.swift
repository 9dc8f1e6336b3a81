import Foundation
import InvitesFormats
import InvitesSystem

/// Why an invitation cannot be forwarded, and what to do instead.
package enum ForwardError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The organizer forbade it (`X-MICROSOFT-DONOTFORWARDMEETING:TRUE`).
    case forbidden(handle: String)
    case push(handle: String)
    case announcement(handle: String)
    case cancelled(handle: String)
    case noOrganizer(handle: String)
    /// The ORGANIZER's address cannot stand in a mail's `To:` (``MailAddress``).
    case organizerAddressInvalid(handle: String, address: String)
    /// The address to forward to is no address a mail can go to.
    case addressInvalid(String)
    /// The address is the organizer's, or already among the attendees.
    case alreadyInvited(handle: String, address: String)
    case noAddress
    /// GMime, which writes the e-mail, cannot be loaded.
    case library(LibraryLoadError)

    package var description: String {
        switch self {
        case .forbidden(let handle):
            return "\(handle): the organizer does not allow this meeting to be forwarded "
                + "(X-MICROSOFT-DONOTFORWARDMEETING:TRUE); ask them to invite whom you would bring"
        case .push(let handle):
            return "\(handle) came as a push payload: there is no invitation to forward, only its sender's answer"
        case .announcement(let handle):
            return "\(handle) was published (METHOD:PUBLISH), not an invitation: forward the mail itself"
        case .cancelled(let handle):
            return "\(handle) was cancelled by the organizer: there is no meeting to forward"
        case .noOrganizer(let handle):
            return "\(handle) names no ORGANIZER to tell of the forward"
        case .organizerAddressInvalid(let handle, let address):
            return "the organizer of \(handle) gives the address \(Printable.quoted(address, limit: 80)), "
                + "which is not one a mail can be sent to (RFC 5322): the organizer cannot be told"
        case .addressInvalid(let address):
            return "\(Printable.quoted(address, limit: 80)) is not an address a mail can be sent to"
        case .alreadyInvited(let handle, let address):
            return "\(Printable.sanitize(address)) is already invited to \(handle)"
        case .noAddress:
            return "forwarding an invitation needs your address"
        case .library(let error):
            return "the e-mail cannot be written: \(error)"
        }
    }
}
