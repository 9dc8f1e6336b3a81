import Foundation
import InvitesModel

/// Your calendar around one invite: what lies near it, and what collides with it.
public struct NearbyReport: Sendable {
    /// One occurrence of yours near the invite.
    public struct Entry: Sendable, Hashable {
        public var occurrence: Occurrence
        /// True when it intersects the invite and makes you busy.
        public var conflict: Bool
        /// How long it overlaps the invite, busy or not.
        public var overlap: TimeInterval
        /// True when it is shown as free (transparent, cancelled, declined).
        public var free: Bool { occurrence.free != nil }
    }

    /// The invite's own stretch of time, `[start, end)`.
    public var invite: DateInterval
    /// `[start − before, end + after)`.
    public var window: DateInterval
    /// Every nearby occurrence, sorted by start.
    public var entries: [Entry]

    public var conflicts: Int { entries.filter(\.conflict).count }
    public var nearbyOnly: Int { entries.count - conflicts }
}
