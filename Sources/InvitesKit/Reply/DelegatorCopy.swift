import Foundation
import InvitesModel

/// The delegator's copy of your answer to an invitation delegated to you. RFC 5546 §4.2.5 has
/// the delegate's REPLY reach the delegator as well as the organizer ("the Delegate's REPLY ...
/// to the Organizer and the Delegator"), so that whoever sent you in their place learns whether
/// you go: your reply's mail carries the delegator in `Cc` (one message, sent and superseded as
/// one, so the delegator never hears an answer the organizer did not).
package enum DelegatorCopy {
    /// Whom the reply is copied to: the delegator your ATTENDEE's DELEGATED-FROM names, when it is
    /// a mail address and neither yours nor the organizer's; `nil` otherwise.
    package static func address(for stored: StoredInvite, me: MyAddresses) -> String? {
        let invite = stored.invite
        guard invite.source != .push,
            let delegator = invite.properties?.delegator(of: invite.attendees, me: me),
            MailAddress.isValid(delegator), !me.contains(delegator)
        else { return nil }
        if let organizer = invite.organizer?.email, MyAddresses([organizer]).contains(delegator) { return nil }
        return delegator
    }

    /// The addresses a queued mail is copied to, read from its `Cc` header as written: what the
    /// outbox and the history show is what goes. The header block is read up to its first blank
    /// line, 64 KiB at most.
    package static func copied(in message: Data) -> [String] {
        let head = message.prefix(65_536)
        let text = String(decoding: head, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        let header = text.components(separatedBy: "\n\n").first ?? ""
        let unfolded = header.replacingOccurrences(of: "\n ", with: " ").replacingOccurrences(of: "\n\t", with: " ")
        var addresses: [String] = []
        for line in unfolded.split(separator: "\n") where line.lowercased().hasPrefix("cc:") {
            for part in line.dropFirst(3).split(separator: ",") {
                var address = part.trimmingCharacters(in: .whitespaces)
                if let open = address.lastIndex(of: "<"), let close = address.lastIndex(of: ">"), open < close {
                    address = String(address[address.index(after: open)..<close])
                }
                if !address.isEmpty { addresses.append(address) }
            }
        }
        return addresses
    }
}
