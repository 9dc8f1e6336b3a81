import Foundation
import InvitesFormats
import InvitesModel

extension InviteReader {
    /// The answers of the REPLYs in an input (an iTIP file or an e-mail) that ``read(_:file:warn:)``
    /// refused as one, for a delegator to find their delegate's among them
    /// (``DelegateReply``), and who sent it: the mail's From, `nil` for a bare file.
    package func replies(_ data: Data, file: String) throws(IngestError) -> (answers: [DelegateAnswer], sender: String?)
    {
        let (parts, sender) = try InviteReader.calendarParts(of: data, file: file)
        var found: [DelegateAnswer] = []
        for part in parts {
            guard let read = ReplyReader.read(part.data, display: display),
                (read.method ?? part.method?.uppercased()) == "REPLY"
            else { continue }
            found += read.answers
        }
        guard !found.isEmpty else { throw .notAnInvite(file: file, reason: "a REPLY that names no attendee") }
        return (found, sender)
    }

    /// The calendar parts of an input for an attendee's iTIP messages (an iTIP file, or each
    /// calendar part of an e-mail with its `method=`), and who sent it: the mail's From (empty
    /// when it names none), `nil` for a bare file.
    static func calendarParts(of data: Data, file: String) throws(IngestError) -> (
        parts: [(data: Data, method: String?)], sender: String?
    ) {
        switch InviteReader.kind(of: data) {
        case .iCalendar:
            return ([(data, nil)], nil)
        case .email:
            let message = try MailParser.message(data, file: file)
            return (message.calendarParts.map { ($0.data, $0.method) }, message.from ?? "")
        default:
            return ([], nil)
        }
    }
}
