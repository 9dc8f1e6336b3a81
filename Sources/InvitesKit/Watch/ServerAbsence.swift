import Foundation

/// No notification server took the last call (none running, one the bus could not start, a
/// bus that refused): until when `watch` stops asking. Asking costs little when nothing owns
/// the name, but where a server is installed and cannot start (dunst with no display: an SSH
/// session, a CI machine) every call has the bus start it again, and fail; so the invitations
/// that arrive meanwhile are taken in and kept to be told, and the server is asked again when
/// its name appears on the bus (`NameOwnerChanged`) or ``retry`` after the failure.
struct ServerAbsence: Sendable, Equatable {
    /// How long after a failure the server is asked again, when its name did not appear.
    static let retry: TimeInterval = 60

    /// When the server last failed to take a call.
    var since: Date

    /// When to ask again.
    var retryAt: Date { since.addingTimeInterval(ServerAbsence.retry) }

    /// Whether the server may be asked at `now`: a minute after the failure, or at once when
    /// the clock was set back past it (a wait that would not end is worse than one more try).
    func allowsTry(at now: Date) -> Bool {
        now >= retryAt || now < since
    }
}
