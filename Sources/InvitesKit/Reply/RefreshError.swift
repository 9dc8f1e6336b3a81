import Foundation
import InvitesFormats
import InvitesSystem

/// Why the organizer cannot be asked for the invitation as it stands, and what to do instead.
package enum RefreshError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A push payload's sender takes answers only; there is no iTIP organizer to ask.
    case push(handle: String)
    case noOrganizer(handle: String)
    /// The ORGANIZER's address cannot stand in a mail's `To:` (``MailAddress``).
    case organizerAddressInvalid(handle: String, address: String)
    case noAddress
    /// The invitation has no component for the occurrence asked about.
    case noSuchOccurrence(handle: String, key: String)
    /// GMime, which writes the e-mail, cannot be loaded.
    case library(LibraryLoadError)

    package var description: String {
        switch self {
        case .push(let handle):
            return "\(handle) came as a push payload: its sender takes an answer, not a request for the invitation"
        case .noOrganizer(let handle):
            return "\(handle) names no ORGANIZER to ask for the invitation"
        case .organizerAddressInvalid(let handle, let address):
            return "the organizer of \(handle) gives the address \(Printable.quoted(address, limit: 80)), "
                + "which is not one a mail can be sent to (RFC 5322): no request can be mailed"
        case .noAddress:
            return "asking the organizer for the invitation needs your address"
        case .noSuchOccurrence(let handle, let key):
            return "\(handle) has no occurrence \(key) to ask about"
        case .library(let error):
            return "the e-mail cannot be written: \(error)"
        }
    }
}
