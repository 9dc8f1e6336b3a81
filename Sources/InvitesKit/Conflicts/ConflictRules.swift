import Foundation
import InvitesModel

/// What counts as nearby and as conflicting.
///
/// All intervals are half-open, so back-to-back events do not conflict and an event starting
/// exactly at the window's end is not nearby; a zero-length event counts where its instant falls.
package enum ConflictRules {
    /// Whether `[start, end)` meets `[lower, upper)`; a zero-length interval meets it when
    /// `lower ≤ start < upper`, and a zero-length `[lower, upper)` is met by whatever covers it.
    package static func intersects(_ start: Date, _ end: Date, _ lower: Date, _ upper: Date) -> Bool {
        if start == end { return lower <= start && (start < upper || (lower == upper && start == lower)) }
        if lower == upper { return start <= lower && lower < end }
        return start < upper && end > lower
    }

    /// Sorts the occurrences of your calendars into the report for an invite. Occurrences of the
    /// invite itself (same UID, e.g. once you accepted it) are left out: it never conflicts with
    /// itself.
    package static func report(
        inviteUID: String, invite: DateInterval, window: DateInterval, occurrences: [Occurrence]
    ) -> NearbyReport {
        let entries = occurrences.filter { occurrence in
            occurrence.uid != inviteUID
                && intersects(occurrence.start, occurrence.end, window.start, window.end)
        }.map { occurrence -> NearbyReport.Entry in
            let meets = intersects(occurrence.start, occurrence.end, invite.start, invite.end)
            let overlap = max(0, min(occurrence.end, invite.end).timeIntervalSince(max(occurrence.start, invite.start)))
            return NearbyReport.Entry(
                occurrence: occurrence, conflict: meets && occurrence.free == nil, overlap: meets ? overlap : 0)
        }
        return NearbyReport(invite: invite, window: window, entries: entries)
    }
}
