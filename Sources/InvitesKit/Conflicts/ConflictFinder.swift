import Foundation

/// Puts an invite beside your calendars: the window around it, the occurrences in that window,
/// and which of them conflict.
public struct ConflictFinder: Sendable {
    public var query: CalendarQuery
    /// How far before the invite's start and after its end to look.
    public var before: TimeInterval
    public var after: TimeInterval

    public init(query: CalendarQuery, before: TimeInterval = 7_200, after: TimeInterval = 7_200) {
        self.query = query
        self.before = before
        self.after = after
    }

    /// The invite's stretch of time in the display zone: an all-day invite covers its dates from
    /// midnight to midnight there.
    public func interval(of invite: Invite) -> DateInterval {
        if let dates = invite.dates {
            let zone = query.display.timeZone
            return DateInterval(start: dates.first.midnight(in: zone), end: dates.endExclusive.midnight(in: zone))
        }
        return DateInterval(start: invite.start, end: max(invite.end, invite.start))
    }

    /// The report for one invite, with the warnings the calendars gave.
    public func report(for invite: Invite) throws(CalendarError) -> (NearbyReport, [CalendarWarning]) {
        let span = interval(of: invite)
        let window = DateInterval(start: span.start.addingTimeInterval(-before), end: span.end.addingTimeInterval(after))
        let found = try query.occurrences(in: window)
        let report = ConflictRules.report(
            inviteUID: invite.uid, invite: span, window: window, occurrences: found.occurrences)
        return (report, found.warnings)
    }
}
