import Foundation
import InvitesModel

/// Your calendar around one invite: what lies near it, and what collides with it.
package struct NearbyReport: Sendable {
    /// One occurrence of yours near the invite.
    package struct Entry: Sendable, Hashable {
        package var occurrence: Occurrence
        /// True when it intersects the invite and makes you busy.
        package var conflict: Bool
        /// How long it overlaps the invite, busy or not.
        package var overlap: TimeInterval
        /// True when it is shown as free (transparent, cancelled, declined).
        package var free: Bool { occurrence.free != nil }
    }

    /// The invite's own stretch of time, `[start, end)`.
    package var invite: DateInterval
    /// `[start − before, end + after)`.
    package var window: DateInterval
    /// Every nearby occurrence, sorted by start.
    package var entries: [Entry]

    package var conflicts: Int { entries.filter(\.conflict).count }
    package var nearbyOnly: Int { entries.count - conflicts }
}
