import InvitesFormats

/// Why a handle, sender id or UID prefix given on the command line names no single invite.
package enum LookupError: Error, Equatable, Sendable, CustomStringConvertible {
    case notFound(reference: String)
    /// Several invites match; each candidate is a handle and a title.
    case ambiguous(reference: String, candidates: [String])

    package var description: String {
        switch self {
        case .notFound(let reference):
            return "no invite \(Printable.quoted(reference, limit: 60))"
        case .ambiguous(let reference, let candidates):
            return "\(Printable.quoted(reference, limit: 60)) matches several invites: "
                + candidates.joined(separator: ", ") + "; give more of the handle or UID"
        }
    }
}
