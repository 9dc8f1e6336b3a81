import Foundation
import InvitesFormats
import InvitesModel

/// Recognises an input by its content, not its name, and reads the invites in it.
package struct InviteReader: Sendable {
    package var display: DisplayZone

    package init(display: DisplayZone) {
        self.display = display
    }

    /// What an input looks like from its first bytes.
    package enum Kind: Sendable, Equatable {
        case json
        case iCalendar
        case email
        /// Outlook's winmail.dat (TNEF, [MS-OXTNEF]), saved from a mail.
        case tnef
    }

    /// Decides the kind from the first non-blank bytes: `{` or `[` is JSON, `BEGIN:VCALENDAR`
    /// is iCalendar, a header line (`Name: value`) is an e-mail; TNEF by its signature.
    package static func kind(of data: Data) -> Kind? {
        if data.starts(with: [0x78, 0x9F, 0x3E, 0x22]) { return .tnef }
        var bytes = data.prefix(4096)[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        bytes = bytes.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
        guard let first = bytes.first else { return nil }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") { return .json }
        let head = String(decoding: bytes.prefix(64), as: UTF8.self).uppercased()
        if head.hasPrefix("BEGIN:VCALENDAR") { return .iCalendar }
        let firstLine = bytes.prefix { $0 != 0x0A && $0 != 0x0D }
        if let colon = firstLine.firstIndex(of: UInt8(ascii: ":")), colon > firstLine.startIndex,
            firstLine[firstLine.startIndex..<colon].allSatisfy({ $0 > 0x20 && $0 < 0x7F })
        {
            return .email
        }
        if firstLine.starts(with: Array("From ".utf8)) { return .email }
        return nil
    }

    /// Every invite in one input; an input that holds none is an error. `warn` hears of parts
    /// that were dropped but did not stop the invite from being read.
    package func read(_ data: Data, file: String, warn: (String) -> Void = { _ in }) throws(IngestError) -> [Invite] {
        switch InviteReader.kind(of: data) {
        case .json:
            return try PushPayloadParser().parse(data, file: file)
        case .iCalendar:
            return try ITIPParser(display: display).parse(
                data, file: file, source: .itip, fallbackMethod: nil, warn: warn)
        case .email:
            return try MailParser(display: display).parse(data, file: file, warn: warn)
        case .tnef:
            var message = MIMEMessage(calendarParts: [], thread: nil)
            message.tnefParts = [data]
            var invites: [Invite] = []
            for part in try MailParser.tnefCalendarParts(message, file: file) {
                invites += try ITIPParser(display: display).parse(
                    part.data, file: file, source: .itip, fallbackMethod: part.method, warn: warn)
            }
            return invites
        case nil:
            throw .notAnInvite(
                file: file, reason: data.isEmpty ? "it is empty" : "it is neither JSON, iCalendar nor an e-mail")
        }
    }
}
