import Foundation
import InvitesFormats
import InvitesModel

/// Finds the invitation inside an e-mail message (RFC 5322 with MIME).
///
/// Every `text/calendar`, `application/ics` or `.ics` part is read as iTIP, or, where there is
/// none, Outlook's winmail.dat (TNEF) as the iTIP it stands for; the Content-Type's
/// `method=` stands in for a VCALENDAR that names no METHOD; an invite carried twice (inline
/// and as an attachment, as Google and Outlook send it) is one invite.
package struct MailParser: Sendable {
    package var display: DisplayZone

    package init(display: DisplayZone) {
        self.display = display
    }

    /// The invitations of every calendar part of a message, each once. A message with more
    /// MIME parts than ``MIMEPartLimit/mostParts``, or whose calendar parts hold more than
    /// ``ICalComponent/mostEvents`` VEVENTs together, is refused before libical reads any of them.
    package func parse(_ data: Data, file: String, warn: (String) -> Void = { _ in }) throws(IngestError) -> [Invite] {
        var message = try MailParser.message(data, file: file)
        if message.calendarParts.isEmpty, !message.tnefParts.isEmpty {
            message.calendarParts = try MailParser.tnefCalendarParts(message, file: file)
        }
        guard !message.calendarParts.isEmpty else {
            if message.exchangeMeeting { throw .notAnInvite(file: file, reason: MailParser.exchangeSilence) }
            throw .notAnInvite(file: file, reason: "the e-mail has no text/calendar, .ics or winmail.dat part")
        }
        let fromDomain = message.from.flatMap { $0.split(separator: "@").last.map(String.init) } ?? ""
        let origin = MailOrigin(
            from: message.from, sender: message.sender,
            failedChecks: message.authenticationResults.map {
                AuthenticationResults.failures(in: $0, fromDomain: fromDomain)
            } ?? [])
        var invites: [Invite] = []
        var seen = Set<String>()
        var firstError: IngestError?
        for part in message.calendarParts {
            do {
                let parser = ITIPParser(display: display)
                for invite in try parser.parse(
                    part.data, file: file, source: .email, fallbackMethod: part.method, warn: warn)
                {
                    var invite = invite
                    invite.mail = message.thread
                    invite.origin = origin
                    let key = invite.uid + "\u{0}" + (invite.recurrenceID ?? "")
                    if seen.insert(key).inserted { invites.append(invite) }
                }
            } catch {
                firstError = firstError ?? error
            }
        }
        if invites.isEmpty, let firstError { throw firstError }
        return invites
    }

    /// The message GMime reads from `data`, refused (as an input is) when GMime cannot read it,
    /// when it has too many parts for GMime to be given it, or when its calendar parts hold too
    /// many VEVENTs for libical to be given them.
    static func message(_ data: Data, file: String) throws(IngestError) -> MIMEMessage {
        let parsed: MIMEMessage?
        do {
            parsed = try MIMEMessage.parse(MailParser.normalised(data))
        } catch {
            switch error {
            case .library: throw .unreadable(file: file, reason: error.description)
            case .tooManyParts: throw .notAnInvite(file: file, reason: error.description)
            }
        }
        guard let parsed else { throw .notAnInvite(file: file, reason: "it is not an e-mail message GMime can read") }
        if eventCount(of: parsed.calendarParts) > ICalComponent.mostEvents {
            throw .notAnInvite(
                file: file,
                reason: "its calendar parts hold more than \(ICalComponent.mostEvents) VEVENTs together:"
                    + " no invitation needs that many")
        }
        return parsed
    }

    /// The VEVENTs of all `parts` together, counted at byte level as one part's are, up to one
    /// past ``ICalComponent/mostEvents``: the bound is on what one message may file, and twelve
    /// parts of 9,000 filed 108,000 invitations (20 s, 215 MB; every `status` after took 4 s).
    /// A part whose bytes an earlier part already had (the same invitation inline and attached,
    /// as Google and Outlook send it) is counted once, since it files nothing more.
    static func eventCount(of parts: [MIMEMessage.CalendarPart]) -> Int {
        var total = 0
        var counted = Set<Data>()
        for part in parts where counted.insert(part.data).inserted {
            total += part.data.withUnsafeBytes {
                ICalComponent.eventCount(in: $0, limit: ICalComponent.mostEvents - total)
            }
            if total > ICalComponent.mostEvents { break }
        }
        return total
    }

    /// Undoes two ways real messages are mangled before GMime sees them: blank lines or spaces
    /// before the first header, and old Mac line ends (a CR alone, even mixed with CRLF).
    static func normalised(_ data: Data) -> Data {
        var bytes = data[...]
        while let first = bytes.first, first == 0x20 || first == 0x09 || first == 0x0D || first == 0x0A {
            bytes = bytes.dropFirst()
        }
        var lone = false
        var previous: UInt8 = 0
        for byte in bytes {
            if previous == 0x0D, byte != 0x0A {
                lone = true
                break
            }
            previous = byte
        }
        guard lone || previous == 0x0D else { return Data(bytes) }
        var fixed = Data(capacity: bytes.count + bytes.count / 40)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            fixed.append(byte)
            let next = bytes.index(after: index)
            if byte == 0x0D, next == bytes.endIndex || bytes[next] != 0x0A { fixed.append(0x0A) }
            index = next
        }
        return fixed
    }
}
