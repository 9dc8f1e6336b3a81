import Foundation

/// Finds the invitation inside an e-mail message (RFC 5322 with MIME).
///
/// Every `text/calendar`, `application/ics` or `.ics` part is read as iTIP; the Content-Type's
/// `method=` stands in for a VCALENDAR that names no METHOD; an invite carried twice (inline
/// and as an attachment, as Google and Outlook send it) is one invite.
public struct MailParser: Sendable {
    public var display: DisplayZone

    public init(display: DisplayZone) {
        self.display = display
    }

    public func parse(_ data: Data, file: String, warn: (String) -> Void = { _ in }) throws(IngestError) -> [Invite] {
        let parsed: MIMEMessage?
        do {
            parsed = try MIMEMessage.parse(MailParser.normalised(data))
        } catch {
            throw .unreadable(file: file, reason: error.description)
        }
        guard let message = parsed else {
            throw .notAnInvite(file: file, reason: "it is not an e-mail message GMime can read")
        }
        guard !message.calendarParts.isEmpty else {
            throw .notAnInvite(file: file, reason: "the e-mail has no text/calendar or .ics part")
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
