/// Who tells the organizer of your answer: invites (its outbox) or your calendar server.
///
/// A server that does scheduling (RFC 6638: Google, Fastmail, iCloud, Nextcloud, Xandikos) sends
/// the REPLY itself when your copy of the event changes and the change reaches it; invites
/// sending one too would answer the organizer twice. The setting is per calendar.
package enum SchedulingMode: String, Sendable, Hashable, CaseIterable {
    /// `server` for an invitation whose calendar copy invites did not write (the server put it
    /// there), `client` otherwise; `SCHEDULE-AGENT=CLIENT` on your ATTENDEE means `client`.
    case auto
    /// The server replies; invites queues nothing.
    case server
    /// invites replies through its outbox, as for mailed invitations.
    case client

    /// Who replies to an invitation under this setting.
    ///
    /// - Parameters:
    ///   - foundInCalendar: whether the invitation's copy in the calendar was put there by
    ///     someone else (the server), not written by invites.
    ///   - clientAgent: whether your ATTENDEE carries `SCHEDULE-AGENT=CLIENT` (RFC 6638 §7.1),
    ///     which tells the server to leave scheduling to the client.
    /// - Returns: `server` or `client`, never `auto`.
    package func resolved(foundInCalendar: Bool, clientAgent: Bool) -> SchedulingMode {
        switch self {
        case .server, .client: return self
        case .auto: return foundInCalendar && !clientAgent ? .server : .client
        }
    }
}

/// The `scheduling` setting of each calendar: one mode for all, and any calendar's own.
package struct SchedulingPolicy: Sendable, Hashable {
    package var fallback: SchedulingMode
    /// By the calendar's path, without a trailing slash.
    package var byCalendar: [String: SchedulingMode]

    package init(fallback: SchedulingMode = .auto, byCalendar: [String: SchedulingMode] = [:]) {
        self.fallback = fallback
        self.byCalendar = Dictionary(
            byCalendar.map { (SchedulingPolicy.normalised($0.key), $0.value) }, uniquingKeysWith: { $1 })
    }

    /// The setting for one calendar.
    package func mode(for calendar: String) -> SchedulingMode {
        byCalendar[SchedulingPolicy.normalised(calendar)] ?? fallback
    }

    /// A path compared without a trailing slash, as `~/cal/` and `~/cal` name one folder.
    package static func normalised(_ path: String) -> String {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }
}
