import Foundation

/// Where a component of a task stands reported (`invites progress`, `invites done`): under way
/// and how far, or done, and since when. What its REPLY and your calendar's copy of it say.
package struct TaskReport: Sendable, Hashable {
    /// ``AnswerAction/inProcess`` or ``AnswerAction/completed``.
    package var action: AnswerAction
    /// PERCENT-COMPLETE: 0 to 100, 100 when done.
    package var percent: Int
    /// When it was reported.
    package var at: Date

    package init(action: AnswerAction, percent: Int, at: Date) {
        self.action = action
        self.percent = action == .completed ? 100 : min(max(percent, 0), 100)
        self.at = at
    }
}
