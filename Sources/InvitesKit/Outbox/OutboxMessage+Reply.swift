import Foundation

extension OutboxMessage {
    /// The message as `reply --mime` prints it: the bytes queued (or sent), so that what the
    /// user looks at is what the organizer gets, Date and Message-ID included.
    package var reply: Reply {
        Reply(
            kind: transport == .mail ? .mime : .json, text: String(decoding: body, as: UTF8.self),
            recipient: transport == .mail ? recipient : nil, subject: subject, messageID: messageID)
    }
}
