import Foundation
import InvitesFormats
import InvitesKit

/// A config file that cannot be read as a whole: named but not there, or there but unreadable.
///
/// A missing default config file is no error (a new user has none); one named by `--config` or
/// `INVITES_CONFIG` is, because the settings the user meant would otherwise be silently left out.
enum ConfigFileError: Error, Equatable, CustomStringConvertible {
    /// Named by `namedBy` (`--config`, `INVITES_CONFIG`) and not there (exit 66).
    case missing(path: String, namedBy: String)
    /// There, but not a file that can be read (exit 74).
    case unreadable(path: String, reason: String)

    var description: String {
        switch self {
        case .missing(let path, let namedBy):
            return "config file \(Printable.sanitize(path)) (from \(namedBy)) does not exist; "
                + "create it, or name another"
        case .unreadable(let path, let reason):
            return "cannot read config file \(Printable.sanitize(path)): \(reason)"
        }
    }
}
