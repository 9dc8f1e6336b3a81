import Foundation
import InvitesFormats
import InvitesModel

/// The answer for the organizer's software, for the latest answer in the history.
package struct Reply: Sendable {
    package enum Kind: Sendable {
        /// An iTIP REPLY as iCalendar text.
        case iCalendar
        /// A whole RFC 5322 message around it.
        case mime
        /// The JSON answer a push-payload sender takes.
        case json
    }

    package var kind: Kind
    package var text: String
    /// Who it speaks as, for a reply to an organizer: the caller tells the user when it adds
    /// you as an attendee (``Signer/listed``); `nil` for a push sender's answer and a message
    /// read back from the outbox.
    package var signer: Signer?
    /// Who it goes to: the organizer's address; `nil` for a push sender's answer.
    package var recipient: String?
    /// Who gets a copy: the delegator of an invitation delegated to you (``DelegatorCopy``).
    package var copyTo: String?
    /// "Accepted: Title", for the mail and for `invites outbox`.
    package var subject: String
    /// The Message-ID of a whole e-mail (`mime`), without angle brackets.
    package var messageID: String?
    /// The history entries it carries, for the outbox to tell which waiting entries it takes
    /// along and which it leaves unsent.
    package var carriage = ReplyCarriage()

    /// Makes the reply. `history` is the invite's history, newest first.
    ///
    /// It reports where the invitation stands now: the series with your answer to it, each
    /// instance the organizer sent on its own with the answer it follows, and each instance you
    /// answered apart. Cancelled instances and answers an update put back to pending are left out.
    /// The latest comment made since the latest answer rides along; a comment before any answer
    /// goes alone, with the PARTSTAT you stand at (NEEDS-ACTION), as RFC 5546 §3.2.3 allows.
    /// `name` is how the From line and your ATTENDEE's CN name you (the `name` setting), else as
    /// the invitation did.
    package static func make(
        for stored: StoredInvite, history: [HistoryEntry], me: MyAddresses, name: String?, mime: Bool, now: Date,
        display: DisplayZone
    ) throws(ReplyError) -> Reply {
        // A proposal went in a COUNTER of its own, and the organizer's answer to it is theirs; a
        // REFRESH asks, and answers nothing.
        let history = history.filter { !AnswerAction.apart.contains($0.action) }
        let answerIndex = history.firstIndex { AnswerAction.answers.contains($0.action) }
        let latest = answerIndex ?? history.index(before: history.endIndex)
        let commented = history.isEmpty ? nil : history[...latest].first { $0.comment?.isEmpty == false }
        guard answerIndex != nil || commented != nil else { throw .noAnswer(handle: stored.handle) }
        let answer = answerIndex.map { history[$0].action }
        let comment = commented?.comment
        let invite = stored.invite
        let word = answer == .inProcess ? "in progress" : (answer ?? .commented).rawValue
        let verb = word.prefix(1).uppercased() + word.dropFirst()
        let subject = "\(verb): \(invite.title)"
        if invite.source == .push {
            if mime { throw .pushHasNoMail(handle: stored.handle) }
            var object: [String: Any] = ["response": answer?.rawValue ?? NSNull()]
            object["id"] = invite.senderID.map { Int($0).map { $0 as Any } ?? $0 } ?? NSNull()
            object["comment"] = comment ?? NSNull()
            let data =
                (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]))
                ?? Data()
            let answered = answerIndex.flatMap { history[$0].id }
            return Reply(
                kind: .json, text: String(decoding: data, as: UTF8.self) + "\n", recipient: nil, subject: subject,
                carriage: ReplyCarriage(answers: answered.map { [$0] } ?? [], comment: commented?.id))
        }
        guard invite.method != .publish else { throw .announcement(handle: stored.handle) }
        guard invite.method != .cancel else { throw .cancelled(handle: stored.handle) }
        guard let organizer = invite.organizer, let organizerEmail = organizer.email else {
            throw .noOrganizer(handle: stored.handle)
        }
        // Only a mail is refused: the iCalendar alone goes nowhere by itself.
        if mime, !MailAddress.isValid(organizerEmail) {
            throw .organizerAddressInvalid(handle: stored.handle, address: organizerEmail)
        }
        let answers = reported(stored, history: history, comment: commented)
        guard !answers.isEmpty else { throw .noAnswer(handle: stored.handle) }
        let carriage = ReplyCarriage.of(
            reported: answers.map { ($0.key, $0.action) }, history: history, seriesKey: invite.recurrenceID,
            comment: commented)
        guard let signer = Signer.of(invite, me: me, name: name) else { throw .noAddress }
        let address = signer.address
        let delegates = Delegation.standing(in: history)
        let progress = TaskProgress.standing(in: history)
        var percents: [String?: Int] = [:]
        for answer in answers where AnswerAction.taskReports.contains(answer.action) {
            percents[answer.key] = TaskProgress.report(for: answer.key, in: stored, standing: progress)?.percent
        }
        let calendar = ITIPComposer.reply(
            for: stored, answers: answers, me: address, name: signer.name, sentBy: signer.sentBy,
            delegates: delegates, percents: percents, now: now, display: display)
        guard mime else {
            return Reply(
                kind: .iCalendar, text: calendar, signer: signer, recipient: organizerEmail, subject: subject,
                carriage: carriage)
        }
        var body = "\(subject)\n"
        // The occurrences you answered apart; those the organizer sent follow the series' answer.
        for answer in answers where answer.key.flatMap({ stored.instance($0)?.answer }) != nil {
            let delegate = answer.action == .declined ? delegates[answer.key] : nil
            let word = delegate.map { "delegated to \($0)" } ?? answer.action.rawValue
            body += "  \(word): the occurrence \(answer.key ?? "")\n"
        }
        if let comment { body += "\n\(comment)\n" }
        let copy = DelegatorCopy.address(for: stored, me: me)
        if let copy { body += "\nA copy goes to \(copy), who delegated this invitation to you.\n" }
        let message: (text: String, messageID: String)
        do {
            message = try MIMEComposer.replyMessage(
                from: signer.mailbox.from, to: .init(name: organizer.name, email: organizerEmail),
                subject: subject, text: body, calendar: calendar, date: now, thread: invite.mail,
                sender: signer.mailbox.sender, copy: copy.map { .init(name: nil, email: $0) })
        } catch {
            throw .library(error)
        }
        return Reply(
            kind: .mime, text: message.text, signer: signer, recipient: organizerEmail, copyTo: copy,
            subject: subject, messageID: message.messageID, carriage: carriage)
    }

    /// The components a reply reports, each with the answer it stands at and the comment that
    /// goes with it (on the component the comment was made on, the series' on the first).
    static func reported(
        _ stored: StoredInvite, history: [HistoryEntry], comment: HistoryEntry?
    ) -> [(key: String?, action: AnswerAction, comment: String?)] {
        var keys: [String?] = []
        if stored.invite.recurrenceID == nil { keys.append(nil) }
        for instance in stored.instances where !instance.isCancelled {
            if instance.organizer != nil || instance.answer != nil { keys.append(instance.recurrenceID) }
        }
        var result: [(key: String?, action: AnswerAction, comment: String?)] = []
        // A task reported under way or done says so, where the inbox holds it accepted.
        let progress = TaskProgress.standing(in: history)
        for key in keys {
            var action = AnswerAction(stored.answer(for: key))
            guard AnswerAction.answers.contains(action) else { continue }
            if action == .accepted, let report = TaskProgress.report(for: key, in: stored, standing: progress) {
                action = report.action
            }
            result.append((key, action, nil))
        }
        if let comment, let text = comment.comment {
            // A comment goes on the component it was made on, reported at the answer it stands
            // at, even when nothing else about that component would be.
            if let target = result.firstIndex(where: { $0.key == comment.recurrenceID }) {
                result[target].comment = text
            } else {
                let key = comment.recurrenceID ?? stored.invite.recurrenceID
                var action = AnswerAction(stored.answer(for: key))
                if action == .accepted, let report = TaskProgress.report(for: key, in: stored, standing: progress) {
                    action = report.action
                }
                result.append((key, action, text))
            }
        }
        return result
    }
}
