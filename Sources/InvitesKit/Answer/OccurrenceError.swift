import Foundation
import InvitesFormats

/// Why `--occurrence WHEN` names no single occurrence of an invitation.
package enum OccurrenceError: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadable(when: String)
    case notRecurring(handle: String)
    /// The series has no occurrence there; `nearest` are the closest it has, as `show` prints them.
    case noSuch(when: String, nearest: [String])
    case ambiguous(when: String, candidates: [String])

    package var description: String {
        switch self {
        case .unreadable(let when):
            return "\(Printable.quoted(when, limit: 40)) is no occurrence time: give it as show prints it "
                + "(2026-12-14 10:00, or 2026-12-14) or as a RECURRENCE-ID (20261214T090000Z)"
        case .notRecurring(let handle):
            return "\(handle) does not repeat: answer the whole invitation"
        case .noSuch(let when, let nearest):
            let hint = nearest.isEmpty ? "" : "; the nearest are " + nearest.joined(separator: ", ")
            return "the series has no occurrence at \(Printable.quoted(when, limit: 40))\(hint)"
        case .ambiguous(let when, let candidates):
            return "\(Printable.quoted(when, limit: 40)) matches several occurrences: "
                + candidates.joined(separator: ", ") + "; give the time too"
        }
    }
}
