import Foundation

/// What an answer did, as the history records it.
package enum AnswerAction: String, Sendable, Hashable, CaseIterable {
    case accepted
    case declined
    case tentative
    case commented
    case cancelled
    /// You proposed a new time (an iTIP COUNTER); the entry's start and end are the time proposed.
    case proposed
    /// The organizer declined your proposal (an iTIP DECLINECOUNTER); the comment is theirs.
    case proposalDeclined = "proposal-declined"
    /// You asked the organizer for the invitation as it stands (an iTIP REFRESH).
    case refreshed
    /// You forwarded the invitation to someone the organizer did not invite, and told the
    /// organizer (RFC 5546 §3.2.2.6).
    case forwarded
    /// You handed the invitation (or some occurrences) to a delegate: PARTSTAT=DELEGATED to the
    /// organizer, the REQUEST to them (RFC 5546 §4.2.5). Your own answer is recorded as a
    /// decline beside it, since you do not go.
    case delegated
    /// You report a task (a VTODO) under way: PARTSTAT=IN-PROCESS with how far along
    /// (``HistoryEntry/percent``), as RFC 5546 §3.4.3's REPLY does. You took the task on: the
    /// inbox holds it accepted.
    case inProcess = "in-process"
    /// You report a task done: PARTSTAT=COMPLETED, PERCENT-COMPLETE:100. Held accepted too.
    case completed
    /// Your delegate answered the organizer, and their REPLY reached you too (RFC 5546 §4.2.5):
    /// news on your delegation, the delegate in ``HistoryEntry/delegatedTo`` and their comment.
    case delegateAccepted = "delegate-accepted"
    case delegateDeclined = "delegate-declined"
    case delegateTentative = "delegate-tentative"

    /// The inbox status an answer leaves the invite in; a comment leaves it as it was.
    package var status: InviteStatus? {
        switch self {
        case .accepted, .inProcess, .completed: return .accepted
        case .declined: return .declined
        case .tentative: return .tentative
        case .cancelled: return .cancelled
        case .commented, .proposed, .proposalDeclined, .refreshed, .forwarded, .delegated, .delegateAccepted,
            .delegateDeclined, .delegateTentative:
            return nil
        }
    }

    /// The answer that leaves an invite in a status; `pending` and `announced` are no answers.
    package init(_ status: InviteStatus) {
        switch status {
        case .accepted: self = .accepted
        case .declined: self = .declined
        case .tentative: self = .tentative
        case .cancelled: self = .cancelled
        case .pending, .announced, .removed: self = .commented
        }
    }

    /// The answers proper, which a reply reports and a calendar copy carries.
    package static let answers: Set<AnswerAction> = [.accepted, .declined, .tentative, .inProcess, .completed]

    /// The answers only a task takes (`invites progress`, `invites done`).
    package static let taskReports: Set<AnswerAction> = [.inProcess, .completed]

    /// The entries whose messages go apart from the reply, each of its own kind (a COUNTER, the
    /// organizer's DECLINECOUNTER, a REFRESH, a forwarded REQUEST and its word to the organizer): a reply neither reports nor carries them.
    package static let apart: Set<AnswerAction> = [
        .proposed, .proposalDeclined, .refreshed, .forwarded, .delegated, .delegateAccepted, .delegateDeclined,
        .delegateTentative,
    ]

    /// Your delegate's answers, as their REPLY brought them to you.
    package static let delegateAnswers: Set<AnswerAction> = [.delegateAccepted, .delegateDeclined, .delegateTentative]

    /// The entry of your delegate's answer for their PARTSTAT; `nil` for any other (NEEDS-ACTION,
    /// DELEGATED on: no news of their going).
    package static func delegate(partstat: String) -> AnswerAction? {
        switch partstat.uppercased() {
        case "ACCEPTED": return .delegateAccepted
        case "DECLINED": return .delegateDeclined
        case "TENTATIVE": return .delegateTentative
        default: return nil
        }
    }

    /// What your delegate said, in a word: `accepted`, `declined`, `tentative`; `nil` for
    /// every other entry.
    package var delegateWord: String? {
        switch self {
        case .delegateAccepted: return "accepted"
        case .delegateDeclined: return "declined"
        case .delegateTentative: return "tentative"
        default: return nil
        }
    }

    /// The iCalendar PARTSTAT for an answer (RFC 5545 §3.2.12).
    package var partstat: String? {
        switch self {
        case .accepted: return "ACCEPTED"
        case .declined: return "DECLINED"
        case .tentative: return "TENTATIVE"
        case .inProcess: return "IN-PROCESS"
        case .completed: return "COMPLETED"
        case .commented, .cancelled, .proposed, .proposalDeclined, .refreshed, .forwarded, .delegated,
            .delegateAccepted, .delegateDeclined, .delegateTentative:
            return nil
        }
    }
}
