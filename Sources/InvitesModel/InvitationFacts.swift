import Foundation

/// What the pending test needs of an invitation, worked out once per version of it and kept by
/// the store, so that `status` and `list` ask SQL for the invitations that can still be
/// attended instead of expanding every series of an inbox of years on every call.
///
/// The facts are a bound, not the answer: an invitation ``overAfter`` a time is over whatever
/// the display zone, and one that is not yet is tested exactly, as before.
package struct InvitationFacts: Sendable, Hashable {
    /// Bumped when what is worked out changes: facts of an older version are worked out again.
    /// The store's `invites_awaiting` index (schema 14) names version 1; a new version needs a
    /// new index beside it, or `status` reads every row again (still rightly, only slower).
    package static let version = 1

    /// A time after which every occurrence has ended in every zone: the last end the series
    /// gives and the organizer's instances hold, plus a day for all-day and floating times.
    /// `nil` for a series without an end, or one too long to expand to its end.
    package var overAfter: Date?

    /// A time before which the invitation is not over in any zone, where `status` has found it:
    /// the end of a series' latest occurrence it expanded, less a margin for all-day and
    /// floating times, or the last time kept for a series without an end. `nil` while not known;
    /// facts of a new revision start without it.
    package var liveUntil: Date?

    /// Which filed change of the invitation (``StoredInvite/revision``) these facts are of.
    package var revision: Int

    package init(overAfter: Date?, revision: Int, liveUntil: Date? = nil) {
        self.overAfter = overAfter
        self.revision = revision
        self.liveUntil = liveUntil
    }
}
