import Foundation
import Testing

@testable import InvitesKit

/// A mail queued for an address no mail can carry (before addresses were checked) is refused
/// for good, never handed to the sendmail command.
@Suite struct MailTransportTests {
    func message(to recipient: String) -> OutboxMessage {
        OutboxMessage(
            id: 1, handle: "abcd", transport: .mail, recipient: recipient, subject: "Accepted: Budget",
            body: Data("To: \(recipient)\n\nhi\n".utf8), messageID: nil, state: .queued, createdAt: Date())
    }

    @Test("A bad recipient is refused and the command never runs")
    func aBadRecipientIsRefusedAndTheCommandNeverRuns() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mail-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let transport = MailTransport(command: ["/bin/sh", "-c", "mkdir -p '\(folder)' && cat > '\(folder)/m'"])
        let refused = transport.deliver(message(to: "olga\u{9B}@example.org"))
        #expect(
            refused
                == .refused(error: "\"olga<U+009B>@example.org\" is not an address a mail can be sent to (RFC 5322)"))
        #expect(!FileManager.default.fileExists(atPath: folder))
        #expect(transport.deliver(message(to: "olga@example.org")) == .sent)
        #expect(FileManager.default.fileExists(atPath: folder + "/m"))
    }
}
