import Foundation
import InvitesFormats
import InvitesModel

/// Puts an invite beside your calendars: the window around it, the occurrences in that window,
/// and which of them conflict.
package struct ConflictFinder {
    package var query: CalendarQuery
    /// How far before the invite's start and after its end to look, each at most
    /// ``longestMargin`` (a longer one is taken as that).
    package var before: TimeInterval
    package var after: TimeInterval

    /// The furthest `before` and `after` reach: a week. The CLI refuses more; here it is a
    /// clamp, so that no caller can make a window of years out of a typing slip.
    package static let longestMargin: TimeInterval = 7 * 86_400

    package init(query: CalendarQuery, before: TimeInterval = 7_200, after: TimeInterval = 7_200) {
        self.query = query
        self.before = before
        self.after = after
    }

    /// `margin` within `0...longestMargin`; not a number counts as none.
    private static func bounded(_ margin: TimeInterval) -> TimeInterval {
        margin.isNaN ? 0 : min(max(margin, 0), longestMargin)
    }

    /// The invite's stretch of time in the display zone: an all-day invite covers its dates from
    /// midnight to midnight there.
    package func interval(of invite: Invite) -> DateInterval {
        if let dates = invite.dates {
            let zone = query.display.timeZone
            return DateInterval(start: dates.first.midnight(in: zone), end: dates.endExclusive.midnight(in: zone))
        }
        return DateInterval(start: invite.start, end: max(invite.end, invite.start))
    }

    /// The report for one invite, with the warnings the calendars gave.
    package func report(for invite: Invite) throws(CalendarError) -> (NearbyReport, [CalendarWarning]) {
        let span = interval(of: invite)
        let window = DateInterval(
            start: span.start.addingTimeInterval(-ConflictFinder.bounded(before)),
            end: span.end.addingTimeInterval(ConflictFinder.bounded(after)))
        let found = try query.occurrences(in: window)
        let report = ConflictRules.report(
            inviteUID: invite.uid, invite: span, window: window, occurrences: found.occurrences)
        return (report, found.warnings)
    }

    /// A recurring invite checked over its next occurrences.
    package struct SeriesReport: Sendable {
        /// One report per occurrence checked, in time order; a single one for a one-off invite.
        package var reports: [NearbyReport]
        package var warnings: [CalendarWarning]
        /// The invite's own occurrence behind each report, where it recurs (empty for a one-off).
        package var occurrences: [Occurrence] = []

        /// How many of the occurrences checked conflict.
        package var conflicting: Int { reports.filter { $0.conflicts > 0 }.count }
        /// The occurrence to draw: the first that conflicts, else the first.
        package var shown: NearbyReport? { reports.first { $0.conflicts > 0 } ?? reports.first }
    }

    /// Checks each of the invite's next `horizon` occurrences from `now` (or, for a series that
    /// is over, its first ones); a one-off invite is checked once.
    package func series(for invite: Invite, horizon: Int, now: Date) throws(CalendarError) -> SeriesReport {
        let instances = occurrences(of: invite, horizon: horizon, now: now)
        guard instances.count > 1 else {
            let (report, warnings) = try report(for: invite)
            return SeriesReport(reports: [report], warnings: warnings)
        }
        var reports: [NearbyReport] = []
        var warnings: Set<CalendarWarning> = []
        for instance in instances {
            var single = invite
            single.start = instance.start
            single.end = instance.end
            single.dates = instance.dates
            var (report, found) = try report(for: single)
            // A cancelled instance is listed with the others, but nothing collides with it.
            if instance.free == .cancelled {
                for index in report.entries.indices { report.entries[index].conflict = false }
            }
            reports.append(report)
            warnings.formUnion(found)
        }
        return SeriesReport(
            reports: reports, warnings: warnings.sorted { ($0.path, $0.line) < ($1.path, $1.line) },
            occurrences: instances)
    }

    /// An invitation checked over its next occurrences as the organizer last sent them: moved
    /// instances at their new time, cancelled ones among them but free.
    package func series(for stored: StoredInvite, horizon: Int, now: Date) throws(CalendarError) -> SeriesReport {
        var invite = stored.invite
        guard invite.source != .push else { return try series(for: invite, horizon: horizon, now: now) }
        invite.raw = ITIPComposer.organizerCopy(of: stored, display: query.display)
        if !stored.instances.isEmpty { invite.recurrenceID = nil }
        return try series(for: invite, horizon: horizon, now: now)
    }

    /// The invite's own next occurrences, from the iCalendar it came in.
    package func occurrences(of invite: Invite, horizon: Int, now: Date) -> [Occurrence] {
        guard invite.source != .push, invite.recurrenceID == nil, horizon > 1 else { return [] }
        let years: TimeInterval = 5 * 366 * 86_400
        var found = query.occurrences(of: invite.raw, uid: invite.uid, in: DateInterval(start: now, duration: years))
            .filter { $0.end > now }
        if found.isEmpty {
            found = query.occurrences(
                of: invite.raw, uid: invite.uid, in: DateInterval(start: invite.start, duration: years))
        }
        return Array(found.prefix(horizon))
    }
}
