import Foundation
import InvitesModel

/// Keeps the notifications that are up in step with the store: an invitation answered
/// elsewhere (`decline`, `review`, a mail client's key, your calendar) has its notification
/// withdrawn with words that say where, one changed by another `invites` is shown again as it
/// now is, one gone is closed; and an action pressed on a notification that no longer matches
/// its invitation is refused (``refusal(of:shown:store:)``).
///
/// How it learns of a change without a timer: the loop watches the store's files with inotify
/// (a commit writes the WAL, `IN_MODIFY`), and SQLite's `data_version` tells another process's
/// commit from `watch`'s own, so that its own ingesting reads no notification's invitation again.
/// A commit is written before it is flushed and published, so a write seen is looked at twice,
/// ``settle`` and ``again`` after it: a look that comes too early is followed by one that does
/// not. Nothing here is needed for soundness: an action is checked against the store when it
/// is pressed, whatever was noticed.
struct NotificationFollower {
    /// How soon after a write the store is looked at: a commit's frames are written together.
    static let settle: TimeInterval = 0.1
    /// When it is looked at once more, in case the first look came before the commit was
    /// flushed and published (synchronous commits wait for the disk).
    static let again: TimeInterval = 1

    /// `data_version` at the last look; `nil` before the first.
    private var version: Int?
    /// When to look next.
    private(set) var looks: [Date] = []

    /// A write into the store's files was seen at `now`.
    mutating func written(at now: Date) {
        looks = [
            now.addingTimeInterval(NotificationFollower.settle), now.addingTimeInterval(NotificationFollower.again),
        ]
    }

    /// When the loop must wake to look; `nil` when no look is due.
    var nextLook: Date? { looks.min() }

    /// Whether a look is due at `now`; the looks due are taken.
    mutating func due(at now: Date) -> Bool {
        let before = looks.count
        looks.removeAll { $0 <= now }
        return looks.count != before
    }

    /// What to do with a notification that no longer matches its invitation.
    enum Step: Equatable {
        /// The invitation changed (by another `invites`): show it again as it now is.
        case tellAgain(StoredInvite)
        /// Answered elsewhere: replace the notification with these words.
        case withdraw(handle: String, summary: String, body: String)
        /// Gone from the inbox or the calendar: take it off the screen.
        case takeDown(handle: String)
    }

    /// The steps that bring `followed` (the notifications up, as each was shown) in step with
    /// `store`. Unless `always`, nothing is read when no other process committed since the last
    /// look; `always` after `watch`'s own pass filed something (a calendar that changed under
    /// it is read by `watch` itself).
    mutating func steps(for followed: [ShownInvitation], store: InboxStore, always: Bool) throws -> [Step] {
        let now = try store.changesByOthers()
        let changed = now != version
        version = now
        guard changed || always, !followed.isEmpty else { return [] }
        let current = Dictionary(
            try store.invites(handles: followed.map(\.handle)).map { ($0.handle, $0) }, uniquingKeysWith: { a, _ in a })
        var steps: [Step] = []
        for shown in followed {
            let stored = current[shown.handle]
            guard let drift = shown.drift(to: stored) else { continue }
            switch drift {
            case .changed:
                if let stored { steps.append(.tellAgain(stored)) }
            case .gone:
                steps.append(.takeDown(handle: shown.handle))
            case .answered:
                guard let stored else { continue }
                let place = shown.place(of: stored, history: try store.history(handle: shown.handle))
                let words = NotificationText.answeredElsewhere(title: stored.invite.title, drift: drift, place: place)
                steps.append(.withdraw(handle: shown.handle, summary: words.summary, body: words.body))
            }
        }
        return steps
    }

    /// Whether `action` pressed on a notification shown as `shown` may go ahead: `nil` when the
    /// invitation is still as shown, else the words of the short notification that says it
    /// was refused (`not accepted: Planning`, `already declined in the terminal; nothing
    /// changed`).
    static func refusal(of action: AnswerAction, shown: ShownInvitation, store: InboxStore) throws
        -> (summary: String, body: String)?
    {
        let stored = try store.invites(handles: [shown.handle]).first
        guard let drift = shown.drift(to: stored) else { return nil }
        let place: ShownInvitation.Place
        if let stored, case .answered = drift {
            place = shown.place(of: stored, history: try store.history(handle: shown.handle))
        } else {
            place = .elsewhere
        }
        return NotificationText.refused(action, title: stored?.invite.title ?? shown.handle, drift: drift, place: place)
    }
}
