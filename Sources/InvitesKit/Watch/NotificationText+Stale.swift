import Foundation
import InvitesFormats
import InvitesModel

/// The short words of a notification that no longer matches its invitation: the one that
/// replaces it when the invitation was answered elsewhere, and the one that says an action
/// pressed on it was refused. Each says what happened and where, so that the user knows which
/// answer stands without opening a terminal.
extension NotificationText {
    /// `declined in the terminal`, `an occurrence accepted in your calendar`, `changed since
    /// this notification was shown`, `gone from your calendar`; with `already`, an answer is
    /// `already declined in the terminal`.
    static func drifted(_ drift: ShownInvitation.Drift, place: ShownInvitation.Place, already: Bool = false)
        -> String
    {
        switch drift {
        case .answered(let status, let occurrence):
            let location: String
            switch place {
            case .terminal: location = "in the terminal"
            case .calendar: location = "in your calendar"
            case .elsewhere: location = "elsewhere"
            }
            return (occurrence ? "an occurrence " : "") + (already ? "already " : "") + "\(status.rawValue) \(location)"
        case .changed: return "changed since this notification was shown"
        case .gone(let removed): return removed ? "gone from your calendar" : "no longer in the inbox"
        }
    }

    /// What replaces the notification of an invitation answered elsewhere: `declined in the
    /// terminal: Planning`, with no actions, so that none of its buttons answers it again.
    static func answeredElsewhere(title: String, drift: ShownInvitation.Drift, place: ShownInvitation.Place)
        -> (summary: String, body: String)
    {
        (fitted("\(drifted(drift, place: place)): \(Printable.title(title))"), "")
    }

    /// What says that `action`, pressed on a notification that no longer matches its
    /// invitation, was not done: `not accepted: Planning` over `already declined in the
    /// terminal; nothing changed`.
    static func refused(
        _ action: AnswerAction, title: String, drift: ShownInvitation.Drift, place: ShownInvitation.Place
    ) -> (summary: String, body: String) {
        (
            fitted("not \(action.rawValue): \(Printable.title(title))"),
            "\(drifted(drift, place: place, already: true)); nothing changed"
        )
    }
}
