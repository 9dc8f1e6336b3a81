import Foundation

/// Why no reply can be made.
public enum ReplyError: Error, Equatable, Sendable, CustomStringConvertible {
    case noAnswer(handle: String)
    case noAddress
    case noOrganizer(handle: String)
    case announcement(handle: String)

    public var description: String {
        switch self {
        case .noAnswer(let handle):
            return "\(handle) has no answer yet: accept, decline or tentative first"
        case .noAddress:
            return "replying needs your address: give --me ADDR, set INVITES_ME, or put 'me = ADDR' in the config"
        case .noOrganizer(let handle):
            return "\(handle) names no ORGANIZER to reply to"
        case .announcement(let handle):
            return "\(handle) was published (METHOD:PUBLISH), not an invitation: it expects no reply"
        }
    }
}

/// The answer for the organizer's software, for the latest answer in the history.
public struct Reply: Sendable {
    public enum Kind: Sendable {
        /// An iTIP REPLY as iCalendar text.
        case iCalendar
        /// A whole RFC 5322 message around it.
        case mime
        /// The JSON answer a push-payload sender takes.
        case json
    }

    public var kind: Kind
    public var text: String
    /// Something the user should know, printed on standard error.
    public var notes: [String]

    /// Makes the reply. `history` is the invite's history, newest first.
    public static func make(
        for stored: StoredInvite, history: [HistoryEntry], me: MyAddresses, name: String?, mime: Bool, now: Date,
        display: DisplayZone
    ) throws(ReplyError) -> Reply {
        let answers: Set<AnswerAction> = [.accepted, .declined, .tentative]
        guard let index = history.firstIndex(where: { answers.contains($0.action) }) else {
            throw .noAnswer(handle: stored.handle)
        }
        let answer = history[index]
        let comment = history[...index].first { $0.comment?.isEmpty == false }?.comment
        let invite = stored.invite
        if invite.source == .push {
            var object: [String: Any] = ["response": answer.action.rawValue]
            object["id"] = invite.senderID.map { Int($0).map { $0 as Any } ?? $0 } ?? NSNull()
            object["comment"] = comment ?? NSNull()
            let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
            return Reply(
                kind: .json, text: String(decoding: data, as: UTF8.self) + "\n",
                notes: ["a push-payload invite has no organizer to mail; this is the answer to report against its id"])
        }
        guard invite.method != .publish else { throw .announcement(handle: stored.handle) }
        guard let organizer = invite.organizer, let organizerEmail = organizer.email else {
            throw .noOrganizer(handle: stored.handle)
        }
        var notes: [String] = []
        let listed = invite.attendees.first { me.contains($0.address) }
        guard let address = listed?.address ?? me.all.sorted().first else { throw .noAddress }
        if listed == nil {
            notes.append("you are not among the attendees (an invite to a list?); replying as an added attendee \(address)")
        }
        let calendar = ITIPComposer.reply(
            for: invite, action: answer.action, me: address, name: name ?? listed?.name, comment: comment, now: now,
            display: display)
        guard mime else { return Reply(kind: .iCalendar, text: calendar, notes: notes) }
        let verb = answer.action.rawValue.prefix(1).uppercased() + answer.action.rawValue.dropFirst()
        var body = "\(verb): \(invite.title)\n"
        if let comment { body += "\n\(comment)\n" }
        let message = MIMEComposer.replyMessage(
            from: .init(name: name ?? listed?.name, email: address),
            to: .init(name: organizer.name, email: organizerEmail),
            subject: "\(verb): \(invite.title)", text: body, calendar: calendar, date: now)
        return Reply(kind: .mime, text: message, notes: notes)
    }
}
