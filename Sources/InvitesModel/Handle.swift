import Foundation

/// The short name a user types for an invitation: four characters of its UID's stable hash,
/// more on a clash.
///
/// The alphabet leaves out characters that read alike (0/o, 1/l/i), so a handle read off a
/// screen is typed right.
package enum Handle {
    package static let alphabet = Array("23456789abcdefghjkmnpqrstuvwxyz")

    /// How many characters of the hash a handle may take before it is numbered.
    package static let longest = 12

    /// The handles an invitation may take, in the order they are tried: the first 4 characters
    /// of its hash, then one more at a time up to ``longest``, then all of them numbered from 2
    /// on. Endless; whoever takes the first that is free stops after as many as there are
    /// invitations.
    package static func candidates(uid: String, recurrenceID: String?) -> some Sequence<String> {
        var hash = StableHash.fnv1a(Data((uid + "\u{0}" + (recurrenceID ?? "")).utf8))
        var digits: [Character] = []
        for _ in 0..<longest {
            digits.append(alphabet[Int(hash % UInt64(alphabet.count))])
            hash /= UInt64(alphabet.count)
        }
        let whole = String(digits)
        let prefixes = (4...longest).lazy.map { String(digits.prefix($0)) }
        let numbered = (2...).lazy.map { "\(whole)\($0)" }
        return [AnySequence(prefixes), AnySequence(numbered)].joined()
    }
}
