import Foundation

/// Where an invite stands in the inbox.
public enum InviteStatus: String, Sendable, Hashable, CaseIterable {
    case pending
    case accepted
    case declined
    case tentative
    case cancelled
}

/// One invite as the inbox holds it: the invite and what the inbox knows about it.
public struct StoredInvite: Sendable, Hashable {
    /// The short name the user types.
    public var handle: String
    public var invite: Invite
    public var status: InviteStatus
    public var receivedAt: Date
    public var updatedAt: Date
}

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
}
