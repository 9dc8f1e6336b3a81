import Foundation

/// Why `watch` cannot start, or could not tell of something.
package enum WatchError: Error, Equatable, CustomStringConvertible {
    /// Another `watch` holds the store's lock; its pid when the lock file says it.
    case alreadyRunning(lock: String, pid: Int32?)
    /// The lock or the journal beside the store cannot be written.
    case unwritable(path: String, reason: String)
    /// No notification server takes a call on the session bus: none runs, one could not be
    /// started (a daemon installed with no display), the bus refused, or there is no bus.
    case noNotificationServer(reason: String)
    /// The notification server refused a call.
    case notificationFailed(reason: String)
    /// The `notify_command` could not run, or failed.
    case commandFailed(command: String, reason: String)
    /// An answer from a notification has nothing to answer with (no calendar to write to).
    case cannotAnswer(reason: String)

    package var description: String {
        switch self {
        case .alreadyRunning(let lock, let pid):
            let who = pid.map { "process \($0)" } ?? "another invites watch"
            return "\(who) is already watching this store (it holds \(lock)); one watch per store"
        case .unwritable(let path, let reason):
            return "cannot write \(path): \(reason)"
        case .noNotificationServer(let reason):
            return "no notification server on the session bus (\(reason)); invitations are still taken in, "
                + "and told when one appears (asked again in a minute)"
        case .notificationFailed(let reason):
            return "the notification server refused a notification: \(reason)"
        case .commandFailed(let command, let reason):
            return "notify_command \(command): \(reason)"
        case .cannotAnswer(let reason):
            return reason
        }
    }
}
