import Foundation
import InvitesFormats
import InvitesModel

extension InviteReader {
    /// The answers of the REPLYs in an input (an iTIP file or an e-mail) that ``read(_:file:warn:)``
    /// refused as one, for a delegator to find their delegate's among them
    /// (``DelegateReply``), and who sent it: the mail's From, `nil` for a bare file.
    package func replies(_ data: Data, file: String) throws(IngestError) -> (answers: [DelegateAnswer], sender: String?)
    {
        var parts: [(data: Data, method: String?)] = []
        var sender: String?
        switch InviteReader.kind(of: data) {
        case .iCalendar:
            parts = [(data, nil)]
        case .email:
            let message = try MailParser.message(data, file: file)
            parts = message.calendarParts.map { ($0.data, $0.method) }
            sender = message.from ?? ""
        default:
            break
        }
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
}
