import Foundation
import InvitesKit
import InvitesSystem

/// Why text could not be written where the command was told to write it.
package enum OutputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Whoever read the stream went away (`EPIPE`): `invites list | head -n 1`. Not a failure
    /// worth a message; the command ends quietly with status 141, as a filter killed by
    /// SIGPIPE would.
    case closed(stream: String)
    /// Writing a stream failed for another reason: a full disk (`> /dev/full`), an I/O error,
    /// a stream that is not open.
    case failed(stream: String, reason: String)
    /// A file the command was asked to write (`reply --out FILE`) could not be written.
    case unwritable(path: String, reason: String)

    /// Sorts a failed `write(2)` on a stream into closed or failed.
    init(stream: String, _ error: SystemCallError) {
        self = error.code == EPIPE ? .closed(stream: stream) : .failed(stream: stream, reason: error.description)
    }

    package var description: String {
        switch self {
        case .closed(let stream):
            return "\(stream) was closed before everything was written"
        case .failed(let stream, let reason):
            return "cannot write \(stream): \(reason)"
        case .unwritable(let path, let reason):
            return "cannot write \(path): \(reason)"
        }
    }
}
