import Foundation

/// The addresses that are you, for telling which ATTENDEE line is yours.
///
/// Compared case-insensitively with `mailto:` stripped, since producers write
/// `mailto:Ann@Example.org` and `MAILTO:ann@example.org` for the same person.
///
/// When you answer for someone (a secretary for a manager, a shared mailbox: the
/// `on_behalf_of` setting, or `--for`), their address is the ``principal``: one of ``all``, so
/// that their ATTENDEE line is the one answered and written, while your own addresses
/// (``own``) sign the reply as its `SENT-BY` (RFC 5545 §3.2.18).
package struct MyAddresses: Sendable, Hashable {
    package let all: Set<String>
    /// The address you answer for, in its comparable form; `nil` when you answer for yourself.
    package let principal: String?

    package init(_ addresses: [String], answeringFor principal: String? = nil) {
        let principal = principal.map(MyAddresses.normalise).flatMap { $0.isEmpty ? nil : $0 }
        var all = Set(addresses.map(MyAddresses.normalise).filter { !$0.isEmpty })
        if let principal { all.insert(principal) }
        self.all = all
        self.principal = principal
    }

    /// The same addresses, answering for `principal` (`nil`: for yourself).
    package func answering(for principal: String?) -> MyAddresses {
        MyAddresses(own, answeringFor: principal)
    }

    /// Your own addresses, sorted: all but the one you answer for.
    package var own: [String] { all.subtracting(principal.map { [$0] } ?? []).sorted() }

    /// Whether an ATTENDEE or ORGANIZER value names you.
    package func contains(_ address: String) -> Bool {
        all.contains(MyAddresses.normalise(address))
    }

    /// The comparable form of an address: no `mailto:`, no surrounding space, lower case.
    package static func normalise(_ address: String) -> String {
        var text = Substring(address.trimmingCharacters(in: .whitespacesAndNewlines))
        if text.lowercased().hasPrefix("mailto:") {
            text = text.dropFirst("mailto:".count)
        }
        return text.lowercased()
    }
}
