/// Why an input was refused. Each case names the file and the place in it, so the message is
/// enough to find and fix the problem.
package enum IngestError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A required field is missing or empty; `place` is a JSON path or `line N`.
    case missingField(file: String, place: String, field: String)
    /// A field is present but cannot be understood.
    case invalidField(file: String, place: String, field: String, reason: String)
    /// `end` lies before `start`.
    case endBeforeStart(file: String, place: String)
    /// `aps.category` says the payload is not a calendar invite.
    case wrongCategory(file: String, place: String, category: String)
    /// The input is not JSON, iCalendar or an e-mail carrying an invite.
    case notAnInvite(file: String, reason: String)
    /// The file is an iTIP message for an organizer (REPLY, COUNTER, …), not an invitation.
    case notForAttendee(file: String, method: String)
    /// The input could not be read.
    case unreadable(file: String, reason: String)
    /// `--maildir` named a folder that is not a Maildir.
    case notAMaildir(path: String, reason: String)
    /// The file claims to change a meeting of another organizer (``ForeignUpdate``).
    case notTheOrganizer(file: String, refusal: ForeignUpdate)
    /// A REPLY that speaks as your delegate without being theirs (``DelegateReply``), or one
    /// that is no delegate's answer, given to `ingest`.
    case notYourDelegate(file: String, refusal: DelegateReply.Refusal)

    package var description: String {
        switch self {
        case .missingField(let file, let place, let field):
            return "\(file): \(place): missing or empty \"\(field)\""
        case .invalidField(let file, let place, let field, let reason):
            return "\(file): \(place): \"\(field)\" \(reason)"
        case .endBeforeStart(let file, let place):
            return "\(file): \(place): \"end\" is before \"start\""
        case .wrongCategory(let file, let place, let category):
            return
                "\(file): \(place): \"aps.category\" is \"\(category)\", not \"CalendarInvite\": not a calendar invite"
        case .notAnInvite(let file, let reason):
            return "\(file): not an invite: \(reason)"
        case .notForAttendee(let file, let method):
            return "\(file): this is an iTIP \(method), a message for the organizer, not an invitation"
        case .unreadable(let file, let reason):
            return "\(file): cannot read: \(reason)"
        case .notAMaildir(let path, let reason):
            return "\(path): not a Maildir: \(reason)"
        case .notTheOrganizer(let file, let refusal):
            return "\(file): \(refusal.description)"
        case .notYourDelegate(let file, let refusal):
            return "\(file): not filed: \(refusal.description); nothing changed"
        }
    }
}
