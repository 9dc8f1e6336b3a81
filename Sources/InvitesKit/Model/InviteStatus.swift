import Foundation

/// Where an invite stands in the inbox.
public enum InviteStatus: String, Sendable, Hashable, CaseIterable {
    case pending
    case accepted
    case declined
    case tentative
    case cancelled
}
