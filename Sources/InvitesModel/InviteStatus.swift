import Foundation

/// Where an invite stands in the inbox.
package enum InviteStatus: String, Sendable, Hashable, CaseIterable {
    case pending
    case accepted
    case declined
    case tentative
    case cancelled
    /// A METHOD:PUBLISH item not answered: an announcement (a booking confirmation, a
    /// published event), which expects no reply and so is not pending. The store never holds
    /// it; ``StoredInvite/state`` gives it. Accepting one puts it in your calendar all the same.
    case announced
    /// An invitation found in your calendar whose item is gone from it (deleted there, on
    /// another device, or by the server): nothing is left to answer in place. Never pending.
    case removed
}
