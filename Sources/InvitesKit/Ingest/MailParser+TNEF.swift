import Foundation
import InvitesFormats

extension MailParser {
    /// Why a mail Exchange marked as a meeting carries no invitation, and what makes Exchange
    /// send one: over IMAP, Exchange and Office 365 give a meeting request as a link into the
    /// mailbox unless the mailbox is told to give iCalendar.
    static let exchangeSilence =
        "Exchange marked it as a meeting but sent neither iCalendar nor winmail.dat, so the invitation stayed"
        + " in the Exchange mailbox; an administrator can make Exchange send it with"
        + " `Set-CASMailbox -Identity YOU -ImapForceICalForCalendarRetrievalOption $true`, or you can, in"
        + " Outlook on the web under Settings, Mail, Sync email, POP and IMAP, by choosing to present meeting"
        + " requests in iCalendar format rather than as Outlook links"

    /// The calendar parts a message's TNEF parts (winmail.dat) stand for: an Outlook meeting
    /// request or cancellation as the iTIP REQUEST or CANCEL Exchange would have written. A
    /// stream that cannot be read, or that is not a meeting (an answer, a task request, any
    /// other class), is refused with what it is; the first meeting found is taken.
    static func tnefCalendarParts(_ message: MIMEMessage, file: String) throws(IngestError) -> [MIMEMessage
        .CalendarPart]
    {
        var mail = OutlookMeeting.Mail()
        mail.from = message.from.map { OutlookMeeting.Person(address: $0) }
        mail.to = message.to.map { OutlookMeeting.Person(address: $0.address, name: $0.name) }
        mail.cc = message.cc.map { OutlookMeeting.Person(address: $0.address, name: $0.name, role: .optional) }
        var firstError: IngestError?
        for part in message.tnefParts {
            let stream: TNEFStream
            do {
                stream = try TNEFStream.read(Array(part))
            } catch {
                firstError = firstError ?? .notAnInvite(file: file, reason: "its winmail.dat cannot be read: \(error)")
                continue
            }
            switch OutlookMeeting.read(stream, mail: mail) {
            case .meeting(let meeting):
                return [
                    MIMEMessage.CalendarPart(
                        data: Data(meeting.iCalendar.utf8), method: meeting.cancelled ? "CANCEL" : "REQUEST",
                        contentType: "application/ms-tnef")
                ]
            case .refused(let reason):
                firstError = firstError ?? .notAnInvite(file: file, reason: reason)
            }
        }
        throw firstError ?? .notAnInvite(file: file, reason: "its winmail.dat holds nothing")
    }
}
