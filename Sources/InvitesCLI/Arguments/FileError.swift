import Foundation
import InvitesFormats
import InvitesKit

/// A file named on the command line that is not there (exit 66).
enum FileError: Error, CustomStringConvertible {
    case notFound(path: String)

    var description: String {
        switch self {
        case .notFound(let path): return "\(Printable.sanitize(path)): no such file"
        }
    }
}
