import Foundation

/// Finds the invitation inside an e-mail message.
public struct MailParser: Sendable {
    public var display: DisplayZone

    public init(display: DisplayZone) {
        self.display = display
    }

    public func parse(_ data: Data, file: String) throws(IngestError) -> [Invite] {
        throw .notAnInvite(file: file, reason: "reading invitations from e-mail is not built yet")
    }
}
