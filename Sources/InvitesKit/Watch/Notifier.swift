import Foundation
import InvitesModel

/// Where `watch` tells of what arrived: the desktop's notification server, a command of the
/// user's, or nobody. The loop polls what a notifier waits on beside its own descriptors.
protocol Notifier: AnyObject {
    /// Tells of one event; the error says why it could not be told. `shown` is the invitation
    /// as the store has it now, for a notification that offers answers to it.
    func notify(_ event: WatchEvent, text: NotificationText, shown: ShownInvitation?) throws(WatchError)
    /// Tells in one notification of the invitations already waiting at a start, its Show
    /// action (`Review`) handed on as ``NotifierAction/show(handle:)`` with an empty handle.
    func waiting(summary: String, body: String, count: Int) throws(WatchError)
    /// Confirms an answer given from a notification, in place of that notification.
    func confirm(handle: String, summary: String, body: String) throws(WatchError)
    /// Replaces the invitation's notification with a short one without actions: it no longer
    /// matches the invitation (answered elsewhere, or an action on it refused). What it was
    /// shown for is kept, so that an action still pressed on it is refused too.
    func withdraw(handle: String, summary: String, body: String) throws(WatchError)
    /// Takes the invitation's notification off the screen: the invitation is gone.
    func close(handle: String) throws(WatchError)
    /// The invitations whose notifications are up and offer answers, as each was shown: what
    /// the loop compares with the store when another `invites` wrote it.
    var followed: [ShownInvitation] { get }
    /// The descriptors to poll for what the user does, and the longest wait in milliseconds.
    func descriptors() -> (descriptors: [pollfd], timeout: Int32)
    /// What the user did, after a poll over ``descriptors()``.
    func dispatch(_ polled: [pollfd]) -> [NotifierAction]
    /// Whether a notification with actions waits for an answer (`--once` waits for it).
    var waiting: Bool { get }
}

/// What the user did with a notification.
enum NotifierAction: Equatable {
    /// An answer pressed, with what its notification was shown for (`nil`: nothing to check).
    case answer(handle: String, action: AnswerAction, shown: ShownInvitation?)
    /// Show pressed: `review` for the handle, or for every invitation waiting when it is empty
    /// (the notification of those waiting at a start).
    case show(handle: String)
    /// The notification server appeared (`true`) or went away.
    case server(present: Bool)
}
