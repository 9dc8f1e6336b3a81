import Foundation

/// What ingesting one invite did to the inbox.
package struct IngestOutcome: Sendable, Hashable {
    package enum Result: String, Sendable, Hashable {
        case new
        case updated
        case unchanged
        case cancelled
    }

    package var stored: StoredInvite
    package var result: Result
    /// Something the user should know: a stale copy, an answer put back to pending.
    package var note: String?
    /// The components this message changed: `nil` for the master, else an instance's key.
    package var changed: [String?] = []

    /// The memberwise initializer, for the targets above this one.
    package init(stored: StoredInvite, result: IngestOutcome.Result, note: String? = nil, changed: [String?] = []) {
        self.stored = stored
        self.result = result
        self.note = note
        self.changed = changed
    }
}
