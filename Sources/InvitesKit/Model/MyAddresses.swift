import Foundation

/// The addresses that are you, for telling which ATTENDEE line is yours.
///
/// Compared case-insensitively with `mailto:` stripped, since producers write
/// `mailto:Ann@Example.org` and `MAILTO:ann@example.org` for the same person.
public struct MyAddresses: Sendable, Hashable {
    public let all: Set<String>

    public init(_ addresses: [String]) {
        all = Set(addresses.map(MyAddresses.normalise).filter { !$0.isEmpty })
    }

    /// Whether an ATTENDEE or ORGANIZER value names you.
    public func contains(_ address: String) -> Bool {
        all.contains(MyAddresses.normalise(address))
    }

    /// The comparable form of an address: no `mailto:`, no surrounding space, lower case.
    public static func normalise(_ address: String) -> String {
        var text = Substring(address.trimmingCharacters(in: .whitespacesAndNewlines))
        if text.lowercased().hasPrefix("mailto:") {
            text = text.dropFirst("mailto:".count)
        }
        return text.lowercased()
    }
}
