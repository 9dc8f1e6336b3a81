/// Where an invitation that came by e-mail sits in its thread, so that the reply joins it:
/// mail clients and list archives thread by `In-Reply-To` and `References` (RFC 5322 §3.6.4).
package struct MailThread: Sendable, Hashable {
    /// The invitation mail's Message-ID, without the angle brackets.
    package var messageID: String
    /// Its References, oldest first, without the angle brackets.
    package var references: [String]

    /// How many earlier references a reply carries on: enough for any client to thread, few
    /// enough that a stranger's header of thousands cannot swell every reply.
    static let keptReferences = 20

    /// `nil` unless `messageID` is one a header can carry: a stranger's Message-ID is written
    /// into a header of the reply, so anything but printable ASCII without spaces or angle
    /// brackets is dropped rather than escaped.
    package init?(messageID: String, references: [String]) {
        guard MailThread.isUsable(messageID) else { return nil }
        self.messageID = messageID
        self.references = Array(references.filter(MailThread.isUsable).suffix(MailThread.keptReferences))
    }

    /// The `References:` a reply carries: the invitation's, then the invitation itself.
    package var replyReferences: [String] {
        Array((references.filter { $0 != messageID } + [messageID]).suffix(MailThread.keptReferences))
    }

    static func isUsable(_ identifier: String) -> Bool {
        !identifier.isEmpty && identifier.utf8.count <= 250
            && identifier.utf8.allSatisfy {
                $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "<") && $0 != UInt8(ascii: ">")
            }
    }
}
