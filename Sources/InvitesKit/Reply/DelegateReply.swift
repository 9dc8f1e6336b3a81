import Foundation
import InvitesFormats
import InvitesModel

/// Your delegate's REPLY, as it reaches you, the delegator (RFC 5546 §4.2.5: the delegate
/// answers the organizer, and the delegator is told): news on a delegation you made, filed on
/// the invitation you delegated, changing nothing else. Only the delegate you named may bring
/// it: any other REPLY (a UID the inbox does not hold, an attendee you did not delegate that
/// component to, a DELEGATED-FROM that is not you, a mail sent by somebody else than the
/// delegate) changes nothing, and is told why. These are the rules, as pure functions.
package enum DelegateReply {
    /// Why a REPLY is not your delegate's answer.
    package enum Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        /// No invitation of the UID in the inbox.
        case notInInbox(uid: String)
        /// No ATTENDEE in it names you in DELEGATED-FROM (a reply to a meeting of your own, or
        /// someone else's delegation): `attendee` is the first it names.
        case notDelegatedByYou(attendee: String)
        /// It names you, but you delegated that component to nobody, or to `delegate`.
        case notYourDelegate(attendee: String, delegate: String?)
        /// The mail came from `sender`, not from the delegate it speaks for.
        case notTheSender(sender: String, attendee: String)
        /// The delegate's PARTSTAT says nothing of their going (NEEDS-ACTION, DELEGATED on).
        case noAnswer(attendee: String, partstat: String)

        package var description: String {
            switch self {
            case .notInInbox(let uid):
                return "a REPLY for \(Printable.quoted(uid, limit: 60)), which is not in the inbox"
            case .notDelegatedByYou(let attendee):
                return "a REPLY from \(Printable.sanitize(attendee)), to whom you delegated nothing"
                    + " (no DELEGATED-FROM of yours): replies go to the organizer"
            case .notYourDelegate(let attendee, let delegate?):
                return "a REPLY from \(Printable.sanitize(attendee)) as your delegate, but you delegated it to "
                    + Printable.sanitize(delegate)
            case .notYourDelegate(let attendee, nil):
                return "a REPLY from \(Printable.sanitize(attendee)) as your delegate, but you did not delegate it"
            case .notTheSender(let sender, let attendee):
                return "a REPLY in the name of your delegate \(Printable.sanitize(attendee)), sent by "
                    + "\(Printable.sanitize(sender)): only the delegate's own answer is filed"
            case .noAnswer(let attendee, let partstat):
                return "a REPLY from your delegate \(Printable.sanitize(attendee)) that answers nothing (PARTSTAT "
                    + "\(Printable.quoted(partstat, limit: 20)))"
            }
        }
    }

    /// What your delegate's `answer` is on `stored` (whose history, newest first, is `history`):
    /// the entry's action, or why it is no such answer. `sender` is the mail's From (`nil` for a
    /// bare iCalendar file, which has none to check). A delegation of the series covers its
    /// occurrences.
    package static func judge(
        _ answer: DelegateAnswer, sender: String?, stored: StoredInvite?, history: [HistoryEntry], me: MyAddresses
    ) -> Result<AnswerAction, Refusal> {
        guard let stored, stored.invite.uid == answer.uid else { return .failure(.notInInbox(uid: answer.uid)) }
        guard answer.delegatedFrom.contains(where: me.contains) else {
            return .failure(.notDelegatedByYou(attendee: MyAddresses.normalise(answer.attendee)))
        }
        let attendee = MyAddresses.normalise(answer.attendee)
        let standing = Delegation.standing(in: history)
        let delegate = standing[answer.recurrenceID] ?? (answer.recurrenceID == nil ? nil : standing[nil])
        guard let delegate, MyAddresses.normalise(delegate) == attendee else {
            return .failure(.notYourDelegate(attendee: attendee, delegate: delegate))
        }
        if let sender, MyAddresses.normalise(sender) != attendee {
            return .failure(.notTheSender(sender: MyAddresses.normalise(sender), attendee: attendee))
        }
        guard let action = AnswerAction.delegate(partstat: answer.partstat) else {
            return .failure(.noAnswer(attendee: attendee, partstat: answer.partstat))
        }
        return .success(action)
    }

    /// The REPLY's answers that speak as your delegates (DELEGATED-FROM one of your addresses),
    /// or, when none does, the first (to say why it is not filed).
    package static func candidates(_ answers: [DelegateAnswer], me: MyAddresses) -> [DelegateAnswer] {
        let yours = answers.filter { $0.delegatedFrom.contains(where: me.contains) }
        return yours.isEmpty ? Array(answers.prefix(1)) : yours
    }

    /// What each standing delegate last said (`accepted`, `declined`, `tentative`), by the
    /// component delegated: the newest delegate's answer from the delegate the component stands
    /// delegated to, for that component or, for an occurrence, for the series. `history` is
    /// newest first and holds the answers and the delegate's answers.
    package static func news(in history: [HistoryEntry]) -> [String?: String] {
        let standing = Delegation.standing(in: history)
        var news: [String?: String] = [:]
        for (key, delegate) in standing {
            // Only what came since the delegation: an answer to an earlier one is not news of it.
            let since =
                history.firstIndex { AnswerAction.answers.contains($0.action) && $0.recurrenceID == key }
                ?? history.endIndex
            let said = history[..<since].first { entry in
                AnswerAction.delegateAnswers.contains(entry.action)
                    && (entry.recurrenceID == key || entry.recurrenceID == nil)
                    && entry.delegatedTo.map(MyAddresses.normalise) == MyAddresses.normalise(delegate)
            }
            news[key] = said?.action.delegateWord
        }
        return news
    }
}
