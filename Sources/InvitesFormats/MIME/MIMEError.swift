import InvitesSystem

/// Why a message was not handed to GMime, or GMime could not read it.
package enum MIMEError: Error, Equatable, Sendable, CustomStringConvertible {
    /// GMime is not installed (or not loadable).
    case library(LibraryLoadError)
    /// More lines than ``MIMEPartLimit/mostParts`` may open a part: refused before GMime builds a
    /// tree of them.
    case tooManyParts(limit: Int)

    package var description: String {
        switch self {
        case .library(let error):
            return error.description
        case .tooManyParts(let limit):
            return "it has more than \(limit) lines that open a MIME part: no invitation needs that many"
        }
    }
}
