import Foundation
import InvitesFormats
import InvitesModel

/// How `list`, `show`, `ingest` and `history` word a delegation you made and what your delegate
/// said of it: `delegated to erin@example.org` until their REPLY reaches you, then `erin@example.org
/// accepted (delegated by you)`.
enum DelegateWords {
    /// A standing delegation to `delegate`, with their answer when it came.
    static func standing(_ delegate: String, news: String?) -> String {
        guard let news else { return "delegated to " + Printable.sanitize(delegate) }
        return Printable.sanitize(delegate) + " " + news + " (delegated by you)"
    }

    /// Your delegate's answer as its history entry holds it.
    static func news(_ entry: HistoryEntry) -> String {
        standing(entry.delegatedTo ?? "your delegate", news: entry.action.delegateWord ?? entry.action.rawValue)
    }
}
