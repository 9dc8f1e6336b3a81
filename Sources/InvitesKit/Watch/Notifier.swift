import Foundation

/// Where `watch` tells of what arrived: the desktop's notification server, a command of the
/// user's, or nobody. The loop polls what a notifier waits on beside its own descriptors.
protocol Notifier: AnyObject {
    /// Tells of one event; the error says why it could not be told.
    func notify(_ event: WatchEvent, text: NotificationText) throws(WatchError)
    /// Confirms an answer given from a notification, in place of that notification.
    func confirm(handle: String, summary: String, body: String) throws(WatchError)
    /// The descriptors to poll for what the user does, and the longest wait in milliseconds.
    func descriptors() -> (descriptors: [pollfd], timeout: Int32)
    /// What the user did, after a poll over ``descriptors()``.
    func dispatch(_ polled: [pollfd]) -> [NotifierAction]
    /// Whether a notification with actions waits for an answer (`--once` waits for it).
    var waiting: Bool { get }
}

/// What the user did with a notification.
enum NotifierAction: Equatable {
    case answer(handle: String, action: AnswerAction)
    case show(handle: String)
    /// The notification server appeared (`true`) or went away.
    case server(present: Bool)
}
