import Foundation

/// What ingesting one invite did to the inbox.
public struct IngestOutcome: Sendable, Hashable {
    public enum Result: String, Sendable, Hashable {
        case new
        case updated
        case unchanged
        case cancelled
    }

    public var stored: StoredInvite
    public var result: Result
    /// Something the user should know: a stale copy, an answer put back to pending.
    public var note: String?
    /// The components this message changed: `nil` for the master, else an instance's key.
    public var changed: [String?] = []
}
