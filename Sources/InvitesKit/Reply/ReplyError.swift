import Foundation
import InvitesFormats
import InvitesSystem

/// Why no reply can be made.
package enum ReplyError: Error, Equatable, Sendable, CustomStringConvertible {
    case noAnswer(handle: String)
    case noAddress
    case noOrganizer(handle: String)
    /// The ORGANIZER's address cannot stand in a mail's `To:` (``MailAddress``): a stranger's
    /// control characters in it are no address, so no mail is made.
    case organizerAddressInvalid(handle: String, address: String)
    case announcement(handle: String)
    case pushHasNoMail(handle: String)
    /// The organizer cancelled the invitation: the meeting is off, and there is nothing to
    /// answer (sabre/vobject's broker makes no REPLY for it either).
    case cancelled(handle: String)
    /// GMime, which writes the e-mail, cannot be loaded.
    case library(LibraryLoadError)

    package var description: String {
        switch self {
        case .noAnswer(let handle):
            return "\(handle) has no answer or comment yet: accept, decline, tentative or comment first"
        case .noAddress:
            return "replying needs your address"
        case .noOrganizer(let handle):
            return "\(handle) names no ORGANIZER to reply to"
        case .organizerAddressInvalid(let handle, let address):
            return "the organizer of \(handle) gives the address \(Printable.quoted(address, limit: 80)), "
                + "which is not one a mail can be sent to (RFC 5322): no reply can be mailed"
        case .announcement(let handle):
            return "\(handle) was published (METHOD:PUBLISH), not an invitation: it expects no reply"
        case .cancelled(let handle):
            return "\(handle) was cancelled by the organizer: the meeting is off, and it takes no reply"
        case .library(let error):
            return "the e-mail cannot be written: \(error)"
        case .pushHasNoMail(let handle):
            return
                "\(handle) came as a push payload: it has no organizer to mail; its answer is JSON for the sender's server (reply without --mime, or set respond_url and use send)"
        }
    }
}
