import Foundation
import InvitesFormats
import InvitesModel

extension IngestController {
    /// Files your delegate's REPLY on the invitation you delegated (RFC 5546 §4.2.5; the rules
    /// are ``DelegateReply``'s): one history entry per answer, nothing else changed. A REPLY that
    /// names no DELEGATED-FROM of yours is refused as a message for an organizer, as before; one
    /// that does but is not your delegate's answer is refused with the reason (exit 65), recording
    /// nothing. `quiet` (a Maildir pass) passes over, silently, the REPLYs that are no delegate's
    /// of yours at all and those for invitations the inbox does not hold, and still tells of one
    /// that speaks as your delegate without being them.
    package func fileDelegateReplies(_ data: Data, name: String, quiet: Bool = false, events: (Event) -> Void)
        throws
    {
        let (answers, sender) = try InviteReader(display: display).replies(data, file: name)
        var filed: [(DelegateAnswer, StoredInvite, AnswerAction)] = []
        for answer in DelegateReply.candidates(answers, me: me) {
            let stored = try store.find(uid: answer.uid)
            let history = try stored.map { try store.history(handle: $0.handle) } ?? []
            switch DelegateReply.judge(answer, sender: sender, stored: stored, history: history, me: me) {
            case .success(let action):
                if let stored { filed.append((answer, stored, action)) }
            case .failure(let refusal):
                // A REPLY that is no delegate's of yours is what it always was: a message for an
                // organizer (a reply to a meeting of your own).
                let yours = answer.delegatedFrom.contains(where: me.contains)
                switch refusal {
                case .notDelegatedByYou: throw IngestError.notForAttendee(file: name, method: "REPLY")
                case .notInInbox where quiet || !yours: throw IngestError.notForAttendee(file: name, method: "REPLY")
                case .notInInbox, .notYourDelegate, .notTheSender, .noAnswer:
                    throw IngestError.notYourDelegate(file: name, refusal: refusal)
                }
            }
        }
        // Judged whole before anything is recorded: a REPLY partly refused records nothing.
        for (answer, stored, action) in filed {
            let (start, end) = Refresh.time(of: stored, key: answer.recurrenceID)
            let entry = HistoryEntry(
                handle: stored.handle, uid: stored.invite.uid, recurrenceID: answer.recurrenceID,
                senderID: stored.invite.senderID, title: stored.invite.title, start: start, end: end,
                sequence: answer.sequence ?? stored.invite.sequence, dtstamp: answer.dtstamp, action: action,
                comment: answer.comment, at: clock(), delivery: .none,
                delegatedTo: MyAddresses.normalise(answer.attendee))
            let recorded = try store.recordDelegateAnswer(entry, for: stored)
            events(.delegateAnswered(stored: stored, entry: entry, already: recorded == nil))
        }
    }
}
